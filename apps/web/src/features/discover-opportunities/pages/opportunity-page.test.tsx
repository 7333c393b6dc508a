import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import { makeApplication, makeDetail, rateCard } from '../test-data';
import OpportunityPage from './opportunity-page';

function renderAt(path: string) {
  return renderRoutes(
    pagesOnly({
      '/discover-opportunities/:content_opportunity_id': OpportunityPage,
      '/discover-opportunities/:content_opportunity_id/details': OpportunityPage,
      '/discover-opportunities/:content_opportunity_id/learn-more': OpportunityPage,
    }),
    path,
  );
}

const files = {
  'GET /media/private-url': (call: ApiCall) => ({
    body: { data: { url: `/media/signed/${call.path}.file`, expires_at: null } },
  }),
};
const approvedLines = {
  'GET /content-request-influencers': {
    body: {
      data: [
        {
          content_request_influencer_id: 41,
          reference: 'CR-000012-1',
          title: 'Ramadan yoghurt',
          status: 'approved',
        },
      ],
      next_before: null,
    },
  },
};

const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');
const priceOutsideBand = (_: string, element: Element | null) =>
  element?.children.length === 0 &&
  plain(element.textContent) === 'Your price must be between 100.000 TND and 300.000 TND.';

const posts = (calls: ApiCall[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.path === path);

describe('An opportunity (creator)', () => {
  beforeEach(() => signIn());
  afterEach(() => vi.unstubAllGlobals());

  it('shows its details, files and questions count, and leads to learn more', async () => {
    const calls = mockApi({
      'GET /discover-opportunities/10': { body: { data: makeDetail() } },
      ...files,
    });
    renderAt('/discover-opportunities/10/details');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Citrus fizz summer launch' }),
    ).toBeVisible();
    expect(screen.getByText('Applying asks you to answer 2 questions.')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Open the brief (PDF)' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(screen.getAllByRole('button', { name: /Enlarge product image/ })).toHaveLength(2);
    expect(screen.queryByText('Show the drink at a beach party.', { exact: false })).toBeNull();
    expect(screen.getByRole('link', { name: 'Learn more and apply' })).toHaveAttribute(
      'href',
      '/discover-opportunities/10/learn-more',
    );
    // Reading the details is not "learn more": no interest recorded.
    expect(posts(calls, '/discover-opportunities/10/interest')).toHaveLength(0);
    const fileCalls = calls.filter((call) => call.path === '/media/private-url');
    expect(fileCalls.length).toBeGreaterThanOrEqual(3);
  });

  it('records the interest once on learn more, shows the brief, and applies', async () => {
    const calls = mockApi({
      'GET /discover-opportunities/10': { body: { data: makeDetail() } },
      'POST /discover-opportunities/10/interest': { status: 204 },
      'GET /influencer/prices': { body: { data: { rate_card: rateCard } } },
      'POST /discover-opportunities/10/applications': {
        status: 201,
        body: { data: makeApplication() },
      },
      ...files,
      ...approvedLines,
    });
    const { location } = renderAt('/discover-opportunities/10/learn-more');
    const brief = await screen.findByRole('region', { name: 'Brief' });
    expect(within(brief).getByText(/Show the drink at a beach party\./).textContent).toBe(
      'Show the drink at a beach party.\n\nKeep it joyful.',
    );
    const checklist = screen.getByRole('region', { name: 'What the video must show' });
    expect(
      within(checklist)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['The can is visible', 'Say the brand name']);
    await waitFor(() =>
      expect(posts(calls, '/discover-opportunities/10/interest')).toHaveLength(1),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const form = await screen.findByRole('region', { name: 'Apply' });
    expect(within(form).getByRole('heading', { name: 'Apply' })).toHaveFocus();
    // The creator's own price for 30 s (180 TND) is inside the band: it is the start.
    const price = within(form).getByRole('textbox', { name: 'Your price' });
    expect(price).toHaveValue('180');
    // Amounts are isolated runs (right-to-left reading): the text is read without the marks.
    expect(plain(form.textContent)).toContain(
      'In whole dinars, between 100.000 TND and 300.000 TND.',
    );

    // What applying accepts: the usage rights (the default ones add nothing to the price).
    expect(
      within(form).getByRole('checkbox', { name: /I accept the brief and its deadlines/ }),
    ).toHaveAccessibleDescription(
      'By applying you accept the deliverables and the usage rights: organic, 30 days, Tunisia',
    );

    // Nothing filled in: every problem is said, and nothing is sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Send my application' }));
    expect(within(form).getByText('Please fill in the required fields.')).toBeVisible();
    expect(within(form).getByText('Tell the advertiser why you fit.')).toBeVisible();
    expect(within(form).getAllByText('Answer this question.')).toHaveLength(2);
    expect(
      within(form).getByText('Please accept the brief and its deadlines to apply.'),
    ).toBeVisible();
    // The first field in error gets the focus.
    await waitFor(() => expect(within(form).getByLabelText(/Your pitch/)).toHaveFocus());
    expect(posts(calls, '/discover-opportunities/10/applications')).toHaveLength(0);

    await userEvent.clear(price);
    await userEvent.type(price, '350');
    await userEvent.type(within(form).getByLabelText(/Your pitch/), 'Beach videos are my thing.');
    await userEvent.type(
      within(form).getByLabelText(/Which beach would you film at\?/),
      'La Marsa',
    );
    await userEvent.type(within(form).getByLabelText(/Do you own a drone\?/), 'Yes');
    await userEvent.click(
      within(form).getByRole('checkbox', { name: /I accept the brief and its deadlines/ }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Send my application' }));
    expect(within(form).getByText(priceOutsideBand)).toBeVisible();
    await userEvent.clear(price);
    await userEvent.type(price, '200');

    await userEvent.click(await within(form).findByLabelText(/A sample of your work/));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Ramadan yoghurt (CR-000012-1)' }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Send my application' }));

    expect(await screen.findByText('Application has been submitted successfully!')).toBeVisible();
    expect(posts(calls, '/discover-opportunities/10/applications')[0]?.body).toEqual({
      price: 200_000,
      pitch: 'Beach videos are my thing.',
      sample_line_id: 41,
      answers: ['La Marsa', 'Yes'],
      accepts_brief: true,
    });
    await waitFor(() => expect(location.pathname).toBe('/track-opportunities/501'));
    expect(posts(calls, '/discover-opportunities/10/interest')).toHaveLength(1);
  });

  it("starts from the band's minimum when the creator's price is outside it", async () => {
    mockApi({
      'GET /discover-opportunities/10': {
        body: { data: makeDetail({ video_duration: 60, screening_questions: [] }) },
      },
      'POST /discover-opportunities/10/interest': { status: 204 },
      'GET /influencer/prices': { body: { data: { rate_card: rateCard } } },
      'GET /content-request-influencers': { body: { data: [], next_before: null } },
      ...files,
    });
    renderAt('/discover-opportunities/10/learn-more');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    const form = await screen.findByRole('region', { name: 'Apply' });
    expect(within(form).getByRole('textbox', { name: 'Your price' })).toHaveValue('100');
    // No approved video yet: said, instead of an empty choice.
    expect(
      within(form).getByText(
        'Once a video of yours is approved, you can show it here as a sample.',
      ),
    ).toBeVisible();
  });

  it.each([
    [30_000, 30_000, '(+30.000 TND at your rates)'],
    [20_000, 36_000, '(+20.000 TND to 36.000 TND at your rates)'],
  ])(
    'says the usage rights applying accepts and what they add (%i to %i millimes)',
    async (min, max, addOn) => {
      mockApi({
        'GET /discover-opportunities/10': {
          body: {
            data: makeDetail({
              screening_questions: [],
              licence: {
                terms: {
                  channels: ['organic', 'paid_ads'],
                  duration: '90_days',
                  territory: 'mena',
                  exclusivity_days: 30,
                },
                add_on_basis_points: 3_000,
                add_on_min: min,
                add_on_max: max,
              },
            }),
          },
        },
        'POST /discover-opportunities/10/interest': { status: 204 },
        'GET /influencer/prices': { body: { data: { rate_card: rateCard } } },
        'GET /content-request-influencers': { body: { data: [], next_before: null } },
        ...files,
      });
      renderAt('/discover-opportunities/10/learn-more');
      await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
      const form = await screen.findByRole('region', { name: 'Apply' });
      expect(within(form).getByRole('checkbox')).toHaveAccessibleDescription(
        'By applying you accept the deliverables and the usage rights: organic + paid ads, ' +
          `90 days, MENA, 30-day exclusivity ${addOn}`,
      );
    },
  );

  it.each([
    [
      'FINANCIAL_INFO_REQUIRED',
      'Please complete your financial info (payment method, account number and CIN) before applying: it is how you get paid.',
    ],
    [
      'NOT_VALIDATED',
      'Your account is not validated yet: you can apply once our team has checked it.',
    ],
    ['ALREADY_APPLIED', 'You have already applied to this opportunity.'],
  ])('explains a %s refusal', async (code, text) => {
    mockApi({
      'GET /discover-opportunities/10': {
        body: { data: makeDetail({ screening_questions: [] }) },
      },
      'POST /discover-opportunities/10/interest': { status: 204 },
      'GET /influencer/prices': { body: { data: { rate_card: rateCard } } },
      'POST /discover-opportunities/10/applications': {
        status: 409,
        body: { error: { code, message: code } },
      },
      ...files,
    });
    renderAt('/discover-opportunities/10/learn-more');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    const form = await screen.findByRole('region', { name: 'Apply' });
    await userEvent.type(within(form).getByLabelText(/Your pitch/), 'Me.');
    await userEvent.click(within(form).getByRole('checkbox'));
    await userEvent.click(within(form).getByRole('button', { name: 'Send my application' }));
    expect(await within(form).findByText(text)).toBeVisible();
    if (code === 'FINANCIAL_INFO_REQUIRED') {
      expect(
        within(form).getByRole('link', { name: 'Complete my financial info' }),
      ).toHaveAttribute('href', '/discover-opportunities/10/learn-more?settings=financial-infos');
    }
  });

  it('shows a price outside the band and field problems from the server next to their fields', async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: { error: { code: 'PRICE_OUTSIDE_BAND', message: 'Price outside band' } },
    };
    mockApi({
      'GET /discover-opportunities/10': {
        body: { data: makeDetail({ screening_questions: [] }) },
      },
      'POST /discover-opportunities/10/interest': { status: 204 },
      'GET /influencer/prices': { body: { data: { rate_card: rateCard } } },
      'POST /discover-opportunities/10/applications': () => answer,
      ...files,
    });
    renderAt('/discover-opportunities/10/learn-more');
    await userEvent.click(await screen.findByRole('button', { name: 'Apply' }));
    const form = await screen.findByRole('region', { name: 'Apply' });
    await userEvent.type(within(form).getByLabelText(/Your pitch/), 'Me.');
    await userEvent.click(within(form).getByRole('checkbox'));
    await userEvent.click(within(form).getByRole('button', { name: 'Send my application' }));
    expect(await within(form).findByText(priceOutsideBand)).toBeVisible();

    answer = {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Invalid',
          fields: [{ field: 'pitch', message: 'The pitch is at most 2000 characters' }],
        },
      },
    };
    await userEvent.click(within(form).getByRole('button', { name: 'Send my application' }));
    expect(await within(form).findByText('The pitch is at most 2000 characters')).toBeVisible();
  });

  it('tells a creator who applied already where their application is', async () => {
    mockApi({
      'GET /discover-opportunities/10': {
        body: { data: makeDetail({ application: makeApplication().opportunity.application }) },
      },
      'POST /discover-opportunities/10/interest': { status: 204 },
      ...files,
    });
    renderAt('/discover-opportunities/10/learn-more');
    expect(
      await screen.findByText('You applied on 22 Nov 2026. Your application: Under review.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'My application' })).toHaveAttribute(
      'href',
      '/track-opportunities/501',
    );
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });
});
