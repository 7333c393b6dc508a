import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emitRealtime } from '../../../test/realtime-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import { makeLine, makeOpportunityLine } from '../../../test/creator-lines';
import LineDetailsPage from './line-details-page';

vi.mock('../../../lib/realtime', () => import('../../../test/realtime-mock'));

function renderAt(path: string) {
  return renderRoutes(
    pagesOnly({
      '/make-content/:content_request_influencer_id': LineDetailsPage,
      '/track-content/:content_opportunity_influencer_id': LineDetailsPage,
    }),
    path,
  );
}

const transitionsOf = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path.endsWith('/transitions'));

const refusal = (code: string) => ({
  status: 409,
  body: { error: { code, message: code } },
});

describe('Request details (creator)', () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the request: advertiser, video, deadlines, price, script, images and the stepper', async () => {
    mockApi({ 'GET /content-request-influencers/41': { body: { data: makeLine() } } });
    renderAt('/make-content/41');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ramadan yoghurt launch' }),
    ).toBeVisible();
    expect(screen.getByText('Request CR-000012-1')).toBeVisible();
    expect(screen.getByText('From Délice Danone')).toBeVisible();
    expect(screen.getAllByText('Funds secured')[0]).toBeVisible();
    expect(screen.getByText(/^Answer by .+ \(in 2 days\)$/)).toBeVisible();

    const about = screen.getByRole('region', { name: 'About the video' });
    // The content type is translated (pages:contentTypes), from its key.
    expect(within(about).getByText('Product demo')).toBeVisible();
    expect(within(about).getByText('30 s')).toBeVisible();
    expect(within(about).getByText('Portrait (9:16)')).toBeVisible();
    expect(within(about).getByText('Instagram, TikTok')).toBeVisible();
    expect(within(about).getByText('Danette Vanilla')).toBeVisible();
    // Written by the advertiser in any language: each reads in its own direction (in Arabic,
    // an English description kept its full stop at its end).
    expect(within(about).getByText('Show the new recipe at the family table.')).toHaveAttribute(
      'dir',
      'auto',
    );

    const deadlines = screen.getByRole('region', { name: 'Deadlines' });
    expect(within(deadlines).getByText(/10 Dec 2026.*12:30/)).toBeVisible();
    expect(within(deadlines).getByText('15 Dec 2026')).toBeVisible();
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('350.000 TND')).toBeVisible();

    const script = screen.getByRole('region', { name: 'Script' });
    const scriptText = within(script).getByText(/Scene 1: the fridge opens\./);
    expect(scriptText.textContent).toBe(
      'Scene 1: the fridge opens.\n\nScene 2: everyone tastes it.',
    );
    expect(scriptText).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(scriptText).toHaveAttribute('dir', 'auto');

    // Product images: thumbnails that open larger.
    await userEvent.click(within(about).getByRole('button', { name: 'Enlarge product image 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Product image 2' });
    expect(within(dialog).getByRole('img', { name: 'Product image 2' })).toHaveAttribute(
      'src',
      '/media/public/6.webp',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Spec §1 request stepper: a new request is at its first step.
    const stepper = screen.getByRole('region', { name: 'Progress of the request' });
    const steps = within(stepper).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '1/4 · current stepContent Request Details',
      '2/4Upload your content',
      '3/4Wait for review',
      '4/4Get paid for your work',
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
    expect(steps.filter((step) => step.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('accepts after a confirmation, then shows the new state and the next step', async () => {
    let line = makeLine();
    const calls = mockApi({
      'GET /content-request-influencers/41': () => ({ body: { data: line } }),
      'POST /content-request-influencers/41/transitions': () => {
        line = makeLine({ status: 'accepted', allowed_transitions: [], answer_by: null });
        return { body: { data: line } };
      },
    });
    renderAt('/make-content/41');
    const answer = await screen.findByRole('region', { name: 'Your answer' });
    await userEvent.click(within(answer).getByRole('button', { name: 'Accept' }));
    const confirm = await screen.findByRole('dialog', { name: 'Accept this request?' });
    expect(confirm).toHaveTextContent(
      /deliver the video before 10 Dec 2026.*12:30 for 350\.000 TND/,
    );
    expect(transitionsOf(calls)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes, accept' }));

    expect(
      await screen.findByText('Request accepted! You can start making your content.'),
    ).toBeVisible();
    expect(transitionsOf(calls).map((call) => call.body)).toEqual([{ transition: 'accept' }]);
    expect(screen.queryByRole('region', { name: 'Your answer' })).toBeNull();
    expect(screen.getByText('Accepted')).toBeVisible();
    expect(
      screen.getByText(/You accepted this request\. Film the video and upload it/),
    ).toBeVisible();
    const stepper = screen.getByRole('region', { name: 'Progress of the request' });
    expect(within(stepper).getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'step');
  });

  it('declines only with a reason: a quick pick fills it, and it can be edited', async () => {
    const calls = mockApi({
      'GET /content-request-influencers/41': { body: { data: makeLine() } },
      'POST /content-request-influencers/41/transitions': (call) => ({
        body: {
          data: makeLine({
            status: 'declined',
            allowed_transitions: [],
            answer_by: null,
            reason: (call.body as { reason: string }).reason,
          }),
        },
      }),
    });
    renderAt('/make-content/41');
    const answer = await screen.findByRole('region', { name: 'Your answer' });
    await userEvent.click(within(answer).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this request' });
    const submit = within(dialog).getByRole('button', { name: 'Decline the request' });

    // Nothing is sent without a reason (spaces are no reason).
    await userEvent.click(submit);
    expect(await within(dialog).findByText('Please give a reason.')).toBeVisible();
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(reason, '   ');
    await userEvent.click(submit);
    expect(within(dialog).getByText('Please give a reason.')).toBeVisible();
    expect(transitionsOf(calls)).toHaveLength(0);

    const quick = within(dialog).getByRole('group', { name: 'Quick reasons' });
    expect(
      within(quick)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'Not available on these dates',
      'The deadline is too short',
      'Not my kind of content',
      'The price is too low',
    ]);
    await userEvent.click(within(quick).getByRole('button', { name: 'The deadline is too short' }));
    expect(reason).toHaveValue('The deadline is too short');
    await userEvent.type(reason, ': two days would do.');
    await userEvent.click(submit);

    expect(
      await screen.findByText('Request declined. The advertiser has been told.'),
    ).toBeVisible();
    expect(transitionsOf(calls).map((call) => call.body)).toEqual([
      { transition: 'decline', reason: 'The deadline is too short: two days would do.' },
    ]);
    expect(screen.getByText('You declined this request.')).toBeVisible();
    expect(
      screen.getByText('Reason given: The deadline is too short: two days would do.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('says why accepting is refused without financial info, and opens the settings there', async () => {
    mockApi({
      'GET /content-request-influencers/41': { body: { data: makeLine() } },
      'POST /content-request-influencers/41/transitions': refusal('FINANCIAL_INFO_REQUIRED'),
    });
    const { location } = renderAt('/make-content/41');
    const answer = await screen.findByRole('region', { name: 'Your answer' });
    await userEvent.click(within(answer).getByRole('button', { name: 'Accept' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, accept' }));

    const alert = await within(answer).findByRole('alert');
    expect(alert).toHaveTextContent(/complete your financial info/);
    // The request is still there to accept once done.
    expect(within(answer).getByRole('button', { name: 'Accept' })).toBeVisible();
    await userEvent.click(
      within(alert).getByRole('button', { name: 'Complete my financial info' }),
    );
    // The shell opens the account settings on this tab from `?settings=`.
    await waitFor(() => expect(location.search).toBe('?settings=financial-infos'));
    expect(location.pathname).toBe('/make-content/41');
  });

  it('says so when the account is not validated yet', async () => {
    mockApi({
      'GET /content-request-influencers/41': { body: { data: makeLine() } },
      'POST /content-request-influencers/41/transitions': refusal('ACCOUNT_NOT_VALIDATED'),
    });
    renderAt('/make-content/41');
    const answer = await screen.findByRole('region', { name: 'Your answer' });
    await userEvent.click(within(answer).getByRole('button', { name: 'Accept' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, accept' }));
    expect(await within(answer).findByRole('alert')).toHaveTextContent(
      /Your account is not validated yet/,
    );
  });

  it('tells an expired request apart: no answer offered', async () => {
    mockApi({
      'GET /content-request-influencers/41': {
        body: {
          data: makeLine({ status: 'expired', allowed_transitions: [], answer_by: null }),
        },
      },
    });
    renderAt('/make-content/41');
    expect(
      await screen.findByText('This request has expired: it can no longer be answered.'),
    ).toBeVisible();
    expect(screen.getByText('Expired')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Your answer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByText(/Answer by/)).toBeNull();
  });

  it('shows a declined request without the stepper nor a payment to come', async () => {
    mockApi({
      'GET /content-request-influencers/41': {
        body: {
          data: makeLine({
            status: 'declined',
            allowed_transitions: [],
            answer_by: null,
            funds_secured: false,
            reason: 'The deadline is too short',
          }),
        },
      },
    });
    renderAt('/make-content/41');
    expect(await screen.findByText('You declined this request.')).toBeVisible();
    expect(screen.getByText(/The deadline is too short/)).toBeVisible();
    // What was asked stays readable; nothing says the work or its payment is ahead.
    expect(screen.getByRole('region', { name: 'About the video' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Progress of the request' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Payment' })).toBeNull();
    expect(screen.queryByText('Paid once the advertiser approves your video.')).toBeNull();
  });

  it('shows where the request stands when it moved on before the answer', async () => {
    let line = makeLine();
    mockApi({
      'GET /content-request-influencers/41': () => ({ body: { data: line } }),
      'POST /content-request-influencers/41/transitions': () => {
        line = makeLine({ status: 'expired', allowed_transitions: [], answer_by: null });
        return refusal('INVALID_TRANSITION');
      },
    });
    renderAt('/make-content/41');
    const answer = await screen.findByRole('region', { name: 'Your answer' });
    await userEvent.click(within(answer).getByRole('button', { name: 'Accept' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, accept' }));
    expect(
      await screen.findByText('This request has expired: it can no longer be answered.'),
    ).toBeVisible();
    expect(
      screen.getByText('This request changed in the meantime: the page shows where it stands now.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('refreshes when a notification arrives (e.g. the advertiser cancelled)', async () => {
    let line = makeLine();
    mockApi({ 'GET /content-request-influencers/41': () => ({ body: { data: line } }) });
    renderAt('/make-content/41');
    await screen.findByRole('region', { name: 'Your answer' });
    line = makeLine({ status: 'cancelled', allowed_transitions: [], answer_by: null });
    act(() => emitRealtime('new_notification', { notification_hash: 'h' }));
    expect(await screen.findByText('The advertiser cancelled this request.')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Your answer' })).toBeNull();
  });

  it.each(['/make-content/999', '/make-content/abc'])(
    'shows the not-found page for %s (another creator’s or no request)',
    async (path) => {
      // React and the router log the thrown 404 on their way to the error element.
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      mockApi({});
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    },
  );

  it('shows the line of an approved application under Track Content, and leads back there', async () => {
    const calls = mockApi({
      'GET /content-request-influencers/77': { body: { data: makeOpportunityLine() } },
    });
    renderAt('/track-content/77');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Summer reel by the sea' }),
    ).toBeVisible();
    // The line is read by its own id: no request behind it (content_request_id is null).
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain(
      'GET /content-request-influencers/77',
    );
    expect(screen.getByText('Opportunity OP-000010-1')).toBeVisible();
    expect(screen.getByText('From Boga Cidre')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Track Content' })).toHaveAttribute(
      'href',
      '/track-content',
    );
    expect(screen.queryByRole('link', { name: 'Back to my requests' })).toBeNull();
    // Accepted by the advertiser's approval, not by an answer of the creator.
    expect(
      screen.getByText(/The advertiser approved your application\. Film the video and upload it/),
    ).toBeVisible();
    expect(screen.queryByText(/You accepted this request/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your answer' })).toBeNull();
    const stepper = screen.getByRole('region', {
      name: 'Progress of your video for the opportunity',
    });
    const steps = within(stepper).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('Opportunity details');
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('480.000 TND')).toBeVisible();
  });

  it('leads a request line back to the requests', async () => {
    mockApi({ 'GET /content-request-influencers/41': { body: { data: makeLine() } } });
    renderAt('/make-content/41');
    expect(await screen.findByRole('link', { name: 'Back to my requests' })).toHaveAttribute(
      'href',
      '/accept-requests',
    );
  });

  it.each(['/track-content/999', '/track-content/abc'])(
    'shows the not-found page for %s too',
    async (path) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      mockApi({});
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    },
  );
});
