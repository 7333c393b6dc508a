import { defaultLicenceTerms, type LicenceTerms } from '@clipmarket/contracts/licences';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, signIn } from '../../app/test-utils';
import { LicenceTermsFieldset } from './licence-terms-fieldset';

const suggested = {
  paid_ads: 3000,
  spark_ads: 2000,
  '90_days': 1500,
  '1_year': 4000,
  perpetual: 10000,
  mena: 2000,
  worldwide: 5000,
  exclusivity_30_days: 2500,
  exclusivity_90_days: 5000,
  exclusivity_180_days: 8000,
};

/** Isolated left to right, as every percentage (U+2066 … U+2069). */
const pct = (value: string) => `\u2066${value} %\u2069`;

function Harness({ onChange }: { onChange: (terms: LicenceTerms) => void }) {
  const [value, setValue] = useState<LicenceTerms>(defaultLicenceTerms);
  return (
    <LicenceTermsFieldset
      idPrefix="test"
      value={value}
      onChange={(terms) => {
        setValue(terms);
        onChange(terms);
      }}
    />
  );
}

describe('Usage rights fieldset (issue 27 §1)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps organic checked and disabled, shows each surcharge, and adds paid ads and 90 days', async () => {
    signIn();
    mockApi({ 'GET /licence-rates/suggested': { body: { data: { rates: suggested } } } });
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);

    const organic = await screen.findByRole('checkbox', {
      name: "Organic posts on the brand's accounts (included)",
    });
    expect(organic).toBeChecked();
    expect(organic).toBeDisabled();
    const paidAds = await screen.findByRole('checkbox', { name: `Paid ads (+${pct('30')})` });
    await userEvent.click(paidAds);
    expect(onChange).toHaveBeenLastCalledWith({
      ...defaultLicenceTerms,
      channels: ['organic', 'paid_ads'],
    });

    await userEvent.click(document.getElementById('test-licence-duration')!);
    await userEvent.click(await screen.findByRole('option', { name: `90 days (+${pct('15')})` }));
    expect(onChange).toHaveBeenLastCalledWith({
      ...defaultLicenceTerms,
      channels: ['organic', 'paid_ads'],
      duration: '90_days',
    });
  });
});
