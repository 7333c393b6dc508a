import type { Me } from '@clipmarket/contracts/users';
import { QueryClient } from '@tanstack/react-query';
import { act, configure, render } from '@testing-library/react';
import type { ComponentType, ReactNode } from 'react';
import { vi } from 'vitest';
import { meQueryKey } from '../lib/me';
import { storeTokens } from '../lib/session';
import { createTestLocation, TestRouter } from '../test/router';
import { AppRoutes } from './app-routes';
import { Providers } from './providers';
import type { RouteTable } from './routes';

/** Test-only helpers for the shell's tests: providers, routes, a fake API and users. */

// Lazy routes are transformed on first import in the test run: give them time.
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export function renderWithProviders(ui: ReactNode, queryClient = createTestQueryClient()) {
  return {
    queryClient,
    ...render(
      <Providers env="test" queryClient={queryClient}>
        {ui}
      </Providers>,
    ),
  };
}

/** The app's route table on `path`; `location` tells where the app navigated since. */
export function renderRoutes(routes: RouteTable, path: string) {
  const location = createTestLocation(path);
  const rendered = renderWithProviders(
    <TestRouter location={location}>
      <AppRoutes routes={routes} />
    </TestRouter>,
  );
  return { location, ...rendered };
}

/**
 * Pages at their paths (wouter's syntax), each rendered as the app renders a page (its error
 * boundary and loader) but without the signed-in frame; any other path renders nothing.
 */
export function pagesOnly(pages: Record<string, ComponentType>): RouteTable {
  return {
    bare: [
      ...Object.entries(pages).map(([path, Page]) => ({ path, Page })),
      { path: '*', Page: () => null },
    ],
    shell: [],
  };
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}
type Handler = (call: ApiCall) => { status?: number; body?: unknown } | undefined;

/**
 * Replaces fetch: `routes` maps "GET /user/getMe" (path without /v2 and query) to the
 * answer. Unknown calls answer 404 so a test never hangs. Returns the recorded calls.
 */
export function mockApi(routes: Record<string, Handler | { status?: number; body?: unknown }>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/v2/, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path, body, headers: { ...(init?.headers as Record<string, string>) } };
    calls.push(call);
    const route = routes[`${method} ${path}`];
    const answer = typeof route === 'function' ? route(call) : route;
    const status = answer?.status ?? (answer ? 200 : 404);
    const payload =
      answer?.body ?? (answer ? {} : { error: { code: 'NOT_FOUND', message: 'Route not found' } });
    return new Response(JSON.stringify(payload), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export function signIn() {
  storeTokens({ accessToken: 'test.access.token', refreshToken: 'refresh-token' });
}

export function makeMe(overrides: Partial<Me> = {}): Me {
  const role = overrides.role ?? 'TALENT';
  const isCreator = role === 'TALENT';
  return {
    user_id: 1,
    user_email: { email: 'someone@test.clipmarket.tn' },
    role,
    rules: [{ action: 'read', subject: 'Home' }],
    isVisitor: false,
    isLegacy: false,
    redirection: null,
    is_verified: true,
    is_completed: 1,
    is_validated: true,
    profile_efile_id: null,
    efile: null,
    created_at: '2025-01-01T00:00:00.000Z',
    fullname: isCreator ? 'Sami Creator' : 'Brandy',
    language: 'en',
    advertiser_id: isCreator ? null : 7,
    advertiser: null,
    influencer: isCreator
      ? {
          influencer_id: 3,
          first_name: 'Sami',
          last_name: 'Ben Ali',
          influencer_name: 'sami.creates',
          ig_username: 'sami.creates',
          tiktok_username: null,
          phone: null,
          phone_prefix: null,
          is_show_media_kit: false,
          allow_notifications: 'Y',
          allow_emails: 'Y',
          age_intervale: '18-25',
          gender: 'M',
          country: 'TN',
          country_of_origin: 'TN',
          city: 'Tunis',
          domiciliation_address: null,
          cin: null,
          cin_efile_id: null,
          payment_method: 'bank',
          card_number: null,
          card_number_d17: null,
          influencer_bio: null,
          categories: [],
          specializations: [],
        }
      : null,
    cin_efile: null,
    validation:
      role === 'TALENT'
        ? { state: 'validated', rejection_reason: null, allowed_transitions: [] }
        : null,
    ...overrides,
  } as Me;
}

/**
 * A brand whose settings lack what paying needs (no cities, picture or company details), and
 * the API's answer naming those fields (`LEGAL_INFO_REQUIRED`), for the checkout pages' tests.
 */
export function brandWithoutLegalInfo(): Me {
  const advertiser = {
    advertiser_id: 7,
    name: 'Brandy',
    first_name: 'Amine',
    last_name: 'Trabelsi',
    phone: '71123456',
    phone_prefix: '+216',
    allow_notifications: 'Y',
    allow_emails: 'Y',
    account_validity_from: null,
    account_validity_to: null,
    search_count: 0,
    max_search_count: 10,
    free_trial_expire_date: null,
    country: 'TN',
    cities: [],
    website_url: null,
    business_sector_id: 3,
    campany_name: null,
    tax_registration_number: null,
    domiciliation_address: null,
    phone_campany: null,
    phone_campany_prefix: null,
    notification_preference: 'allways',
  } satisfies Me['advertiser'];
  return makeMe({ role: 'BRAND', is_completed: 0, advertiser });
}

/**
 * The settings of `brandWithoutLegalInfo()` saved in two steps, as the settings form would:
 * first the profile only (cities and picture), then the company details too.
 */
export function saveBrandSettings(queryClient: QueryClient, brand: Me) {
  const saved = (changes: Partial<NonNullable<Me['advertiser']>>) =>
    act(() => {
      queryClient.setQueryData(meQueryKey, {
        ...brand,
        profile_efile_id: 5,
        advertiser: { ...brand.advertiser!, ...changes },
      });
    });
  return {
    profileOnly: () => saved({ cities: ['Tunis'] }),
    legalInfoToo: () =>
      saved({
        cities: ['Tunis'],
        campany_name: 'Brandy SARL',
        tax_registration_number: '1234567A/A/M/000',
        domiciliation_address: '12 rue de Marseille',
        phone_campany: '71000000',
        phone_campany_prefix: '+216',
      }),
  };
}

export const legalInfoRequiredAnswer = {
  status: 409,
  body: {
    error: {
      code: 'LEGAL_INFO_REQUIRED',
      message: 'Please complete your account settings before paying.',
      fields: ['cities', 'profile_efile_id', 'campany_name', 'phone_campany'].map((field) => ({
        field,
        message: `The ${field} field is required`,
      })),
    },
  },
};
