import { downloadFile } from '../../../lib/download-file';

/**
 * GET /v2/invoices/{id}/teif.xml with the bearer token: the invoice as TEIF XML (El Fatoora,
 * issue 27 §4), saved under TTN's usual name, `TEIF_<number>.xml`.
 */
export function downloadInvoiceTeif(invoice: { invoice_id: number; number: string }) {
  return downloadFile(`/invoices/${invoice.invoice_id}/teif.xml`, `TEIF_${invoice.number}.xml`);
}
