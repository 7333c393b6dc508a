import { API_BASE, ApiError, refreshSession } from '../../../lib/api-client';
import { readTokens } from '../../../lib/session';

function fetchPdf(invoiceId: number, language: string): Promise<Response> {
  const token = readTokens()?.accessToken;
  const lang = encodeURIComponent(language);
  return fetch(`${API_BASE}/invoices/${invoiceId}/pdf?lang=${lang}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/**
 * GET /v2/invoices/{id}/pdf with the bearer token (a link could not send it), refreshed once
 * on a 401, in the interface language the advertiser reads; the PDF is then saved under the
 * invoice's number.
 */
export async function downloadInvoice(
  invoice: { invoice_id: number; number: string },
  language: string,
) {
  let res: Response;
  try {
    res = await fetchPdf(invoice.invoice_id, language);
    if (res.status === 401 && (await refreshSession()))
      res = await fetchPdf(invoice.invoice_id, language);
  } catch {
    throw new ApiError(0, 'NETWORK', 'Network error');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as {
      error?: { code?: ApiError['code']; message?: string };
    } | null;
    throw new ApiError(
      res.status,
      body?.error?.code ?? 'INTERNAL',
      body?.error?.message ?? res.statusText,
    );
  }
  const url = URL.createObjectURL(await res.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `invoice-${invoice.number}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download: the URL may go once the event loop turns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
