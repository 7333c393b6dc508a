import { isRightToLeft, toLanguageTag, type Language } from '../../platform/i18n.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

const texts: Record<Language, { subject: string; open: string; why: string }> = {
  en: {
    subject: 'New notification on Clipmarket',
    open: 'Open in Clipmarket',
    why: 'You receive this e-mail because e-mail notifications are on in your settings.',
  },
  fr: {
    subject: 'Nouvelle notification sur Clipmarket',
    open: 'Ouvrir dans Clipmarket',
    why: 'Vous recevez cet e-mail car les notifications par e-mail sont activées dans vos paramètres.',
  },
  tn: {
    subject: 'إشعار جديد على Clipmarket',
    open: 'افتح في Clipmarket',
    why: 'تتلقى هذا البريد لأن إشعارات البريد الإلكتروني مفعّلة في إعداداتك.',
  },
};

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The e-mail twin of a notification, in the receiver's language (Arabic laid out RTL). */
export function buildNotificationEmail(options: {
  to: string;
  language: Language;
  content: string;
  link: string;
}): MailMessage {
  const t = texts[options.language];
  const dir = isRightToLeft(options.language) ? 'rtl' : 'ltr';
  const lang = toLanguageTag(options.language);
  return {
    to: options.to,
    subject: t.subject,
    text: `${options.content}\n\n${t.open}: ${options.link}\n\n${t.why}\n`,
    html: [
      `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:system-ui,sans-serif">`,
      `<p>${escapeHtml(options.content)}</p>`,
      `<p><a href="${escapeHtml(options.link)}">${escapeHtml(t.open)}</a></p>`,
      `<p style="color:#868e96;font-size:12px">${escapeHtml(t.why)}</p>`,
      '</body></html>',
    ].join(''),
  };
}
