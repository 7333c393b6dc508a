import type { InvoiceSummary } from '@clipmarket/contracts/invoices';
import { useLineWording } from '../../../components/checkout/line-wording';
import { useTranslation } from '../../../lib/use-translation';

/**
 * What an invoice is for, in the reader's language: its first line worded from its code and
 * parameters (the public reference, the request's title), and how many more lines it bills.
 * An invoice issued before labels shows its stored text after its kind, as issued.
 */
export function InvoiceLabel({ invoice }: { invoice: InvoiceSummary }) {
  const { t } = useTranslation('invoices');
  const lineWording = useLineWording();
  if (invoice.line_label) {
    const first = lineWording.full(invoice.line_label);
    return invoice.line_count > 1
      ? t('table.moreLines', { label: first, count: invoice.line_count - 1 })
      : first;
  }
  // A pack's label is its kind; a request's or an opportunity's is its title.
  return invoice.purchase_kind === 'wallet_pack'
    ? t(`purchaseKinds.${invoice.purchase_kind}`)
    : `${t(`purchaseKinds.${invoice.purchase_kind}`)}: ${invoice.label}`;
}
