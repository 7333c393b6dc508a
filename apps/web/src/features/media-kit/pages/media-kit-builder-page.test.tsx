import type { MediaKitView } from '@clipmarket/contracts/media-kit';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, mockApi, pagesOnly, renderRoutes, signIn } from '../../../app/test-utils';
import { toasts } from '../../../lib/toasts';
import { emitRealtime } from '../../../test/realtime-mock';
import { makeKitView } from '../test-data';
import MediaKitBuilderPage from './media-kit-builder-page';

vi.mock('../../../lib/realtime', () => import('../../../test/realtime-mock'));

function renderBuilder() {
  return renderRoutes(pagesOnly({ '/media-kit': MediaKitBuilderPage }), '/media-kit');
}

const puts = (calls: ApiCall[]) =>
  calls.filter((call) => call.method === 'PUT' && call.path === '/media-kit');

/** The rendering's live region (the first on the page; the copy button has its own). */
const renderStatus = () => screen.getAllByRole('status')[0]!;

async function loaded() {
  return screen.findByRole('heading', { level: 1, name: 'Media kit' });
}

describe('the media kit builder (/media-kit)', () => {
  beforeEach(() => signIn());
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('loads the kit: its choices, its rendering, its link and counts, and a preview', async () => {
    mockApi({ 'GET /media-kit': { body: { data: makeKitView() } } });
    renderBuilder();
    await loaded();
    expect(screen.getByRole('radio', { name: 'Purple' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    expect(screen.getByLabelText('Headline')).toHaveValue('Recipes that sell, in 30 seconds');
    expect(screen.getByRole('switch', { name: 'Best videos' })).toBeChecked();
    expect(screen.getByRole('switch', { name: /^Published/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ramadan yoghurt launch' })).toBeChecked();
    expect(renderStatus()).toHaveTextContent(/^Ready · rendered on 14 Nov 2026/);

    const share = screen.getByRole('region', { name: 'Share' });
    expect(within(share).getByLabelText('Public link')).toHaveValue(
      `${window.location.origin}/media_kit/salma.cooks`,
    );
    expect(within(share).getByRole('button', { name: 'Copy the link' })).toBeInTheDocument();
    expect(within(share).getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'href',
      '/v2/media-kits/files/abc/kit.pdf',
    );
    expect(within(share).getByText('1,234')).toBeInTheDocument();
    expect(within(share).getByText('56')).toBeInTheDocument();

    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(
      within(preview)
        .getAllByRole('article')
        .map((page) => page.getAttribute('data-section')),
    ).toEqual(['profile', 'audience', 'rates', 'track_record', 'videos', 'contact']);
    expect(within(preview).queryByText('Hidden from the public page')).toBeNull();
  });

  it('disables a video its advertiser did not allow showing, and says why', async () => {
    mockApi({ 'GET /media-kit': { body: { data: makeKitView() } } });
    renderBuilder();
    await loaded();
    const summer = screen.getByRole('checkbox', { name: 'Summer juice' });
    expect(summer).toBeDisabled();
    expect(summer).toHaveAccessibleDescription(
      'CR-000020-1 · Jus Tunisie · Instagram — The advertiser has not allowed showing this video.',
    );
  });

  it('saves the choices, marks the sections hidden from the public page, and says it renders', async () => {
    const shown = vi.spyOn(toasts, 'show');
    const calls = mockApi({
      'GET /media-kit': { body: { data: makeKitView() } },
      'PUT /media-kit': ({ body }) => ({
        body: {
          data: makeKitView({
            settings: body as MediaKitView['settings'],
            render_state: 'rendering',
          }),
        },
      }),
    });
    renderBuilder();
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'Blue' }));
    await user.click(screen.getByRole('radio', { name: 'Français' }));
    await user.clear(screen.getByLabelText('Headline'));
    await user.type(screen.getByLabelText('Headline'), 'Des recettes qui vendent');
    await user.click(screen.getByRole('switch', { name: 'Contact: your e-mail and phone' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    // The preview follows the form: in French now, the contact page marked hidden.
    const contact = within(preview).getByRole('article', { name: 'Contact' });
    expect(contact).toHaveAttribute('lang', 'fr');
    expect(contact.parentElement).toHaveTextContent(/^Hidden from the public page/);
    expect(within(preview).getByText('Des recettes qui vendent')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save and render' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({
      theme: 'blue',
      language: 'fr',
      headline: 'Des recettes qui vendent',
      cover_file_id: null,
      hidden_sections: ['contact'],
      featured_line_ids: [41],
      is_published: true,
    });
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Saved. Your kit is being rendered.' }),
      ),
    );
    expect(await screen.findByText(/^Rendering your kit…/)).toBeInTheDocument();
    expect(renderStatus()).toHaveTextContent(/^Rendering your kit…/);
  });

  it("shows the API's field errors on their fields", async () => {
    const calls = mockApi({
      'GET /media-kit': { body: { data: makeKitView() } },
      'PUT /media-kit': {
        status: 422,
        body: {
          error: {
            code: 'MEDIA_KIT_INVALID',
            message: 'Some settings of the media kit cannot be used',
            fields: [
              {
                field: 'featured_line_ids',
                message:
                  'Only your published videos whose advertiser allowed showing them can be featured',
              },
              { field: 'cover_file_id', message: 'Upload a cover picture for your media kit' },
            ],
          },
        },
      },
    });
    renderBuilder();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Save and render' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(
      await screen.findByText(
        'Only your published videos whose advertiser allowed showing them can be featured.',
      ),
    ).toHaveAttribute('role', 'alert');
    expect(
      screen.getByText('Upload the cover picture again: this one cannot be used.'),
    ).toBeInTheDocument();
  });

  it('checks the headline before sending', async () => {
    const calls = mockApi({ 'GET /media-kit': { body: { data: makeKitView() } } });
    renderBuilder();
    await loaded();
    const headline = screen.getByLabelText('Headline');
    await userEvent.clear(headline);
    // Pasted, not typed: 121 characters.
    await userEvent.click(headline);
    await userEvent.paste('x'.repeat(121));
    await userEvent.click(screen.getByRole('button', { name: 'Save and render' }));
    expect(await screen.findByText('The headline is at most 120 characters.')).toBeInTheDocument();
    expect(headline).toHaveAttribute('aria-invalid', 'true');
    expect(puts(calls)).toHaveLength(0);
  });

  it('reads the kit again and says so when the server says it is ready', async () => {
    const shown = vi.spyOn(toasts, 'show');
    let kit = makeKitView({ render_state: 'rendering' });
    mockApi({ 'GET /media-kit': () => ({ body: { data: kit } }) });
    renderBuilder();
    await loaded();
    expect(renderStatus()).toHaveTextContent(/^Rendering your kit…/);
    kit = makeKitView({
      render_state: 'ready',
      rendering: {
        pdf_url: '/v2/kit.pdf',
        page_image_urls: [],
        rendered_at: '2026-11-15T08:30:00.000Z',
      },
    });
    act(() => emitRealtime('media_kit_is_ready', { influencer_id: 3 }));
    await waitFor(() =>
      expect(renderStatus()).toHaveTextContent(/^Ready · rendered on 15 Nov 2026/),
    );
    expect(shown).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Your media kit is ready.' }),
    );
  });

  it('says why a rendering failed and renders the saved kit again on "Try again"', async () => {
    const failed = makeKitView({ render_state: 'failed', render_error: 'pdf_failed' });
    const calls = mockApi({
      'GET /media-kit': { body: { data: failed } },
      'PUT /media-kit': { body: { data: { ...failed, render_state: 'rendering' } } },
    });
    renderBuilder();
    await loaded();
    expect(renderStatus()).toHaveTextContent(
      'The rendering failed: the PDF could not be written. The public page still shows your previous kit.',
    );
    // A change not saved yet stays out of the retry.
    await userEvent.click(screen.getByRole('radio', { name: 'Red' }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual(failed.settings);
  });

  it('keeps the chosen videos in order, at most six', async () => {
    const candidates = Array.from({ length: 7 }, (_, i) => ({
      ...makeKitView().candidate_videos[0]!,
      line_id: 100 + i,
      reference: `CR-0001${i}-1`,
      title: `Video ${i + 1}`,
    }));
    const calls = mockApi({
      'GET /media-kit': {
        body: {
          data: makeKitView({
            candidate_videos: candidates,
            settings: { ...makeKitView().settings, featured_line_ids: [100, 101] },
          }),
        },
      },
      'PUT /media-kit': ({ body }) => ({
        body: { data: makeKitView({ settings: body as MediaKitView['settings'] }) },
      }),
    });
    renderBuilder();
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Move Video 2 up' }));
    for (const i of [3, 4, 5, 6])
      await user.click(screen.getByRole('checkbox', { name: `Video ${i}` }));
    const seventh = screen.getByRole('checkbox', { name: 'Video 7' });
    expect(seventh).toBeDisabled();
    expect(seventh).toHaveAccessibleDescription(/You have chosen 6 videos already\.$/);
    await user.click(screen.getByRole('button', { name: 'Save and render' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]!.body as MediaKitView['settings']).featured_line_ids).toEqual([
      101, 100, 102, 103, 104, 105,
    ]);
  });

  it('is the not-found page for a creator whose kit is not turned on', async () => {
    mockApi({
      'GET /media-kit': {
        status: 403,
        body: { error: { code: 'MEDIA_KIT_NOT_ENABLED', message: 'Not enabled' } },
      },
    });
    renderBuilder();
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
