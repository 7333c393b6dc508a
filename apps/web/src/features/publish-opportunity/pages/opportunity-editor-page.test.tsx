import { businessSettingDefaults } from '@clipmarket/contracts/business-settings';
import { suggestedPriceGridOf } from '@clipmarket/contracts/suggested-prices';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';
import { TestRouter } from '../../../test/router';
import { makeFilledOpportunity, makeOpportunity } from '../test-data';
import OpportunityEditorPage from './opportunity-editor-page';

function LocationProbe() {
  const [pathname] = useLocation();
  const search = useSearch();
  return <output data-testid="location">{`${pathname}${search ? `?${search}` : ''}`}</output>;
}

function renderAt(path: string) {
  return renderWithProviders(
    <TestRouter location={path}>
      <Switch>
        <Route path="/publish-opportunity/add">
          <OpportunityEditorPage />
        </Route>
        <Route path="/publish-opportunity/:content_opportunity_id">
          <OpportunityEditorPage />
        </Route>
        <Route></Route>
      </Switch>
      <LocationProbe />
    </TestRouter>,
  );
}

const referenceApi = {
  'GET /category/find': { body: { data: [{ category_id: 3, label: 'Food' }] } },
  'GET /country/find': {
    body: { data: [{ label: 'Tunisia', value: 'TN', iso_3: 'TUN', icon: '🇹🇳', prefix: '+216' }] },
  },
  'GET /country/states/TN': { body: { data: [{ isoCode: '11', name: 'Tunis' }] } },
};

/** The publishing screens' settings, with the suggested prices grid at its defaults. */
const defaults = businessSettingDefaults();
const limitsApi = {
  'GET /opportunities/limits': {
    body: {
      data: {
        brief_max_length: defaults.brief_max_length,
        platform_fee: defaults.platform_fee_millimes,
        application_answer_window_days: defaults.application_answer_window_days,
        suggested_prices: suggestedPriceGridOf((key) => defaults[key]),
      },
    },
  },
};

describe('Opportunity, steps 1 and 2: info and brief', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('saves a new draft with POST, then with PATCH at its own address', async () => {
    const calls = mockApi({
      ...referenceApi,
      'POST /opportunities': (call) => ({
        status: 201,
        body: { data: makeOpportunity({ title: (call.body as { title: string }).title }) },
      }),
      'PATCH /opportunities/10': (call) => ({
        body: { data: makeOpportunity({ title: (call.body as { title: string }).title }) },
      }),
      'GET /opportunities/10': { body: { data: makeOpportunity({ title: 'Summer drink' }) } },
    });
    renderAt('/publish-opportunity/add');
    expect(await screen.findByRole('heading', { level: 1, name: 'New opportunity' })).toHaveFocus();
    expect(screen.getByRole('navigation', { name: 'Steps of the opportunity' })).toHaveTextContent(
      'Step 1 of 3: Fill info',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'Summer drink');
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Opportunity saved as draft successfully!')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/publish-opportunity\/10$/),
    );
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      title: 'Summer drink',
      visibility: 'public',
      country: 'TN',
      price_min: null,
      screening_questions: [],
      invited_influencer_ids: [],
    });

    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), ' 2');
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      title: 'Summer drink 2',
    });
  });

  it('puts a draft started from a campaign (?campaign=) in that campaign, once', async () => {
    const calls = mockApi({
      ...referenceApi,
      'POST /opportunities': { status: 201, body: { data: makeOpportunity() } },
      'POST /campaigns/5/items': { body: { data: {} } },
      'GET /opportunities/10': { body: { data: makeOpportunity() } },
    });
    renderAt('/publish-opportunity/add?campaign=5');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Title' }), 'Iftar');
    await userEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/publish-opportunity\/10$/),
    );
    expect(calls.filter((call) => call.path === '/campaigns/5/items')).toEqual([
      expect.objectContaining({ method: 'POST', body: { kind: 'opportunity', id: 10 } }),
    ]);
  });

  it('refuses Next with required fields empty: the message and each field', async () => {
    const calls = mockApi({ ...referenceApi });
    renderAt('/publish-opportunity/add');
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please fill in the required fields.')).toBeVisible();
    expect(screen.getByText('The title field is required')).toBeVisible();
    expect(screen.getByText('The number of creators field is required')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveFocus();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends the price band in millimes, the questions and the invited creators', async () => {
    const draft = makeFilledOpportunity({
      visibility: 'private',
      invited_influencer_ids: [5],
      screening_questions: ['Do you own a car?'],
    });
    const calls = mockApi({
      ...referenceApi,
      'GET /opportunities/10': { body: { data: draft } },
      'GET /influencers/5/profile': {
        body: { data: { influencer_name: 'sami.creates', first_name: null, last_name: null } },
      },
      'PATCH /opportunities/10': (call) => ({
        body: { data: { ...draft, ...(call.body as object) } },
      }),
    });
    renderAt('/publish-opportunity/10');
    const maxPrice = await screen.findByRole('textbox', { name: 'Maximum price per video (TND)' });
    expect(maxPrice).toHaveValue('150');
    // The invited creator, named from their profile.
    expect(await screen.findByRole('button', { name: 'Remove sami.creates' })).toBeVisible();
    await userEvent.clear(maxPrice);
    await userEvent.type(maxPrice, '60');
    await userEvent.tab();
    expect(
      await screen.findByText('The maximum price is at least the minimum price.'),
    ).toBeVisible();
    await userEvent.clear(maxPrice);
    await userEvent.type(maxPrice, '200');
    await userEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Question 2' }), 'Your city?');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        '/publish-opportunity/10?step=brief',
      ),
    );
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      price_min: 80_000,
      price_max: 200_000,
      screening_questions: ['Do you own a car?', 'Your city?'],
      visibility: 'private',
      invited_influencer_ids: [5],
      application_deadline: '2099-12-10',
      delivery_slot: '12:30',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Write the brief' })).toBeVisible();
  });

  it('writes the brief and its checklist, then goes to the checkout', async () => {
    const draft = makeFilledOpportunity();
    const calls = mockApi({
      'GET /opportunities/10': { body: { data: draft } },
      'PATCH /opportunities/10': (call) => ({
        body: { data: { ...draft, ...(call.body as object) } },
      }),
    });
    renderAt('/publish-opportunity/10?step=brief');
    expect(await screen.findByText('0 / 5000 characters')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please write the brief.')).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: /^Brief/ }), 'Show the can.');
    expect(screen.getByText('13 / 5000 characters')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Add a point' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Checklist point 1' }), 'Logo');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/publish-opportunity/10/payment'),
    );
    expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
      brief: 'Show the can.',
      checklist: ['Logo'],
    });
  });

  it('shows what the sizes chosen usually ask under the price band, and refuses a maximum under it', async () => {
    const draft = makeFilledOpportunity({ video_duration: null, price_max: 100_000 });
    const calls = mockApi({
      ...referenceApi,
      ...limitsApi,
      'GET /opportunities/10': { body: { data: draft } },
      'PATCH /opportunities/10': (call) => ({
        body: { data: { ...draft, ...(call.body as object) } },
      }),
    });
    renderAt('/publish-opportunity/10');
    expect(
      await screen.findByText('Choose the video length to see what creators usually ask.'),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: '30 s' }));
    // No size chosen: the opportunity is open to every size (the grid's defaults, 30 s).
    expect(
      screen.getByText(
        'Creators of every size usually ask 80.000 TND – 1,200.000 TND for a 30 s video.',
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: /micro/i }));
    expect(
      screen.getByText('Creators of this size usually ask 150.000 TND for a 30 s video.'),
    ).toBeVisible();
    // The band's maximum (100 TND) is under what micro creators ask: said on the field.
    const maxPrice = screen.getByRole('textbox', { name: 'Maximum price per video (TND)' });
    const belowSuggested =
      'The creators you are looking for ask at least 150.000 TND for this length: raise the maximum price to at least that.';
    expect(screen.getByText(belowSuggested)).toBeVisible();
    expect(maxPrice).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(maxPrice).toHaveFocus();
    expect(screen.getAllByText(belowSuggested)).toHaveLength(2);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    // Nano creators too: from 80 TND, which the band reaches; on it goes.
    await userEvent.click(screen.getByRole('checkbox', { name: /nano/i }));
    expect(
      screen.getByText(
        'Creators of these sizes usually ask 80.000 TND – 150.000 TND for a 30 s video.',
      ),
    ).toBeVisible();
    expect(maxPrice).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({
        video_duration: 30,
        size_bands: ['micro', 'nano'],
        price_max: 100_000,
      }),
    );
  });

  it('says the suggested prices in Arabic, the amounts kept left to right', async () => {
    mockApi({
      ...referenceApi,
      ...limitsApi,
      'GET /opportunities/10': {
        body: { data: makeFilledOpportunity({ size_bands: ['micro'], price_max: 100_000 }) },
      },
    });
    await act(() => i18n.changeLanguage('tn'));
    try {
      renderAt('/publish-opportunity/10');
      expect(
        await screen.findByText(
          'يطلب صنّاع المحتوى من هذا الحجم عادةً \u2066150,000 TND\u2069 لفيديو مدته 30 ثانية.',
        ),
      ).toBeVisible();
      expect(
        screen.getByText(
          'يطلب صنّاع المحتوى الذين تبحث عنهم \u2066150,000 TND\u2069 على الأقل لهذه المدة: ارفع السعر الأعلى إلى هذا المبلغ على الأقل.',
        ),
      ).toBeVisible();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it("shows the server's field errors next to their fields", async () => {
    const draft = makeFilledOpportunity({ brief: 'Too long for the setting' });
    mockApi({
      'GET /opportunities/10': { body: { data: draft } },
      'PATCH /opportunities/10': {
        status: 400,
        body: {
          error: {
            code: 'BRIEF_TOO_LONG',
            message: 'You have reached the maximum numbers of characters.',
            fields: [
              { field: 'brief', message: 'You have reached the maximum numbers of characters.' },
            ],
          },
        },
      },
    });
    renderAt('/publish-opportunity/10?step=brief');
    await userEvent.click(await screen.findByRole('button', { name: 'Save as draft' }));
    const brief = screen.getByRole('textbox', { name: /^Brief/ });
    await waitFor(() => expect(brief).toHaveAttribute('aria-invalid', 'true'));
    expect(
      screen.getAllByText('You have reached the maximum numbers of characters.').length,
    ).toBeGreaterThan(1);
    expect(screen.queryByText('Opportunity saved as draft successfully!')).toBeNull();
  });

  it('does not edit an opportunity already published', async () => {
    mockApi({
      'GET /opportunities/10': {
        body: {
          data: makeFilledOpportunity({
            state: 'live',
            licence: {
              channels: ['organic', 'paid_ads'],
              duration: '1_year',
              territory: 'mena',
              exclusivity_days: 0,
            },
          }),
        },
      },
    });
    renderAt('/publish-opportunity/10');
    expect(
      await screen.findByText('This opportunity is no longer a draft: it cannot be changed.'),
    ).toBeVisible();
    // What it bought stays readable: the usage rights, without exclusivity when there is none.
    expect(screen.getByRole('region', { name: 'Usage rights' })).toHaveTextContent(
      'Usage rights: organic + paid ads, 1 year, MENA',
    );
    expect(screen.queryByRole('button', { name: 'Save as draft' })).toBeNull();
    expect(
      within(screen.getByRole('link', { name: 'Back to my opportunities' })).getByText(
        'Back to my opportunities',
      ),
    ).toBeVisible();
  });
});
