import type { ShortList } from '@clipmarket/contracts/discovery';
import { notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Switch } from 'wouter';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../../app/shell-pages';
import { mockApi, renderRoutes, renderWithProviders, signIn } from '../../../app/test-utils';
import { discoveryApi, makeCard, makeShortList } from '../test-data';
import ShortListsPage from './short-lists-page';

function renderAt(path: string) {
  return renderWithProviders(
    <TestRouter location={path}>
      <Switch>
        <Route path="/short-lists">
          <ShortListsPage />
        </Route>
        <Route path="/short-lists/:short_list_id">
          <ShortListsPage />
        </Route>
      </Switch>
    </TestRouter>,
  );
}

/** A small fake of the shortlist endpoints over an in-memory list. */
function shortListsApi(initial: ShortList[]) {
  let lists = initial;
  const details = (id: number) => {
    const list = lists.find((l) => l.short_list_id === id);
    return list
      ? { body: { data: { ...list, items: list.influencer_ids.map((i) => makeCard(i)) } } }
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } };
  };
  const routes: Record<string, Parameters<typeof mockApi>[0][string]> = {
    'GET /short-lists': () => ({ body: { data: lists } }),
    'POST /short-lists': (call) => {
      const name = (call.body as { name: string }).name;
      if (lists.some((l) => l.name === name)) {
        return { status: 409, body: { error: { code: 'NAME_TAKEN', message: 'Taken' } } };
      }
      const list = makeShortList(7, name);
      lists = [list, ...lists];
      return { status: 201, body: { data: list } };
    },
  };
  for (const list of initial) {
    const id = list.short_list_id;
    routes[`GET /short-lists/${id}`] = () => details(id);
    routes[`PATCH /short-lists/${id}`] = (call) => {
      lists = lists.map((l) =>
        l.short_list_id === id ? { ...l, name: (call.body as { name: string }).name } : l,
      );
      return { body: { data: lists.find((l) => l.short_list_id === id) } };
    };
    routes[`DELETE /short-lists/${id}`] = () => {
      lists = lists.filter((l) => l.short_list_id !== id);
      return { body: { data: { deleted: true } } };
    };
    for (const influencerId of list.influencer_ids) {
      routes[`DELETE /short-lists/${id}/influencers/${influencerId}`] = () => {
        lists = lists.map((l) =>
          l.short_list_id === id
            ? { ...l, influencer_ids: l.influencer_ids.filter((i) => i !== influencerId) }
            : l,
        );
        return { body: { data: lists.find((l) => l.short_list_id === id) } };
      };
    }
  }
  routes['GET /short-lists/7'] = () => details(7);
  return routes;
}

describe('Shortlists', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => {
    cleanup();
    notifications.clean();
    notifications.cleanQueue();
    vi.unstubAllGlobals();
  });

  it('lists the shortlists, opens the first, and removes a creator from it', async () => {
    const calls = mockApi(
      discoveryApi(
        shortListsApi([makeShortList(5, 'Ramadan', [11, 12]), makeShortList(6, 'Summer')]),
      ),
    );
    renderAt('/short-lists');
    const nav = await screen.findByRole('navigation', { name: 'Your shortlists' });
    expect(within(nav).getByRole('link', { name: /Ramadan/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByText('Creators: 2')).toBeInTheDocument();
    const section = await screen.findByRole('region', { name: 'Ramadan' });
    expect(await within(section).findAllByRole('article')).toHaveLength(2);

    await userEvent.click(
      within(section).getByRole('button', { name: 'Remove creator.11 from Ramadan' }),
    );
    await waitFor(() => expect(within(section).getAllByRole('article')).toHaveLength(1));
    expect(
      calls.some((c) => c.method === 'DELETE' && c.path === '/short-lists/5/influencers/11'),
    ).toBe(true);
    expect(await screen.findByText('creator.11 removed from “Ramadan”')).toBeInTheDocument();
  });

  it('creates a shortlist, refusing an empty or taken name', async () => {
    const calls = mockApi(discoveryApi(shortListsApi([makeShortList(5, 'Ramadan')])));
    renderAt('/short-lists');
    await userEvent.click(await screen.findByRole('button', { name: 'New shortlist' }));
    const dialog = await screen.findByRole('dialog', { name: 'New shortlist' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('The name field is required')).toBeInTheDocument();

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.type(name, 'Ramadan');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('You already have a shortlist with this name.'),
    ).toBeInTheDocument();

    await userEvent.clear(name);
    await userEvent.type(name, '  Autumn ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('region', { name: 'Autumn' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Ramadan' },
      { name: 'Autumn' },
    ]);
    expect(
      await screen.findByRole('heading', { name: 'No creator in this shortlist yet' }),
    ).toBeInTheDocument();
  });

  it('creates the first shortlist from the empty page', async () => {
    mockApi(discoveryApi(shortListsApi([])));
    renderAt('/short-lists');
    expect(await screen.findByRole('heading', { name: 'No shortlist yet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New shortlist' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Autumn');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('region', { name: 'Autumn' })).toBeInTheDocument();
  });

  it('renames a shortlist', async () => {
    const calls = mockApi(discoveryApi(shortListsApi([makeShortList(5, 'Ramadan', [11])])));
    renderAt('/short-lists/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the shortlist' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Ramadan');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ramadan 2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('region', { name: 'Ramadan 2026' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/short-lists/5',
      body: { name: 'Ramadan 2026' },
    });
  });

  it('deletes a shortlist after confirmation', async () => {
    const calls = mockApi(
      discoveryApi(shortListsApi([makeShortList(5, 'Ramadan'), makeShortList(6, 'Summer')])),
    );
    renderAt('/short-lists/5');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Ramadan”?' });
    // Cancelling keeps it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Delete the shortlist',
      }),
    );
    expect(await screen.findByRole('region', { name: 'Summer' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Ramadan/ })).toBeNull();
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/short-lists/5');
    expect(await screen.findByText('Shortlist “Ramadan” deleted')).toBeInTheDocument();
  });

  it('lists the favourites with the figures of the chosen platform', async () => {
    mockApi(
      discoveryApi({
        'GET /favorites/ids': { body: { data: [11] } },
        'GET /favorites': { body: { data: [makeCard(11, { is_favorite: true })] } },
      }),
    );
    renderAt('/short-lists');
    await userEvent.click(await screen.findByRole('tab', { name: 'Favourites' }));
    const card = await screen.findByRole('article', { name: 'creator.11' });
    expect(within(card).getByRole('button', { name: 'Remove from favourites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(screen.getByRole('radio', { name: 'TikTok' }));
    const urls = vi.mocked(fetch).mock.calls.map(([input]) => String(input));
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.map(([input]) => String(input))).toContain(
        '/v2/favorites?platform=tiktok',
      ),
    );
    expect(urls).toContain('/v2/favorites?platform=instagram');
  });

  it('says when there is no favourite yet', async () => {
    mockApi(discoveryApi({ 'GET /favorites': { body: { data: [] } } }));
    renderAt('/short-lists?view=favorites');
    expect(
      await screen.findByRole('heading', { name: 'No favourite creator yet' }),
    ).toBeInTheDocument();
  });

  it('is for advertisers only', async () => {
    mockApi(discoveryApi({}, 'TALENT'));
    renderRoutes(createRoutes(), '/short-lists');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
