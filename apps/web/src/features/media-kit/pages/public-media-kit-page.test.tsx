import { mediaKitSections } from '@clipmarket/contracts/media-kit';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBareRoutes } from '../../../app/routes';
import { makeMe, mockApi, renderRoutes, signIn } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';
import { kitSectionOrder } from '../kit-theme';
import { makeKitContent, makePublicKit } from '../test-data';

const NAME = 'salma.cooks';
const kitRoute = `GET /media-kits/${NAME}`;

function renderKit(path = `/media_kit/${NAME}`) {
  return renderRoutes({ bare: createBareRoutes(), shell: [] }, path);
}

/** The page of the book shown now (the others are `hidden`). */
const shownPage = () => screen.getByRole('article');
const position = () => document.querySelector('.kit-book-position')!;

function preferReducedMotion() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('the public media kit (/media_kit/{influencer_name})', () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await act(() => i18n.changeLanguage('en'));
  });

  it('keeps its page order the same as the contract', () => {
    expect([...kitSectionOrder]).toEqual([...mediaKitSections]);
  });

  it('shows every section with where each figure comes from, to a visitor without an account', async () => {
    const calls = mockApi({ [kitRoute]: { body: { data: makePublicKit() } } });
    renderKit();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Salma Ben Youssef' }),
    ).toBeInTheDocument();
    // Asked for without the visitor's session.
    expect(calls.find((call) => call.path === `/media-kits/${NAME}`)?.headers).not.toHaveProperty(
      'authorization',
    );
    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    const pages = screen.getAllByRole('article');
    expect(pages.map((page) => page.getAttribute('data-section'))).toEqual([
      'profile',
      'audience',
      'rates',
      'track_record',
      'videos',
      'contact',
    ]);
    const page = (name: string) => screen.getByRole('article', { name });

    const profile = page('Salma Ben Youssef');
    expect(within(profile).getByText('@salma.cooks')).toBeInTheDocument();
    expect(within(profile).getByText('Recipes that sell, in 30 seconds')).toBeInTheDocument();
    expect(within(profile).getByText('Based in Sfax, Tunisia')).toBeInTheDocument();

    const audience = page('Audience');
    expect(within(audience).getByText('48,200')).toBeInTheDocument();
    expect(within(audience).getByText('\u20664.12 %\u2069')).toBeInTheDocument();
    expect(within(audience).getByText('Instagram API · 12 Nov 2026')).toBeInTheDocument();
    expect(within(audience).getByText('Declared by the creator')).toBeInTheDocument();

    const rates = page('Rates');
    const table = within(rates).getByRole('table', {
      name: 'Price of one video, by length, in Tunisian dinars',
    });
    expect(
      within(table).getByRole('row', { name: '15 seconds \u2068150.000 TND\u2069' }),
    ).toBeInTheDocument();
    expect(
      within(rates).getByText("The creator's rate card on Clipmarket · 14 Nov 2026"),
    ).toBeInTheDocument();

    const record = page('Track record on Clipmarket');
    expect(within(record).getByText('14')).toBeInTheDocument();
    expect(within(record).getByText('\u206692.86 %\u2069')).toBeInTheDocument();
    expect(within(record).getByText('4.7 / 5 from 9 ratings')).toBeInTheDocument();
    expect(within(record).getByText('Product demo: 8')).toBeInTheDocument();
    expect(
      within(record).getByText('Deliveries approved on Clipmarket · 14 Nov 2026'),
    ).toBeInTheDocument();

    const videos = page('Best videos');
    expect(within(videos).getByRole('heading', { name: 'For Délice' })).toBeInTheDocument();
    expect(within(videos).getByText('Product demo · 30 s · Instagram')).toBeInTheDocument();
    expect(within(videos).getByText('3,331')).toBeInTheDocument();
    expect(within(videos).getByText('Instagram API · 10 Nov 2026')).toBeInTheDocument();
    expect(within(videos).getByRole('link', { name: 'Watch on Instagram' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/p/abc/',
    );

    const contact = page('Contact');
    expect(within(contact).getByRole('link', { name: 'salma@example.tn' })).toHaveAttribute(
      'href',
      'mailto:salma@example.tn',
    );

    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/v2/media-kits/files/abc/kit.pdf',
    );
    expect(
      screen.getByRole('img', { name: "QR code of the address of Salma Ben Youssef's media kit" }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/));
  });

  it('leaves out the sections the kit does not have', async () => {
    mockApi({
      [kitRoute]: {
        body: {
          data: makePublicKit({
            content: makeKitContent({ audience: null, rates: null, videos: [], contact: null }),
          }),
        },
      },
    });
    renderKit();
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'List view' }));
    expect(screen.getAllByRole('article').map((page) => page.getAttribute('data-section'))).toEqual(
      ['profile', 'track_record'],
    );
    expect(screen.queryByText('Audience')).toBeNull();
    expect(screen.queryByText('salma@example.tn')).toBeNull();
  });

  it('turns the pages with its buttons and the arrow keys, and says which page is shown', async () => {
    mockApi({ [kitRoute]: { body: { data: makePublicKit() } } });
    renderKit();
    const user = userEvent.setup();
    expect(await screen.findByText('Page 1 of 6')).toBeInTheDocument();
    expect(position()).toHaveAttribute('aria-live', 'polite');
    expect(shownPage()).toHaveAccessibleName('Salma Ben Youssef');
    const previous = screen.getByRole('button', { name: 'Previous page' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(position()).toHaveTextContent('Page 2 of 6');
    expect(shownPage()).toHaveAccessibleName('Audience');

    const book = screen.getByRole('group', { name: 'Page 2 of 6: Audience' });
    expect(book).toHaveAttribute('dir', 'ltr');
    book.focus();
    await user.keyboard('{ArrowRight}');
    expect(shownPage()).toHaveAccessibleName('Rates');
    expect(position()).toHaveTextContent('Page 3 of 6');
    await user.keyboard('{ArrowLeft}');
    expect(shownPage()).toHaveAccessibleName('Audience');
    await user.keyboard('{End}');
    expect(shownPage()).toHaveAccessibleName('Contact');
    // The last page: "Next" stays focusable, and does nothing.
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    expect(position()).toHaveTextContent('Page 6 of 6');
    expect(next).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Page 3: Rates' }));
    expect(shownPage()).toHaveAccessibleName('Rates');
    expect(screen.getByRole('button', { name: 'Page 3: Rates' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows an Arabic kit right to left, its arrows mirrored, whatever the reader’s language', async () => {
    mockApi({
      [kitRoute]: { body: { data: makePublicKit({ language: 'tn', theme: 'green' }) } },
    });
    renderKit();
    expect(await screen.findByText('Page 1 of 6')).toBeInTheDocument();
    const book = screen.getByRole('group', { name: /^Page 1 of 6: / });
    expect(book).toHaveAttribute('dir', 'rtl');
    expect(shownPage()).toHaveAttribute('lang', 'ar');
    expect(shownPage()).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1 })).toHaveAttribute('dir', 'rtl');
    // The page around it stays in the reader's language, the controls in the kit's direction.
    expect(screen.getByRole('button', { name: 'Next page' }).closest('[dir]')).toHaveAttribute(
      'dir',
      'rtl',
    );

    const user = userEvent.setup();
    book.focus();
    await user.keyboard('{ArrowLeft}');
    expect(shownPage()).toHaveAccessibleName('الجمهور');
    // The date in the kit's own language too (ar-TN writes 12/11/2026 with direction marks).
    expect(
      within(shownPage()).getByText(/^واجهة إنستغرام البرمجية · 12\W*11\W*2026$/),
    ).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(position()).toHaveTextContent('Page 1 of 6');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(shownPage()).toHaveAccessibleName('الأسعار');
    expect(within(shownPage()).getByText('15 ثانية')).toBeInTheDocument();
    expect(within(shownPage()).getByText('\u2068150,000 TND\u2069')).toBeInTheDocument();
  });

  it('starts on the list, without animation, for a reader who prefers reduced motion', async () => {
    preferReducedMotion();
    mockApi({ [kitRoute]: { body: { data: makePublicKit() } } });
    renderKit();
    const toggle = await screen.findByRole('button', { name: 'List view' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'Next page' })).toBeNull();
    // Back to the book at the reader's request.
    await userEvent.click(toggle);
    expect(screen.getByText('Page 1 of 6')).toBeInTheDocument();
  });

  it('leads a visitor to sign up as a brand, then to a request with this creator', async () => {
    mockApi({ [kitRoute]: { body: { data: makePublicKit() } } });
    renderKit();
    const request = await screen.findByRole('link', { name: 'Request this creator' });
    expect(request).toHaveAttribute(
      'href',
      `/sign-up?as=brand&redirect=${encodeURIComponent('/request-content/add?influencer_id=3')}`,
    );
  });

  it('leads a signed-in advertiser straight to a new request with this creator', async () => {
    signIn();
    mockApi({
      [kitRoute]: { body: { data: makePublicKit() } },
      'GET /user/getMe': { body: { data: makeMe({ role: 'BRAND' }) } },
    });
    const { location } = renderKit();
    const request = await screen.findByRole('link', { name: 'Request this creator' });
    expect(request).toHaveAttribute('href', '/request-content/add?influencer_id=3');
    await userEvent.click(request);
    await waitFor(() => expect(location.pathname).toBe('/request-content/add'));
    expect(location.search).toBe('?influencer_id=3');
  });

  it('shows no request button to a creator', async () => {
    signIn();
    mockApi({
      [kitRoute]: { body: { data: makePublicKit() } },
      'GET /user/getMe': { body: { data: makeMe({ role: 'TALENT' }) } },
    });
    renderKit();
    await screen.findByRole('heading', { level: 1, name: 'Salma Ben Youssef' });
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Request this creator' })).toBeNull(),
    );
  });

  it('moves to the current address of a renamed creator', async () => {
    const calls = mockApi({
      'GET /media-kits/salma.old': {
        body: { data: makePublicKit({ influencer_name: NAME }) },
      },
    });
    const { location } = renderKit('/media_kit/salma.old');
    await waitFor(() => expect(location.pathname).toBe(`/media_kit/${NAME}`));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Salma Ben Youssef' })).toBeVisible(),
    );
    // The answer is kept for the new address: no second request.
    expect(calls.filter((call) => call.path.startsWith('/media-kits/'))).toHaveLength(1);
  });

  it("shows the app's not-found page for a hidden kit or an unknown name", async () => {
    mockApi({
      [kitRoute]: { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } },
    });
    renderKit();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('turns the book with fireEvent on the section too (keys bubble from the buttons)', async () => {
    mockApi({ [kitRoute]: { body: { data: makePublicKit() } } });
    renderKit();
    const next = await screen.findByRole('button', { name: 'Next page' });
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(position()).toHaveTextContent('Page 2 of 6');
  });
});
