import type { ContentRequest } from '@clipmarket/contracts/content-requests';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import { limits, makeCard, makeFilledDraft, makeLine, makeRequest } from '../test-data';
import RequestEditorPage from './request-editor-page';

vi.mock('../../../lib/realtime', () => import('../../../test/realtime-mock'));

function LocationProbe() {
  const [pathname] = useLocation();
  const search = useSearch();
  return <output data-testid="location">{`${pathname}${search ? `?${search}` : ''}`}</output>;
}

function renderAt(path: string) {
  return renderWithProviders(
    <TestRouter location={path}>
      <Switch>
        <Route path="/request-content/:content_request_id">
          <RequestEditorPage />
        </Route>
        <Route></Route>
      </Switch>
      <LocationProbe />
    </TestRouter>,
  );
}

/** A server that keeps the draft: PATCH merges, GET answers what was saved. */
function draftApi(initial: ContentRequest) {
  let saved = initial;
  return mockApi({
    'GET /content-requests/limits': { body: { data: limits } },
    'GET /content-requests/42': () => ({ body: { data: saved } }),
    'PATCH /content-requests/42': (call: ApiCall) => {
      const body = call.body as Record<string, unknown>;
      saved = {
        ...saved,
        ...(body as Partial<ContentRequest>),
        delivery_date: (body.delivery_date as string | null) ?? null,
      };
      return { body: { data: saved } };
    },
  });
}

/** A draft whose dates are years ahead: the date rules of step 2 hold whenever this runs. */
const filledDraft = (overrides: Partial<ContentRequest> = {}) =>
  makeFilledDraft({
    delivery_date: '2036-12-20',
    delivery_deadline: '2036-12-20T11:30:00.000Z',
    publishing_deadline: '2036-12-24',
    ...overrides,
  });

describe('Content request, steps 2 and 3: info and script', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('refuses Next with required fields empty: the message and each field', async () => {
    const calls = draftApi(makeRequest());
    renderAt('/request-content/42');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Describe your video' }),
    ).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Steps of the request' })).toHaveTextContent(
      'Step 2 of 4: Fill info',
    );
    await userEvent.type(screen.getByRole('textbox', { name: /^Title/ }), 'Summer drink');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in the required fields.');
    expect(screen.getByRole('textbox', { name: /^Product name/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('textbox', { name: /^Title/ })).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    // Each field says which it is, in the words every other form uses.
    expect(screen.getByText('The product name field is required')).toBeVisible();
    expect(screen.getByText('The content type field is required')).toBeVisible();
    expect(screen.getByText('The delivery deadline field is required')).toBeVisible();
    expect(screen.getAllByText(/^The .+ field is required$/).length).toBeGreaterThanOrEqual(8);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('saves a half-filled draft, and shows it again when coming back', async () => {
    const calls = draftApi(makeRequest());
    const first = renderAt('/request-content/42');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Summer drink');
    await userEvent.click(screen.getByRole('radio', { name: '30 s' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'TikTok' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Request saved as draft successfully!')).toBeVisible();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      title: 'Summer drink',
      video_duration: 30,
      platforms: ['tiktok'],
      content_type: null,
      script: '',
    });
    first.unmount();

    renderAt('/request-content/42');
    expect(await screen.findByRole('textbox', { name: /^Title/ })).toHaveValue('Summer drink');
    expect(screen.getByRole('radio', { name: '30 s' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'TikTok' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Instagram' })).not.toBeChecked();
  });

  it('goes from a complete info to the script, then to the checkout', async () => {
    const calls = draftApi(filledDraft());
    renderAt('/request-content/42');
    expect(await screen.findByRole('textbox', { name: /^Product name/ })).toHaveValue(
      'Citrus fizz',
    );
    expect(screen.getByRole('img', { name: 'Product image 1' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Write the script' }),
    ).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent('/request-content/42?step=script');
    expect(calls.filter((call) => call.method === 'PATCH')[0]?.body).toMatchObject({
      product_image_file_ids: [5],
      delivery_date: '2036-12-20',
      delivery_slot: '12:30',
    });

    // Empty script: the spec message, nothing saved.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please fill in the script!');
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);

    await userEvent.type(screen.getByRole('textbox', { name: /^Script/ }), 'Open the can.');
    expect(screen.getByText('13 / 40 characters')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/request-content/42/payment'),
    );
    expect(calls.filter((call) => call.method === 'PATCH')[1]?.body).toMatchObject({
      script: 'Open the can.',
    });
  });

  it('marks a past delivery date and a publishing date before it on their fields', async () => {
    const calls = draftApi(filledDraft());
    renderAt('/request-content/42');
    const delivery = await screen.findByLabelText(/^Delivery deadline/);
    fireEvent.change(delivery, { target: { value: '2020-11-20' } });
    expect(delivery).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The delivery deadline must be in the future.')).toBeVisible();

    fireEvent.change(delivery, { target: { value: '2036-12-20' } });
    expect(delivery).not.toHaveAttribute('aria-invalid', 'true');
    const publishing = screen.getByLabelText(/^Publishing deadline/);
    fireEvent.change(publishing, { target: { value: '2036-12-19' } });
    expect(publishing).toHaveAttribute('aria-invalid', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The publishing date cannot be before the delivery date.',
    );
    expect(publishing).toHaveFocus();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('opens on the field the checkout refused, marked with its reason', async () => {
    draftApi(filledDraft({ delivery_date: '2020-11-27', title: '' }));
    renderAt('/request-content/42?field=delivery_date');
    const delivery = await screen.findByLabelText(/^Delivery deadline/);
    await waitFor(() => expect(delivery).toHaveFocus());
    expect(delivery).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The delivery deadline must be in the future.')).toBeVisible();
    // The other fields it refused are marked too.
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('stops the script at the maximum length and says so', async () => {
    draftApi(makeFilledDraft());
    renderAt('/request-content/42?step=script');
    const script = await screen.findByRole('textbox', { name: /^Script/ });
    // Typed in any language, it reads in its own direction.
    expect(script).toHaveAttribute('dir', 'auto');
    fireEvent.change(script, { target: { value: 'x'.repeat(55) } });
    expect(script).toHaveValue('x'.repeat(40));
    expect(screen.getByText('40 / 40 characters')).toBeVisible();
    expect(
      within(script.closest('.mantine-Textarea-root')!).getByText(
        'You have reached the maximum numbers of characters.',
      ),
    ).toBeVisible();
  });

  it('shows a sent request: each line, what was asked, no editing', async () => {
    mockApi({
      'GET /content-requests/limits': { body: { data: limits } },
      'GET /content-requests/42': {
        body: {
          data: makeFilledDraft({
            status: 'sent',
            script: 'Open the can, smile.',
            lines: [makeLine({ status: 'accepted', allowed_transitions: [] })],
          }),
        },
      },
      'POST /request/twinkling/seen': { body: { data: {} } },
    });
    renderAt('/request-content/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer drink' })).toBeVisible();
    const lines = screen.getByRole('list', { name: 'Creators' });
    expect(within(lines).getByText('sami.creates')).toBeVisible();
    expect(within(lines).getByText('Accepted')).toBeVisible();
    expect(screen.getByText('Open the can, smile.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save as draft' })).toBeNull();
    // Every creator answered yes: nothing to replace.
    expect(screen.queryByRole('heading', { name: 'Similar creators available' })).toBeNull();
  });

  it('shows the usage rights a sent request bought and what they add to each line', async () => {
    mockApi({
      'GET /content-requests/limits': { body: { data: limits } },
      'GET /content-requests/42': {
        body: {
          data: makeFilledDraft({
            status: 'sent',
            licence: {
              channels: ['organic', 'paid_ads'],
              duration: '90_days',
              territory: 'mena',
              exclusivity_days: 30,
            },
            lines: [
              makeLine({
                status: 'accepted',
                allowed_transitions: [],
                price: 130_000,
                licence_price: {
                  base_price: 100_000,
                  add_on_price: 30_000,
                  breakdown: [
                    { add_on: 'paid_ads', basis_points: 1_500, amount: 15_000 },
                    { add_on: '90_days', basis_points: 500, amount: 5_000 },
                    { add_on: 'mena', basis_points: 500, amount: 5_000 },
                    { add_on: 'exclusivity_30_days', basis_points: 500, amount: 5_000 },
                  ],
                },
              }),
              makeLine({
                content_request_influencer_id: 302,
                influencer_id: 2,
                influencer_name: 'lina.films',
                allowed_transitions: [],
                licence_price: { base_price: 90_000, add_on_price: 0, breakdown: [] },
              }),
              makeLine({
                content_request_influencer_id: 303,
                influencer_id: 3,
                influencer_name: 'yasmine.eats',
                allowed_transitions: [],
                licence_price: null,
              }),
            ],
          }),
        },
      },
      'POST /request/twinkling/seen': { body: { data: {} } },
    });
    renderAt('/request-content/42');
    const rights = await screen.findByRole('region', { name: 'Usage rights' });
    expect(rights).toHaveTextContent(
      'Usage rights: organic + paid ads, 90 days, MENA, 30-day exclusivity',
    );
    const lines = within(screen.getByRole('list', { name: 'Creators' })).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Usage rights: +30.000 TND');
    expect(lines[1]).toHaveTextContent('Usage rights: no surcharge');
    // A line sent before licences has no split of its price: nothing is said of it.
    expect(lines[2]).not.toHaveTextContent('Usage rights');
  });

  it('offers similar creators when one expired and one declined, and sends them the same brief', async () => {
    const sent = makeFilledDraft({
      status: 'sent',
      script: 'Open the can, smile.',
      lines: [
        makeLine({ status: 'expired', allowed_transitions: [] }),
        makeLine({
          content_request_influencer_id: 302,
          influencer_id: 2,
          influencer_name: 'lina.films',
          status: 'declined',
          reason: 'Travelling',
          allowed_transitions: [],
        }),
        makeLine({
          content_request_influencer_id: 303,
          influencer_id: 3,
          influencer_name: 'yasmine.eats',
          status: 'accepted',
          allowed_transitions: [],
        }),
      ],
    });
    const calls = mockApi({
      'GET /content-requests/limits': { body: { data: limits } },
      'GET /content-requests/42': { body: { data: sent } },
      'POST /request/twinkling/seen': { body: { data: {} } },
      'GET /content-requests/42/similar-creators': {
        body: { data: [makeCard(7, 'nour.cooks'), makeCard(8, 'amine.vlogs')] },
      },
      'POST /content-requests': {
        status: 201,
        body: { data: makeRequest({ content_request_id: 43 }) },
      },
      'GET /content-requests/43': { body: { data: makeRequest({ content_request_id: 43 }) } },
    });
    renderAt('/request-content/42');

    const section = await screen.findByRole('region', { name: 'Similar creators available' });
    const send = await within(section).findByRole('button', {
      name: 'Send them a new request (0)',
    });
    expect(send).toBeDisabled();

    await userEvent.click(await within(section).findByRole('checkbox', { name: 'nour.cooks' }));
    await userEvent.click(
      within(section).getByRole('button', { name: 'Send them a new request (1)' }),
    );

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/request-content/43'),
    );
    const post = calls.find((call) => call.method === 'POST' && call.path === '/content-requests');
    expect(post?.body).toEqual({
      influencer_ids: [7],
      title: 'Summer drink',
      content_type: 'product_demo',
      video_duration: 30,
      format: 'portrait',
      product_name: 'Citrus fizz',
      description: 'A sparkling lemon drink.',
      platforms: ['instagram'],
      product_image_file_ids: [5],
      script: 'Open the can, smile.',
    });
  });
});
