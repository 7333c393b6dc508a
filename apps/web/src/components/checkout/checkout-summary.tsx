import type { CheckoutQuote } from '@clipmarket/contracts/checkout';
import { Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { formatPercent } from '../../lib/format';
import { useLineWording } from './line-wording';
import { Money } from './money';

export interface CheckoutSummaryProps {
  /** The server's price (never computed here, DESIGN §3). */
  quote: CheckoutQuote;
  /** A newer price is on its way (the amount or the code changed): the figures are dimmed. */
  isUpdating?: boolean;
  /** Heading level within the page. */
  order?: 2 | 3 | 4;
}

/**
 * What a purchase costs, as the server priced it (issue 9 §4, ADR 015): its lines, the promotion
 * with its percentage, the VAT (TVA) with its rate, the fiscal stamp and the total. Used by every
 * checkout (wallet packs now; content requests and opportunities next).
 */
/**
 * Why a VAT line shows 0 (never left unexplained): only the platform's own fees carry VAT, so
 * a wallet pack (a deposit, taxed when it pays a fee) or the creators' content fees carry
 * none; otherwise the promotion left nothing to tax, or the rate is 0.
 */
function zeroVatReasonOf(quote: CheckoutQuote) {
  if (quote.vat_amount > 0) return null;
  if (quote.lines.every((line) => line.kind === 'wallet_pack')) return 'wallet_pack';
  if (quote.lines.every((line) => line.kind !== 'platform_fee')) return 'content_fee';
  return quote.vat_rate_basis_points === 0 ? 'zeroRate' : 'nothingTaxable';
}

export function CheckoutSummary({ quote, isUpdating = false, order = 3 }: CheckoutSummaryProps) {
  const { t, i18n } = useTranslation('checkout');
  const language = i18n.language;
  const headingId = useId();
  const percent = (basisPoints: number) => formatPercent(basisPoints / 100, language);
  const zeroVatReason = zeroVatReasonOf(quote);
  const lineWording = useLineWording();

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Title order={order} size="h4" id={headingId}>
          {t('summary.title')}
          {isUpdating && (
            <Loader size="xs" ms="xs" type="dots" aria-label={t('summary.updating')} />
          )}
        </Title>
        <Table
          aria-labelledby={headingId}
          aria-busy={isUpdating}
          verticalSpacing={6}
          style={{ opacity: isUpdating ? 0.6 : 1 }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" ta="start">
                <VisuallyHidden>{t('summary.item')}</VisuallyHidden>
              </Table.Th>
              <Table.Th scope="col" ta="end">
                <VisuallyHidden>{t('summary.amount')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {quote.lines.map((line, index) => (
              <Table.Tr key={`${line.kind}-${index}`}>
                <Table.Th scope="row" fw={400} ta="start">
                  {t(`summary.lines.${line.kind}`)}
                  {line.quantity > 1 && ` × ${line.quantity}`}
                  {(() => {
                    // What the line is for, in the reader's language (older lines: as stored).
                    const more = line.label
                      ? lineWording.detail(line.label)
                      : line.kind !== 'wallet_pack'
                        ? line.description
                        : '';
                    return (
                      more && (
                        <Text size="sm" c="dimmed" component="span" display="block">
                          {more}
                        </Text>
                      )
                    );
                  })()}
                </Table.Th>
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                  <Money millimes={line.amount} />
                </Table.Td>
              </Table.Tr>
            ))}
            {quote.discount > 0 && (
              <Table.Tr>
                <Table.Th scope="row" fw={400} ta="start">
                  {t('summary.discount', { percent: percent(quote.promotion_basis_points) })}
                  {quote.promo_code && (
                    <Text size="sm" c="dimmed" component="span" display="block">
                      {t('summary.discountCode', { code: quote.promo_code })}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td ta="end" c="teal" style={{ whiteSpace: 'nowrap' }}>
                  {/* An explicit minus: the amount is taken off. */}
                  <Money millimes={quote.discount} sign="−" />
                </Table.Td>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th scope="row" fw={400} ta="start">
                {t('summary.vat', { rate: percent(quote.vat_rate_basis_points) })}
                {zeroVatReason && (
                  <Text size="sm" c="dimmed" component="span" display="block">
                    {t(`summary.vatNone.${zeroVatReason}`)}
                  </Text>
                )}
              </Table.Th>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                <Money millimes={quote.vat_amount} />
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" fw={400} ta="start">
                {t('summary.stamp')}
              </Table.Th>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                <Money millimes={quote.stamp_amount} />
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row" ta="start">
                {t('summary.total')}
              </Table.Th>
              <Table.Td ta="end" fw={700} style={{ whiteSpace: 'nowrap' }}>
                <Money millimes={quote.total} />
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
