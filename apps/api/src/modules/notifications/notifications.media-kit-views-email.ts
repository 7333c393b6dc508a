import { formatWholeNumber } from '@clipmarket/contracts/money-format';
import { isRightToLeft, toLanguageTag, type Language } from '../../platform/i18n.js';
import type { MailMessage } from '../../platform/mail/mailer.js';
import { formatSummaryWeek } from './notifications.campaign-summary-email.js';

export interface MediaKitViewsEmailInput {
  to: string;
  language: Language;
  /** The creator's name as the bell greets them (their public name, else first name). */
  name: string | null;
  /** Monday and Sunday of the week counted (Tunisia's calendar days). */
  week: { start: string; end: string };
  views: number;
  downloads: number;
  /** Base URL of the web app (no trailing slash). */
  publicUrl: string;
}

/** A count's words by the language's plural rule (`Intl.PluralRules`: Arabic has six forms). */
type Plural = Partial<Record<Intl.LDMLPluralRule, (count: string) => string>> & {
  other: (count: string) => string;
};

interface ViewsTexts {
  subject: (views: string) => string;
  views: Plural;
  greeting: (name: string) => string;
  hello: string;
  intro: (week: string, views: string) => string;
  downloads: Plural;
  noDownload: string;
  open: string;
  why: string;
  changePreferences: string;
}

/**
 * What the weekly views e-mail says (issue 25 §5), in the creator's interface language (`tn`
 * is Arabic); the week is written as the campaign summary writes it.
 */
const viewsTexts: Record<Language, ViewsTexts> = {
  en: {
    subject: (views) => `Your media kit was viewed ${views} last week`,
    views: { one: (n) => `${n} time`, other: (n) => `${n} times` },
    greeting: (name) => `Hello ${name},`,
    hello: 'Hello,',
    intro: (week, views) => `During the week of ${week}, your media kit was viewed ${views}.`,
    downloads: {
      one: (n) => `Its PDF was downloaded ${n} time.`,
      other: (n) => `Its PDF was downloaded ${n} times.`,
    },
    noDownload: 'Its PDF was not downloaded.',
    open: 'Open your media kit',
    why: 'You receive this e-mail because "Allow e-mails" is on in your notification preferences.',
    changePreferences: 'Change your notification preferences',
  },
  fr: {
    subject: (views) => `Votre media kit a été consulté ${views} la semaine dernière`,
    // "fois" is the same in the singular and the plural.
    views: { other: (n) => `${n} fois` },
    greeting: (name) => `Bonjour ${name},`,
    hello: 'Bonjour,',
    intro: (week, views) =>
      `Pendant la semaine du ${week}, votre media kit a été consulté ${views}.`,
    downloads: { other: (n) => `Son PDF a été téléchargé ${n} fois.` },
    noDownload: 'Son PDF n’a pas été téléchargé.',
    open: 'Ouvrir votre media kit',
    why: 'Vous recevez cet e-mail car « Autoriser les e-mails » est activé dans vos préférences de notification.',
    changePreferences: 'Modifier vos préférences de notification',
  },
  tn: {
    subject: (views) => `شوهد ملفّك التعريفي (ميديا كيت) ${views} الأسبوع الماضي`,
    views: {
      one: () => 'مرة واحدة',
      two: () => 'مرتين',
      few: (n) => `${n} مرات`,
      many: (n) => `${n} مرة`,
      other: (n) => `${n} مرة`,
    },
    greeting: (name) => `مرحبًا ${name}،`,
    hello: 'مرحبًا،',
    intro: (week, views) => `خلال الأسبوع الممتد ${week}، شوهد ملفّك التعريفي ${views}.`,
    downloads: {
      one: () => 'ونُزّل ملف PDF الخاص به مرة واحدة.',
      two: () => 'ونُزّل ملف PDF الخاص به مرتين.',
      few: (n) => `ونُزّل ملف PDF الخاص به ${n} مرات.`,
      many: (n) => `ونُزّل ملف PDF الخاص به ${n} مرة.`,
      other: (n) => `ونُزّل ملف PDF الخاص به ${n} مرة.`,
    },
    noDownload: 'ولم يُنزَّل ملف PDF الخاص به.',
    open: 'افتح ملفّك التعريفي',
    why: 'تتلقى هذا البريد لأن خيار «السماح برسائل البريد الإلكتروني» مفعّل في تفضيلات الإشعارات.',
    changePreferences: 'تغيير تفضيلات الإشعارات',
  },
};

/** In Arabic a number is isolated left to right, a name in any script (as the summaries do). */
const isolation = (language: Language) =>
  isRightToLeft(language)
    ? {
        ltr: (value: string) => `\u2066${value}\u2069`,
        name: (value: string) => `\u2068${value}\u2069`,
      }
    : { ltr: (value: string) => value, name: (value: string) => value };

function pick(plural: Plural, count: number, language: Language): string {
  const rule = new Intl.PluralRules(toLanguageTag(language)).select(count);
  const write = plural[rule] ?? plural.other;
  return write(isolation(language).ltr(formatWholeNumber(count, language)));
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Where the creator allows or stops e-mails: any page opens the settings on that tab. */
const preferencesPath = '/media-kit?settings=notifications-preferences';

/**
 * The weekly "your media kit was viewed N times" e-mail (issue 25 §5): the week's views and
 * PDF downloads, a link to the builder (where the totals are), and why it comes.
 */
export function buildMediaKitViewsEmail(input: MediaKitViewsEmailInput): MailMessage {
  const { language, publicUrl } = input;
  const t = viewsTexts[language];
  const { name } = isolation(language);
  const week = formatSummaryWeek(input.week, language);
  const kitUrl = `${publicUrl}/media-kit`;
  const preferencesUrl = `${publicUrl}${preferencesPath}`;
  const views = pick(t.views, input.views, language);
  const lines = [
    input.name ? t.greeting(name(input.name)) : t.hello,
    t.intro(week, views),
    input.downloads === 0 ? t.noDownload : pick(t.downloads, input.downloads, language),
  ];
  const text = [
    lines[0],
    '',
    `${lines[1]} ${lines[2]}`,
    '',
    `${t.open}: ${kitUrl}`,
    '',
    '—',
    t.why,
    `${t.changePreferences}: ${preferencesUrl}`,
    '',
  ].join('\n');
  const dir = isRightToLeft(language) ? 'rtl' : 'ltr';
  const html = [
    `<!doctype html><html lang="${toLanguageTag(language)}" dir="${dir}">`,
    '<body style="font-family:system-ui,sans-serif;line-height:1.5">',
    `<p>${escapeHtml(lines[0]!)}</p>`,
    `<p>${escapeHtml(`${lines[1]} ${lines[2]}`)}</p>`,
    `<p><a href="${escapeHtml(kitUrl)}">${escapeHtml(t.open)}</a></p>`,
    `<p style="color:#868e96;font-size:12px">${escapeHtml(t.why)} `,
    `<a href="${escapeHtml(preferencesUrl)}">${escapeHtml(t.changePreferences)}</a></p>`,
    '</body></html>',
  ].join('');
  return { to: input.to, subject: t.subject(views), text, html };
}
