import type { CampaignGoal, CampaignPhase } from '@clipmarket/contracts/campaigns';
import { formatMoney, formatWholeNumber } from '@clipmarket/contracts/money-format';
import type { MetricSource } from '@clipmarket/contracts/publication-metrics';
import { isRightToLeft, toLanguageTag, type Language } from '../../platform/i18n.js';
import type { MailMessage } from '../../platform/mail/mailer.js';
import { campaignGoalNames, campaignPhaseNames } from '../campaigns/index.js';

/** One campaign of the weekly summary, as the e-mail words it. */
export interface SummarisedCampaign {
  campaignId: number;
  name: string;
  goal: CampaignGoal;
  /** Where it stands on the day the summary is sent. */
  phase: CampaignPhase;
  startsOn: string;
  endsOn: string;
  /** Millimes. */
  budget: number;
  spent: number;
  /** Videos with an approved publication link, and those first approved during the week. */
  published: number;
  publishedThisWeek: number;
  /** Current totals; null when no figure was read yet. */
  views: number | null;
  engagements: number | null;
  clicks: number;
  sources: readonly MetricSource[];
  /** The oldest of the current figures: "read up to 3 hours ago". */
  oldestReadAt: Date | null;
}

export interface CampaignSummaryEmailInput {
  to: string;
  language: Language;
  brandName: string;
  /** Monday and Sunday of the week summarised (Tunisia's calendar days). */
  week: { start: string; end: string };
  campaigns: readonly SummarisedCampaign[];
  now: Date;
  /** Base URL of the web app (no trailing slash). */
  publicUrl: string;
}

interface SummaryTexts {
  subject: (week: string) => string;
  greeting: (name: string) => string;
  intro: (week: string) => string;
  goal: (goal: string) => string;
  goals: Record<CampaignGoal, string>;
  phases: Record<CampaignPhase, string>;
  published: (total: string, thisWeek: string) => string;
  noVideo: string;
  figures: (views: string, engagements: string) => string;
  notRead: string;
  sourcesRead: (sources: string, age: string) => string;
  sources: Record<MetricSource, string>;
  clicks: (clicks: string) => string;
  spent: (spent: string, budget: string) => string;
  openCampaign: string;
  openPerformance: string;
  why: string;
  changePreferences: string;
  /** Short month names, January first. */
  months: readonly string[];
  /** A range of days: `23–29 Nov`, `30 Nov – 6 Dec`. */
  range: (from: string, to: string, isSameMonth: boolean) => string;
  listSeparator: string;
}

const englishMonths = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/**
 * What the weekly campaign summary says (issue 24 §6), in the advertiser's interface language
 * (`tn` is Arabic). Goals and phases are the campaigns module's names (as on the campaign pages),
 * sources read as on the performance pages.
 * Month names are written out rather than asked of Intl, whose ICU data differ between Node
 * releases ("Sep" or "Sept").
 */
const summaryTexts: Record<Language, SummaryTexts> = {
  en: {
    subject: (week) => `Your campaigns this week — ${week}`,
    greeting: (name) => `Hello ${name},`,
    intro: (week) => `Here is where your campaigns stand after the week of ${week}.`,
    goal: (goal) => `Goal: ${goal}`,
    goals: campaignGoalNames.en,
    phases: campaignPhaseNames.en,
    published: (total, thisWeek) => `Videos published: ${total}, ${thisWeek} of them this week`,
    noVideo: 'No video published yet',
    figures: (views, engagements) => `Views: ${views} · Engagements: ${engagements}`,
    notRead: 'Views and engagements: not read yet',
    sourcesRead: (sources, age) => `Figures from ${sources}, read up to ${age}`,
    sources: {
      instagram_api: 'Instagram API',
      tiktok_api: 'TikTok API',
      creator: 'the creators’ submissions',
    },
    clicks: (clicks) => `Clicks on tracked links: ${clicks}`,
    spent: (spent, budget) => `Spent: ${spent} of a ${budget} budget`,
    openCampaign: 'Open the campaign',
    openPerformance: 'See its performance',
    why: 'You receive this summary every Monday because "Allow e-mails" is on in your notification preferences. Turning it off stops this summary and the other notification e-mails.',
    changePreferences: 'Change your notification preferences',
    months: englishMonths,
    range: (from, to, isSameMonth) => (isSameMonth ? `${from}–${to}` : `${from} – ${to}`),
    listSeparator: ', ',
  },
  fr: {
    subject: (week) => `Vos campagnes cette semaine — ${week}`,
    greeting: (name) => `Bonjour ${name},`,
    intro: (week) => `Voici où en sont vos campagnes après la semaine du ${week}.`,
    goal: (goal) => `Objectif : ${goal}`,
    goals: campaignGoalNames.fr,
    phases: campaignPhaseNames.fr,
    published: (total, thisWeek) => `Vidéos publiées : ${total}, dont ${thisWeek} cette semaine`,
    noVideo: 'Aucune vidéo publiée pour l’instant',
    figures: (views, engagements) => `Vues : ${views} · Interactions : ${engagements}`,
    notRead: 'Vues et interactions : pas encore lues',
    sourcesRead: (sources, age) => `Chiffres de ${sources}, lus ${age} au plus`,
    sources: {
      instagram_api: 'l’API Instagram',
      tiktok_api: 'l’API TikTok',
      creator: 'les chiffres fournis par les créateurs',
    },
    clicks: (clicks) => `Clics sur les liens suivis : ${clicks}`,
    spent: (spent, budget) => `Dépensé : ${spent} sur un budget de ${budget}`,
    openCampaign: 'Ouvrir la campagne',
    openPerformance: 'Voir ses performances',
    why: 'Vous recevez ce récapitulatif chaque lundi car « Autoriser les e-mails » est activé dans vos préférences de notification. Le désactiver arrête ce récapitulatif et les autres e-mails de notification.',
    changePreferences: 'Modifier vos préférences de notification',
    months: [
      'janv.',
      'févr.',
      'mars',
      'avr.',
      'mai',
      'juin',
      'juil.',
      'août',
      'sept.',
      'oct.',
      'nov.',
      'déc.',
    ],
    range: (from, to, isSameMonth) => (isSameMonth ? `${from}–${to}` : `${from} – ${to}`),
    listSeparator: ', ',
  },
  tn: {
    subject: (week) => `حملاتك هذا الأسبوع — ${week}`,
    greeting: (name) => `مرحبًا ${name}،`,
    intro: (week) => `إليك حصيلة حملاتك بعد الأسبوع الممتد ${week}.`,
    goal: (goal) => `الهدف: ${goal}`,
    goals: campaignGoalNames.tn,
    phases: campaignPhaseNames.tn,
    published: (total, thisWeek) => `الفيديوهات المنشورة: ${total}، منها ${thisWeek} هذا الأسبوع`,
    noVideo: 'لم يُنشر أي فيديو بعد',
    figures: (views, engagements) => `المشاهدات: ${views} · التفاعلات: ${engagements}`,
    notRead: 'المشاهدات والتفاعلات: لم تُقرأ بعد',
    sourcesRead: (sources, age) => `أرقام من ${sources}، قُرئت ${age} على الأكثر`,
    sources: {
      instagram_api: 'واجهة Instagram البرمجية',
      tiktok_api: 'واجهة TikTok البرمجية',
      creator: 'ما قدّمه صانعو المحتوى',
    },
    clicks: (clicks) => `النقرات على روابط التتبّع: ${clicks}`,
    spent: (spent, budget) => `المصروف: ${spent} من ميزانية قدرها ${budget}`,
    openCampaign: 'فتح الحملة',
    openPerformance: 'عرض أدائها',
    why: 'تتلقى هذا الملخّص كل يوم اثنين لأن خيار «السماح برسائل البريد الإلكتروني» مفعّل في تفضيلات الإشعارات. يؤدي إيقافه إلى إيقاف هذا الملخّص ورسائل الإشعارات الأخرى.',
    changePreferences: 'تغيير تفضيلات الإشعارات',
    months: [
      'جانفي',
      'فيفري',
      'مارس',
      'أفريل',
      'ماي',
      'جوان',
      'جويلية',
      'أوت',
      'سبتمبر',
      'أكتوبر',
      'نوفمبر',
      'ديسمبر',
    ],
    // Words rather than a dash: between two numbers a dash reads the wrong way round in Arabic.
    range: (from, to) => `من ${from} إلى ${to}`,
    listSeparator: '، ',
  },
};

/**
 * In Arabic, what is written left to right is isolated (U+2066 … U+2069 for numbers and
 * amounts, whose "TND" and separators would otherwise be reordered; U+2068 … U+2069 for names
 * in any script), as the notifications and invoices do.
 */
const isolation = (language: Language) =>
  isRightToLeft(language)
    ? {
        ltr: (value: string) => `\u2066${value}\u2069`,
        name: (value: string) => `\u2068${value}\u2069`,
      }
    : { ltr: (value: string) => value, name: (value: string) => value };

/** `23–29 Nov`, `30 Nov – 6 Dec`, `29 Dec 2026 – 4 Jan 2027` (years when asked or needed). */
function formatDays(from: string, to: string, language: Language, withYear = false): string {
  const t = summaryTexts[language];
  const { ltr } = isolation(language);
  const parts = (day: string) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return { year, month, date, monthName: t.months[month - 1] ?? '' };
  };
  const a = parts(from);
  const b = parts(to);
  const showYear = withYear || a.year !== b.year;
  const write = (p: typeof a, year: boolean) =>
    `${ltr(String(p.date))} ${p.monthName}${year ? ` ${ltr(String(p.year))}` : ''}`;
  if (!showYear && a.month === b.month) {
    return t.range(ltr(String(a.date)), write(b, false), true);
  }
  return t.range(write(a, showYear), write(b, showYear), false);
}

/** The web's Intl locales (apps/web/src/lib/i18n.ts `intlLocale`). */
const intlLocales: Record<Language, string> = { en: 'en-GB', fr: 'fr-TN', tn: 'ar-TN' };

const relativeUnits: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 hours ago", "il y a 2 jours", "قبل 3 ساعات", with Latin digits (as the web writes it). */
function formatAge(readAt: Date, now: Date, language: Language): string {
  const format = new Intl.RelativeTimeFormat(intlLocales[language], {
    numeric: 'always',
    numberingSystem: 'latn',
  } as Intl.RelativeTimeFormatOptions);
  const distance = Math.max(0, now.getTime() - readAt.getTime());
  for (const [unit, size] of relativeUnits) {
    if (distance >= 2 * size || unit === 'minute') {
      return format.format(-Math.max(1, Math.floor(distance / size)), unit);
    }
  }
  return format.format(-1, 'minute');
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** The week's range as the subject and the opening line write it. */
export function formatSummaryWeek(week: { start: string; end: string }, language: Language) {
  return formatDays(week.start, week.end, language);
}

/** Where the advertiser allows or stops e-mails: any page opens the settings on that tab. */
export const notificationPreferencesPath = '/campaign?settings=notifications-preferences';

/**
 * The weekly campaign summary (issue 24 §6): per campaign its goal, phase and dates, videos
 * published (in all and during the week), views and engagements with their sources' age,
 * clicks on tracked links, money spent against the budget, and links to its page and its
 * performance page; then why the advertiser gets it and where to stop it.
 */
export function buildCampaignSummaryEmail(input: CampaignSummaryEmailInput): MailMessage {
  const { language, publicUrl } = input;
  const t = summaryTexts[language];
  const { ltr, name } = isolation(language);
  const number = (value: number) => ltr(formatWholeNumber(value, language));
  const money = (millimes: number) => ltr(formatMoney(millimes, language));
  const week = formatSummaryWeek(input.week, language);
  const preferencesUrl = `${publicUrl}${notificationPreferencesPath}`;

  const sections = input.campaigns.map((campaign) => {
    const lines: string[] = [
      `${t.goal(t.goals[campaign.goal])} · ${t.phases[campaign.phase]} · ${formatDays(
        campaign.startsOn,
        campaign.endsOn,
        language,
        true,
      )}`,
      campaign.published === 0
        ? t.noVideo
        : t.published(number(campaign.published), number(campaign.publishedThisWeek)),
    ];
    if (campaign.published > 0) {
      if (campaign.views === null && campaign.engagements === null) {
        lines.push(t.notRead);
      } else {
        // A figure no source gives (a creator's submission without views) is a dash, not 0.
        const figure = (value: number | null) => (value === null ? '—' : number(value));
        lines.push(t.figures(figure(campaign.views), figure(campaign.engagements)));
      }
      if (campaign.oldestReadAt && campaign.sources.length > 0) {
        lines.push(
          t.sourcesRead(
            campaign.sources.map((source) => name(t.sources[source])).join(t.listSeparator),
            formatAge(campaign.oldestReadAt, input.now, language),
          ),
        );
      }
    }
    lines.push(t.clicks(number(campaign.clicks)));
    lines.push(t.spent(money(campaign.spent), money(campaign.budget)));
    const campaignUrl = `${publicUrl}/campaign/${campaign.campaignId}`;
    return {
      title: name(campaign.name),
      lines,
      links: [
        { label: t.openCampaign, url: campaignUrl },
        { label: t.openPerformance, url: `${campaignUrl}/performance-mixed` },
      ],
    };
  });

  const text = [
    t.greeting(name(input.brandName)),
    '',
    t.intro(week),
    ...sections.flatMap((section) => [
      '',
      section.title,
      ...section.lines,
      ...section.links.map((link) => `${link.label}: ${link.url}`),
    ]),
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
    `<p>${escapeHtml(t.greeting(name(input.brandName)))}</p>`,
    `<p>${escapeHtml(t.intro(week))}</p>`,
    ...sections.map((section) =>
      [
        '<section style="margin:16px 0;padding:12px 16px;border:1px solid #dee2e6;border-radius:8px">',
        `<h2 style="font-size:18px;margin:0 0 8px">${escapeHtml(section.title)}</h2>`,
        '<ul style="margin:0 0 8px;padding-inline-start:20px">',
        ...section.lines.map((line) => `<li>${escapeHtml(line)}</li>`),
        '</ul>',
        `<p style="margin:0">${section.links
          .map((link) => `<a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a>`)
          .join(' · ')}</p>`,
        '</section>',
      ].join(''),
    ),
    `<p style="color:#868e96;font-size:12px">${escapeHtml(t.why)} `,
    `<a href="${escapeHtml(preferencesUrl)}">${escapeHtml(t.changePreferences)}</a></p>`,
    '</body></html>',
  ].join('');

  return { to: input.to, subject: t.subject(week), text, html };
}
