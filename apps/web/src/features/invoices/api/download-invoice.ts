import { downloadFile } from '../../../lib/download-file';

/**
 * GET /v2/invoices/{id}/pdf with the bearer token, in the interface language the advertiser
 * reads; the PDF is then saved under the invoice's number.
 */
export function downloadInvoice(invoice: { invoice_id: number; number: string }, language: string) {
  const lang = encodeURIComponent(language);
  return downloadFile(
    `/invoices/${invoice.invoice_id}/pdf?lang=${lang}`,
    `invoice-${invoice.number}.pdf`,
  );
}
