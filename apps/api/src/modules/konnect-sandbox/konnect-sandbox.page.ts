import { isRightToLeft, toLanguageTag, type Language } from '../../platform/i18n.js';
import { sandboxTexts } from './konnect-sandbox.texts.js';
import type { SandboxPayment } from './konnect-sandbox.service.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** `24800` → `24.800 TND` (spec §9: millimes shown with three decimals). */
const formatTnd = (millimes: number) =>
  `${Math.floor(millimes / 1000)
    .toLocaleString('en')
    .replace(/,/g, ' ')}.${String(millimes % 1000).padStart(3, '0')} TND`;

/**
 * The hosted checkout page of the sandbox: plain HTML (no script), readable with a keyboard
 * and a screen reader, in the payer's language, right to left in Arabic.
 */
export function renderCheckoutPage(input: {
  language: Language;
  payment: SandboxPayment | null;
  message?: 'paid' | 'expired' | 'unknown' | 'unknownCard';
  merchantName: string;
}): string {
  const t = sandboxTexts[input.language];
  const { payment } = input;
  const canPay = payment && !input.message?.match(/^(paid|expired|unknown)$/);
  const alert = input.message
    ? `<p role="alert" class="alert">${escapeHtml(t[input.message])}</p>`
    : '';
  const details = payment
    ? `<dl>
        <dt>${escapeHtml(t.merchant)}</dt><dd>${escapeHtml(input.merchantName)}</dd>
        <dt>${escapeHtml(t.amount)}</dt><dd dir="ltr">${formatTnd(payment.amount)}</dd>
        ${payment.description ? `<dt>${escapeHtml(t.description)}</dt><dd>${escapeHtml(payment.description)}</dd>` : ''}
      </dl>`
    : '';
  const form = canPay
    ? `<form method="post" action="/sandbox/konnect/pay/${encodeURIComponent(payment.paymentRef)}?lang=${input.language}">
        <fieldset>
          <legend>${escapeHtml(t.card)}</legend>
          <label><input type="radio" name="card" value="4509211111111119" checked> ${escapeHtml(t.successCard)}</label>
          <label><input type="radio" name="card" value="5440212711111110"> ${escapeHtml(t.successCard2)}</label>
          <label><input type="radio" name="card" value="5471251111111116"> ${escapeHtml(t.failureCard)}</label>
        </fieldset>
        <div class="actions">
          <button type="submit" name="action" value="pay">${escapeHtml(t.pay)} ${formatTnd(payment.amount)}</button>
          <button type="submit" name="action" value="cancel" class="secondary">${escapeHtml(t.cancel)}</button>
        </div>
      </form>`
    : '';
  return `<!doctype html>
<html lang="${toLanguageTag(input.language)}" dir="${isRightToLeft(input.language) ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t.title)}</title>
<style>
  body { font-family: system-ui, "Noto Sans", "Noto Sans Arabic", sans-serif; background: #f1f3f5; color: #212529; margin: 0; }
  main { max-width: 28rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: 0.75rem; }
  h1 { font-size: 1.25rem; margin-top: 0; }
  .notice { background: #fff3bf; padding: 0.75rem; border-radius: 0.5rem; }
  .alert { background: #ffe3e3; color: #a51111; padding: 0.75rem; border-radius: 0.5rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 1rem; }
  dt { color: #495057; } dd { margin: 0; font-weight: 600; }
  fieldset { border: 1px solid #adb5bd; border-radius: 0.5rem; }
  label { display: block; padding: 0.4rem 0; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 1rem; }
  button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 0.5rem; border: 0; background: #1c5fb8; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1c5fb8; border: 1px solid #1c5fb8; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f08c00; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <h1>${escapeHtml(t.title)}</h1>
  <p class="notice">${escapeHtml(t.notice)}</p>
  ${alert}
  ${details}
  ${form}
</main>
</body>
</html>`;
}
