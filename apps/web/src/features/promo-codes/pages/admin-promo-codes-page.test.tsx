import type { AdminPromoCode, CreatePromoCodeInput } from '@clipmarket/contracts/promo-codes';
import { notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '../../../app/shell-pages';
import { type ApiCall, makeMe, mockApi, renderRoutes, signIn } from '../../../app/test-utils';
import i18n from '../../../lib/i18n';

const existing: AdminPromoCode = {
  promo_code_id: 1,
  code: 'RAMADAN10',
  percent_basis_points: 1000,
  starts_at: '2026-03-01T00:00:00.000Z',
  ends_at: null,
  max_redemptions: 50,
  max_redemptions_per_advertiser: 1,
  applies_to: ['content_request', 'opportunity'],
  is_active: true,
  redemption_count: 7,
  created_by: 1,
  created_at: '2026-03-01T00:00:00.000Z',
  updated_at: '2026-03-01T00:00:00.000Z',
};

/** The admin's API over an in-memory list of codes, newest first. */
function installPromoApi(initial: AdminPromoCode[]) {
  let codes = [...initial];
  const calls = mockApi({
    'GET /user/getMe': { body: { data: makeMe({ role: 'ADMIN', fullname: 'Admin' }) } },
    'GET /request/get_twinkling/list': { body: { data: {} } },
    'GET /admin/creators': {
      body: { data: { items: [], next_cursor: null, pending_count: 0 } },
    },
    'GET /admin/promo-codes': () => ({ body: { data: codes } }),
    'POST /admin/promo-codes': (call: ApiCall) => {
      const body = call.body as CreatePromoCodeInput;
      if (codes.some((c) => c.code === body.code.toUpperCase())) {
        return {
          status: 409,
          body: { error: { code: 'PROMO_CODE_TAKEN', message: 'Taken' } },
        };
      }
      const created: AdminPromoCode = {
        promo_code_id: codes.length + 1,
        code: body.code.toUpperCase(),
        percent_basis_points: body.percent_basis_points,
        starts_at: body.starts_at,
        ends_at: body.ends_at,
        max_redemptions: body.max_redemptions,
        max_redemptions_per_advertiser: body.max_redemptions_per_advertiser,
        applies_to: body.applies_to,
        is_active: body.is_active,
        redemption_count: 0,
        created_by: 1,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      };
      codes = [created, ...codes];
      return { status: 201, body: { data: created } };
    },
    'PATCH /admin/promo-codes/1': (call: ApiCall) => {
      codes = codes.map((c) =>
        c.promo_code_id === 1 ? { ...c, ...(call.body as Partial<AdminPromoCode>) } : c,
      );
      return { body: { data: codes.find((c) => c.promo_code_id === 1) } };
    },
  });
  return calls;
}

describe('Admin: promo codes', { timeout: 30_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: /min-width/.test(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }));
  });
  afterEach(async () => {
    cleanup();
    notifications.clean();
    notifications.cleanQueue();
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });

  it('lists the codes with their percent, window, use and purchases', async () => {
    installPromoApi([existing]);
    renderRoutes(createRoutes(), '/admin/promo-codes');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Promo codes' }),
    ).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /RAMADAN10/ });
    expect(within(row).getByText('10 %')).toBeInTheDocument();
    expect(within(row).getByText('7 / 50')).toBeInTheDocument();
    expect(within(row).getByText('at most 1 per advertiser')).toBeInTheDocument();
    expect(within(row).getByText('Content requests')).toBeInTheDocument();
    expect(within(row).getByText('Opportunities')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Code RAMADAN10 active' })).toBeChecked();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Promo codes' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('creates a code from a typed percent (12.5 % → 1250 basis points) and lists it', async () => {
    const calls = installPromoApi([existing]);
    renderRoutes(createRoutes(), '/admin/promo-codes');
    await screen.findByRole('row', { name: /RAMADAN10/ });

    await userEvent.type(screen.getByRole('textbox', { name: /^Code/ }), 'summer-26');
    await userEvent.type(screen.getByRole('textbox', { name: /^Discount/ }), '12.5');
    await userEvent.type(screen.getByRole('textbox', { name: /^Total uses/ }), '100');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Wallet packs' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create the code' }));

    const row = await screen.findByRole('row', { name: /SUMMER-26/ });
    expect(within(row).getByText('12.5 %')).toBeInTheDocument();
    expect(within(row).getByText('0 / 100')).toBeInTheDocument();
    expect(within(row).queryByText('Wallet packs')).toBeNull();
    const posted = calls.find((c) => c.method === 'POST')!.body as CreatePromoCodeInput;
    expect(posted).toMatchObject({
      code: 'SUMMER-26',
      percent_basis_points: 1250,
      ends_at: null,
      max_redemptions: 100,
      max_redemptions_per_advertiser: null,
      applies_to: ['content_request', 'opportunity'],
      is_active: true,
    });
    expect(await screen.findByText('Promo code SUMMER-26 created.')).toBeInTheDocument();
    // The form is empty again for the next code.
    expect(screen.getByRole('textbox', { name: /^Code/ })).toHaveValue('');
  });

  it('shows each mistake beside its field and sends nothing', async () => {
    const calls = installPromoApi([]);
    renderRoutes(createRoutes(), '/admin/promo-codes');
    expect(await screen.findByText('No promo code yet')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /^Code/ }), 'no spaces');
    await userEvent.type(screen.getByRole('textbox', { name: /^Total uses/ }), '2');
    await userEvent.type(screen.getByRole('textbox', { name: /^Uses per advertiser/ }), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Create the code' }));

    expect(await screen.findByText('Use 3 to 32 letters, digits, "-" or "_".')).toBeInTheDocument();
    expect(
      screen.getByText('Give a percentage between 0.01 and 100, with at most two decimals.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // Once each field is right, the rules between fields are checked.
    const code = screen.getByRole('textbox', { name: /^Code/ });
    await userEvent.clear(code);
    await userEvent.type(code, 'SPRING');
    await userEvent.type(screen.getByRole('textbox', { name: /^Discount/ }), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Create the code' }));
    expect(
      await screen.findByText('The limit per advertiser cannot exceed the total limit.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('ends a code the day after its last valid day, and refuses an end before the start', async () => {
    const calls = installPromoApi([]);
    renderRoutes(createRoutes(), '/admin/promo-codes');
    await screen.findByText('No promo code yet');
    await userEvent.type(screen.getByRole('textbox', { name: /^Code/ }), 'EID');
    await userEvent.type(screen.getByRole('textbox', { name: /^Discount/ }), '20');
    const startsOn = screen.getByLabelText(/^Valid from/);
    const endsOn = screen.getByLabelText(/^Valid until/);
    fireEvent.change(startsOn, { target: { value: '2027-03-10' } });
    fireEvent.change(endsOn, { target: { value: '2027-03-09' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create the code' }));
    expect(await screen.findByText('The end must be after the start.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(endsOn, { target: { value: '2027-03-12' } });
    await userEvent.click(screen.getByRole('button', { name: 'Create the code' }));
    const row = await screen.findByRole('row', { name: /EID/ });
    // The last valid day is shown, not the midnight the code ends at.
    expect(within(row).getByText('10 Mar 2027 – 12 Mar 2027')).toBeInTheDocument();
    const posted = calls.find((c) => c.method === 'POST')!.body as CreatePromoCodeInput;
    expect(posted.starts_at).toBe(new Date(2027, 2, 10).toISOString());
    expect(posted.ends_at).toBe(new Date(2027, 2, 13).toISOString());
  });

  it('tells a code already taken beside the code', async () => {
    installPromoApi([existing]);
    renderRoutes(createRoutes(), '/admin/promo-codes');
    await screen.findByRole('row', { name: /RAMADAN10/ });
    await userEvent.type(screen.getByRole('textbox', { name: /^Code/ }), 'ramadan10');
    await userEvent.type(screen.getByRole('textbox', { name: /^Discount/ }), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Create the code' }));
    expect(
      await screen.findByText('A promo code with this text already exists.'),
    ).toBeInTheDocument();
  });

  it('switches a code off', async () => {
    const calls = installPromoApi([existing]);
    renderRoutes(createRoutes(), '/admin/promo-codes');
    const toggle = await screen.findByRole('switch', { name: 'Code RAMADAN10 active' });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ is_active: false });
    expect(await screen.findByText('Promo code RAMADAN10 is off.')).toBeInTheDocument();
  });

  it('reads right to left in Arabic', async () => {
    installPromoApi([existing]);
    await act(() => i18n.changeLanguage('tn'));
    renderRoutes(createRoutes(), '/admin/promo-codes');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'رموز التخفيض' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /RAMADAN10/ })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
