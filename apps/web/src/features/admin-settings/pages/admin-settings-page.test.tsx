import { businessSettingDefinitions } from '@clipmarket/contracts/business-settings';
import type { BusinessSetting } from '@clipmarket/contracts/settings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestRouter } from '../../../test/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, mockApi, renderWithProviders, signIn } from '../../../app/test-utils';
import AdminSettingsPage from './admin-settings-page';

/** Every setting at its default, as the server answers before any change. */
const defaults = (): BusinessSetting[] =>
  Object.entries(businessSettingDefinitions).map(([key, definition]) => ({
    key: key as BusinessSetting['key'],
    unit: definition.unit,
    value: definition.default,
    default: definition.default,
    min: definition.min,
    max: definition.max,
    is_default: true,
    updated_at: null,
    updated_by_user_id: null,
  }));

function render() {
  return renderWithProviders(
    <TestRouter location="/">
      <AdminSettingsPage />
    </TestRouter>,
  );
}

describe('Admin business settings', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each setting in its unit, with its bounds, and the prices grid', async () => {
    mockApi({
      'GET /admin/settings': { body: { data: defaults() } },
      'GET /admin/settings/audit': { body: { data: { items: [], next_before_id: null } } },
    });
    render();
    const fee = await screen.findByRole('textbox', {
      name: 'Platform fee per request or opportunity',
    });
    expect(fee).toHaveValue('24.800');
    expect(screen.getByRole('textbox', { name: 'VAT rate' })).toHaveValue('19.00');
    expect(screen.getByText('Default 24.800 TND · from 0.000 TND to 1,000.000 TND')).toBeVisible();
    // A switch kept as a 0/1 count (issue 25), shown as the other counts.
    expect(
      screen.getByRole('textbox', {
        name: 'Media kit on for creators at validation (1 = yes, 0 = no)',
      }),
    ).toHaveValue('1');
    const grid = screen.getByRole('region', { name: 'Suggested creator prices' });
    expect(within(grid).getByRole('textbox', { name: 'Suggested price, Micro, 30 s' })).toHaveValue(
      '150.000',
    );
    expect(screen.getByText('No setting has been changed yet: the defaults apply.')).toBeVisible();
  });

  it('saves a price typed in dinars as exact millimes, and refuses one out of bounds', async () => {
    const calls = mockApi({
      'GET /admin/settings': { body: { data: defaults() } },
      'GET /admin/settings/audit': { body: { data: { items: [], next_before_id: null } } },
      'PUT /admin/settings/suggested_price_micro_30s_millimes': (call: ApiCall) => ({
        body: {
          data: {
            ...defaults().find((s) => s.key === 'suggested_price_micro_30s_millimes')!,
            value: (call.body as { value: number }).value,
            is_default: false,
          },
        },
      }),
    });
    render();
    const price = await screen.findByRole('textbox', { name: 'Suggested price, Micro, 30 s' });
    const save = screen.getByRole('button', { name: 'Save Suggested price, Micro, 30 s' });
    expect(save).toBeDisabled();

    await userEvent.clear(price);
    await userEvent.type(price, '0.5');
    await userEvent.click(save);
    expect(
      await screen.findByText('Choose a value from 1.000 TND to 100,000.000 TND.'),
    ).toBeVisible();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.clear(price);
    await userEvent.type(price, '162,35');
    await userEvent.click(save);
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ value: 162_350 }),
    );
  });
});
