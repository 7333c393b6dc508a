import { notifications } from '@mantine/notifications';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../../app/shell-pages';
import { makeMe, mockApi, renderRoutes, signIn } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';

const shellApi = {
  'GET /user/getMe': { body: { data: makeMe({ role: 'ADMIN', fullname: 'Admin' }) } },
  'GET /request/get_twinkling/list': { body: { data: {} } },
  'GET /admin/creators': { body: { data: { items: [], next_cursor: null, pending_count: 0 } } },
};

const mailJob = {
  id: '0b9f1c7e-1111-4a2b-8c3d-000000000001',
  queue: 'mail-send-dead',
  failed_at: '2026-11-26T08:15:00.000Z',
  error: 'connect ECONNREFUSED 127.0.0.1:587',
};
const videoJob = {
  id: '0b9f1c7e-1111-4a2b-8c3d-000000000002',
  queue: 'content-video-process-dead',
  failed_at: '2026-11-25T21:40:00.000Z',
  error: null,
};

describe('Admin: failed jobs', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(async () => {
    cleanup();
    notifications.clean();
    notifications.cleanQueue();
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('lists each failed job with its queue, date and error, and runs one again', async () => {
    let jobs = [mailJob, videoJob];
    const calls = mockApi({
      ...shellApi,
      'GET /admin/jobs/failed': () => ({ body: { data: jobs } }),
      [`POST /admin/jobs/failed/${mailJob.id}/retry`]: () => {
        jobs = jobs.filter((job) => job.id !== mailJob.id);
        return { body: { data: { id: mailJob.id, queue: 'mail-send' } } };
      },
      [`POST /admin/jobs/failed/${videoJob.id}/retry`]: {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Failed job not found' } },
      },
    });
    renderRoutes(createRoutes(), '/admin/jobs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Failed jobs' })).toBeVisible();
    const list = await screen.findByRole('region', { name: 'Failed jobs' });
    const mail = within(list).getByRole('article', { name: 'mail-send' });
    expect(mail).toHaveTextContent('Failed on 26 Nov 2026 08:15 UTC');
    expect(within(mail).getByText('connect ECONNREFUSED 127.0.0.1:587')).toBeVisible();
    const video = within(list).getByRole('article', { name: 'content-video-process' });
    expect(video).toHaveTextContent('No error message was recorded.');

    await userEvent.click(
      within(mail).getByRole('button', {
        name: 'Run again: the job mail-send of 26 Nov 2026 08:15 UTC',
      }),
    );
    expect(await screen.findByText('The job mail-send was sent again.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'mail-send' })).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith(`${mailJob.id}/retry`))).toBe(
      true,
    );

    await userEvent.click(within(video).getByRole('button', { name: /^Run again: the job/ }));
    expect(await screen.findByText('This job was already run again.')).toBeVisible();
  });

  it('says when no job failed', async () => {
    mockApi({ ...shellApi, 'GET /admin/jobs/failed': { body: { data: [] } } });
    renderRoutes(createRoutes(), '/admin/jobs');
    expect(await screen.findByRole('heading', { name: 'No failed job' })).toBeVisible();
  });
});
