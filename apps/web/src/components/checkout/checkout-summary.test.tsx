import type { CheckoutQuote } from '@clipmarket/contracts/checkout';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../app/test-utils';
import i18n from '../../lib/i18n';
import { CheckoutSummary } from './checkout-summary';

/** A content request as the server could price it: fees, a 10 % promotion, VAT, the stamp. */
const quote: CheckoutQuote = {
  lines: [
    {
      kind: 'platform_fee',
      description: 'Spring launch',
      quantity: 2,
      unit_amount: 50_000,
      amount: 100_000,
    },
    {
      kind: 'content_fee',
      description: 'sami.creates',
      quantity: 1,
      unit_amount: 1_200_000,
      amount: 1_200_000,
    },
  ],
  subtotal: 1_300_000,
  promo_code: 'RAMADAN10',
  promotion_basis_points: 1000,
  discount: 10_000,
  taxable_amount: 90_000,
  vat_rate_basis_points: 1900,
  vat_amount: 17_100,
  stamp_amount: 1000,
  total: 1_308_100,
};

describe('CheckoutSummary', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it("shows the server's lines, promotion, VAT with its rate, stamp and total", () => {
    renderWithProviders(<CheckoutSummary quote={quote} />);
    const summary = screen.getByRole('region', { name: 'Order summary' });
    const row = (name: RegExp) => within(summary).getByRole('row', { name });
    expect(row(/^Platform fee × 2/)).toHaveTextContent('Spring launch');
    expect(row(/^Platform fee/)).toHaveTextContent('100.000 TND');
    expect(row(/^Content fee/)).toHaveTextContent('1,200.000 TND');
    expect(row(/^Promotion \(10 %\)/)).toHaveTextContent('Code RAMADAN10');
    expect(row(/^Promotion/)).toHaveTextContent('−10.000 TND');
    expect(row(/^VAT \(TVA\) 19 %/)).toHaveTextContent('17.100 TND');
    expect(row(/^Fiscal stamp/)).toHaveTextContent('1.000 TND');
    expect(row(/^Total to pay/)).toHaveTextContent('1,308.100 TND');
  });

  it('leaves the promotion out when there is none, and speaks Arabic', async () => {
    await act(() => i18n.changeLanguage('tn'));
    renderWithProviders(
      <CheckoutSummary
        quote={{ ...quote, promo_code: null, promotion_basis_points: 0, discount: 0 }}
      />,
    );
    const summary = screen.getByRole('region', { name: 'ملخّص الطلب' });
    expect(within(summary).queryByText(/تخفيض/)).toBeNull();
    expect(within(summary).getByRole('row', { name: /^المجموع للدفع/ })).toHaveTextContent(
      /1\.308,100 TND/,
    );
  });

  it('words each line from its code and parameters in the reader’s language, not the stored English', async () => {
    const labelled: CheckoutQuote = {
      ...quote,
      lines: [
        {
          kind: 'platform_fee',
          description: 'Platform fee — CR-000010 “Spring launch”',
          label: {
            code: 'platform_fee',
            params: { reference: 'CR-000010', title: 'Spring launch' },
          },
          quantity: 1,
          unit_amount: 100_000,
          amount: 100_000,
        },
      ],
    };
    const { unmount } = renderWithProviders(<CheckoutSummary quote={labelled} />);
    expect(screen.getByRole('row', { name: /^Platform fee/ })).toHaveTextContent(
      'CR-000010 “Spring launch”',
    );
    unmount();
    for (const [language, kind, detail] of [
      ['fr', 'Frais de plateforme', 'CR-000010 « Spring launch »'],
      ['tn', 'رسوم المنصة', 'CR-000010 «\u2068Spring launch\u2069»'],
    ] as const) {
      await act(() => i18n.changeLanguage(language));
      const view = renderWithProviders(<CheckoutSummary quote={labelled} />);
      const row = screen.getByRole('row', { name: new RegExp(`^${kind}`) });
      expect(row).toHaveTextContent(detail);
      expect(row).not.toHaveTextContent('Platform fee');
      view.unmount();
    }
  });

  it('explains a VAT of 0: a wallet pack is a deposit; content fees carry none', () => {
    const pack: CheckoutQuote = {
      lines: [
        {
          kind: 'wallet_pack',
          description: 'Wallet pack',
          quantity: 1,
          unit_amount: 250_000,
          amount: 250_000,
        },
      ],
      subtotal: 250_000,
      promo_code: null,
      promotion_basis_points: 0,
      discount: 0,
      taxable_amount: 0,
      vat_rate_basis_points: 1900,
      vat_amount: 0,
      stamp_amount: 1000,
      total: 251_000,
    };
    const { unmount } = renderWithProviders(<CheckoutSummary quote={pack} />);
    expect(screen.getByRole('row', { name: /^VAT \(TVA\) 19 %/ })).toHaveTextContent(
      '0 %: a wallet pack is a deposit. VAT is charged on the platform fees it later pays.',
    );
    unmount();
    renderWithProviders(<CheckoutSummary quote={quote} />);
    expect(screen.getByRole('row', { name: /^VAT \(TVA\) 19 %/ })).not.toHaveTextContent('0 %:');
  });
});
