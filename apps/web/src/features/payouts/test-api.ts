import type { Role } from '@clipmarket/contracts/enums';
import type { AdminPayout, Payout } from '@clipmarket/contracts/payouts';
import { vi } from 'vitest';
import { makeMe } from '../../app/test-utils';

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
export type FakeAnswer = { status?: number; body?: unknown };

/**
 * A fake of the API for the payouts pages: the shell's calls for `role`, then `route` (by
 * method, path and query, which the shared `mockApi` does not see). Returns the calls made.
 */
export function installPayoutsApi(role: Role, route: (call: FakeCall) => FakeAnswer | undefined) {
  const calls: FakeCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: FakeCall = {
        method: (init?.method ?? 'GET').toUpperCase(),
        path: url.pathname.replace(/^\/v2/, ''),
        query: url.searchParams,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const answer =
        call.path === '/user/getMe'
          ? { body: { data: makeMe({ role }) } }
          : call.path === '/request/get_twinkling/list'
            ? { body: { data: {} } }
            : (route(call) ?? {
                status: 404,
                body: { error: { code: 'NOT_FOUND', message: 'Route not found' } },
              });
      return new Response(JSON.stringify(answer.body ?? {}), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export function makePayout(id: number, overrides: Partial<Payout> = {}): Payout {
  return {
    payout_id: id,
    amount: 120_000,
    status: 'pending',
    due_at: '2026-12-08T10:00:00.000Z',
    paid_at: null,
    reference: null,
    content_request_influencer_id: 40 + id,
    line_reference: `CR-0000${10 + id}-1`,
    title: `Request ${id}`,
    created_at: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

export function makeAdminPayout(
  id: number,
  overrides: Partial<Omit<AdminPayout, 'creator'>> & {
    creator?: Partial<AdminPayout['creator']>;
  } = {},
): AdminPayout {
  const { creator, ...rest } = overrides;
  return {
    ...makePayout(id),
    creator: {
      user_id: 500 + id,
      name: `Amira ${id}`,
      email: `amira${id}@example.tn`,
      payment_method: 'bank',
      account_number: '08006000123456789079',
      ...creator,
    },
    is_due: true,
    batch_id: null,
    ...rest,
  };
}
