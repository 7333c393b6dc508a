import type { CampaignGoal } from '@clipmarket/contracts/campaigns';
import type {
  MetricPlatform,
  MetricSource,
  ScheduledMetricWindow,
} from '@clipmarket/contracts/publication-metrics';
import type { Language } from '../../platform/i18n.js';
import { campaignGoalNames } from '../campaigns/index.js';

/** A figure the report prints, in the totals or a column. */
export type ReportFigure =
  | 'videos'
  | 'published'
  | 'views'
  | 'reach'
  | 'engagements'
  | 'engagement_rate'
  | 'clicks'
  | 'cost'
  | 'cpm'
  | 'cost_per_view'
  | 'cost_per_engagement'
  | 'cpc'
  | 'views_7d';

/**
 * What a campaign's PDF report says, in the three interface languages (`tn` is Arabic), worded
 * as the web's performance pages word the same figures. Values in the sentences come already
 * written (numbers, dates and amounts isolated left to right by the caller).
 */
export interface CampaignReportTexts {
  title: string;
  goal: string;
  dates: string;
  budget: string;
  spent: string;
  generatedOn: (date: string) => string;
  headline: string;
  totals: string;
  overTime: string;
  overTimeIntro: string;
  window: string;
  videosRead: string;
  videosTitle: string;
  noVideo: string;
  reference: string;
  creator: string;
  platforms: string;
  sourcesTitle: string;
  readBetween: (sources: string, newest: string, oldest: string) => string;
  noFigures: string;
  unchecked: (count: number) => string;
  uncheckedMark: string;
  costNote: string;
  currencyNote: string;
  page: (page: number, pages: number) => string;
  notReadYet: string;
  postDeleted: string;
  checked: string;
  notChecked: string;
  figures: Record<ReportFigure, string>;
  windows: Record<ScheduledMetricWindow, string>;
  goals: Record<CampaignGoal, string>;
  sources: Record<MetricSource, string>;
  platformNames: Record<MetricPlatform, string>;
}

export const campaignReportTexts: Record<Language, CampaignReportTexts> = {
  en: {
    title: 'Campaign report',
    goal: 'Goal',
    dates: 'Dates',
    budget: 'Budget',
    spent: 'Spent',
    generatedOn: (date) => `Generated on ${date} (Tunisia time)`,
    headline: 'Headline figures',
    totals: 'Totals',
    overTime: 'Figures over time',
    overTimeIntro:
      'Read 24 hours, 72 hours, 7 days and 30 days after each publication was approved, summed over the videos read then.',
    window: 'After',
    videosRead: 'Videos read',
    videosTitle: 'Published videos',
    noVideo: 'No published video yet.',
    reference: 'Reference',
    creator: 'Creator',
    platforms: 'Publications and sources',
    sourcesTitle: 'Sources',
    readBetween: (sources, newest, oldest) =>
      newest === oldest
        ? `Figures from ${sources}, read on ${newest} (Tunisia time).`
        : `Figures from ${sources}, read between ${oldest} and ${newest} (Tunisia time).`,
    noFigures: 'No figures read yet.',
    unchecked: (count) =>
      count === 1
        ? "The creator's figures of 1 video are not checked by the team yet (marked *)."
        : `The creators' figures of ${count} videos are not checked by the team yet (marked *).`,
    uncheckedMark: '*',
    costNote:
      'Cost: what was paid (platform fees and content fees), from the ledger; clicks: people who followed the tracked links, bots and link previews left out.',
    currencyNote: 'Amounts in Tunisian dinars (TND). —: not read yet.',
    page: (page, pages) => `Clipmarket · Page ${page} of ${pages}`,
    notReadYet: 'not read yet',
    postDeleted: 'post deleted',
    checked: 'checked',
    notChecked: 'not checked yet',
    figures: {
      videos: 'Videos ordered',
      published: 'Videos published',
      views: 'Views',
      reach: 'Reach',
      engagements: 'Engagements',
      engagement_rate: 'Engagement rate',
      clicks: 'Clicks',
      cost: 'Cost',
      cpm: 'CPM (cost per 1,000 views)',
      cost_per_view: 'Cost per view',
      cost_per_engagement: 'Cost per engagement',
      cpc: 'Cost per click',
      views_7d: 'Views at 7 days',
    },
    windows: { '24h': '24 hours', '72h': '72 hours', '7d': '7 days', '30d': '30 days' },
    goals: campaignGoalNames.en,
    sources: {
      instagram_api: 'Instagram API',
      tiktok_api: 'TikTok API',
      creator: 'Submitted by the creator',
    },
    platformNames: { instagram: 'Instagram', tiktok: 'TikTok' },
  },
  fr: {
    title: 'Rapport de campagne',
    goal: 'Objectif',
    dates: 'Dates',
    budget: 'Budget',
    spent: 'Dépensé',
    generatedOn: (date) => `Généré le ${date} (heure de Tunisie)`,
    headline: 'Chiffres clés',
    totals: 'Totaux',
    overTime: 'Chiffres dans le temps',
    overTimeIntro:
      "Lus 24 heures, 72 heures, 7 jours et 30 jours après l'approbation de chaque publication, additionnés sur les vidéos lues à ce moment.",
    window: 'Après',
    videosRead: 'Vidéos lues',
    videosTitle: 'Vidéos publiées',
    noVideo: 'Aucune vidéo publiée pour l’instant.',
    reference: 'Référence',
    creator: 'Créateur',
    platforms: 'Publications et sources',
    sourcesTitle: 'Sources',
    readBetween: (sources, newest, oldest) =>
      newest === oldest
        ? `Chiffres de ${sources}, lus le ${newest} (heure de Tunisie).`
        : `Chiffres de ${sources}, lus entre le ${oldest} et le ${newest} (heure de Tunisie).`,
    noFigures: 'Aucun chiffre lu pour l’instant.',
    unchecked: (count) =>
      count === 1
        ? "Les chiffres du créateur pour 1 vidéo ne sont pas encore vérifiés par l'équipe (marqués *)."
        : `Les chiffres des créateurs pour ${count} vidéos ne sont pas encore vérifiés par l'équipe (marqués *).`,
    uncheckedMark: '*',
    costNote:
      'Coût : ce qui a été payé (frais de plateforme et frais de contenu), selon la comptabilité ; clics : personnes ayant suivi les liens suivis, robots et aperçus de liens exclus.',
    currencyNote: 'Montants en dinars tunisiens (TND). — : pas encore lu.',
    page: (page, pages) => `Clipmarket · Page ${page} sur ${pages}`,
    notReadYet: 'pas encore lu',
    postDeleted: 'publication supprimée',
    checked: 'vérifié',
    notChecked: 'pas encore vérifié',
    figures: {
      videos: 'Vidéos commandées',
      published: 'Vidéos publiées',
      views: 'Vues',
      reach: 'Couverture',
      engagements: 'Interactions',
      engagement_rate: "Taux d'engagement",
      clicks: 'Clics',
      cost: 'Coût',
      cpm: 'CPM (coût pour 1 000 vues)',
      cost_per_view: 'Coût par vue',
      cost_per_engagement: 'Coût par interaction',
      cpc: 'Coût par clic',
      views_7d: 'Vues à 7 jours',
    },
    windows: { '24h': '24 heures', '72h': '72 heures', '7d': '7 jours', '30d': '30 jours' },
    goals: campaignGoalNames.fr,
    sources: {
      instagram_api: 'API Instagram',
      tiktok_api: 'API TikTok',
      creator: 'Fournis par le créateur',
    },
    platformNames: { instagram: 'Instagram', tiktok: 'TikTok' },
  },
  tn: {
    title: 'تقرير الحملة',
    goal: 'الهدف',
    dates: 'التواريخ',
    budget: 'الميزانية',
    spent: 'المصروف',
    generatedOn: (date) => `أُنشئ في ${date} (بتوقيت تونس)`,
    headline: 'الأرقام الرئيسية',
    totals: 'المجاميع',
    overTime: 'الأرقام عبر الزمن',
    overTimeIntro:
      'تُقرأ بعد 24 ساعة و72 ساعة و7 أيام و30 يومًا من الموافقة على كل منشور، وتُجمع على الفيديوهات التي قُرئت حينها.',
    window: 'بعد',
    videosRead: 'الفيديوهات المقروءة',
    videosTitle: 'الفيديوهات المنشورة',
    noVideo: 'لا يوجد فيديو منشور بعد.',
    reference: 'المرجع',
    creator: 'صانع المحتوى',
    platforms: 'المنشورات والمصادر',
    sourcesTitle: 'المصادر',
    readBetween: (sources, newest, oldest) =>
      newest === oldest
        ? `الأرقام من ${sources}، قُرئت في ${newest} (بتوقيت تونس).`
        : `الأرقام من ${sources}، قُرئت بين ${oldest} و${newest} (بتوقيت تونس).`,
    noFigures: 'لم تُقرأ أي أرقام بعد.',
    unchecked: (count) =>
      count === 1
        ? 'لم يتحقّق الفريق بعد من أرقام صانع المحتوى لفيديو واحد (المعلَّمة بـ *).'
        : `لم يتحقّق الفريق بعد من أرقام صنّاع المحتوى لـ ${count} فيديوهات (المعلَّمة بـ *).`,
    uncheckedMark: '*',
    costNote:
      'التكلفة: ما تمّ دفعه (معاليم المنصة ومعاليم المحتوى) حسب الدفاتر؛ النقرات: الأشخاص الذين اتّبعوا الروابط المتتبَّعة، دون الروبوتات ومعاينات الروابط.',
    currencyNote: 'المبالغ بالدينار التونسي (TND). —: لم تُقرأ بعد.',
    page: (page, pages) => `Clipmarket · الصفحة ${page} من ${pages}`,
    notReadYet: 'لم تُقرأ بعد',
    postDeleted: 'حُذف المنشور',
    checked: 'تم التحقّق منها',
    notChecked: 'لم يتم التحقّق منها بعد',
    figures: {
      videos: 'الفيديوهات المطلوبة',
      published: 'الفيديوهات المنشورة',
      views: 'المشاهدات',
      reach: 'الوصول',
      engagements: 'التفاعلات',
      engagement_rate: 'معدّل التفاعل',
      clicks: 'النقرات',
      cost: 'التكلفة',
      cpm: 'التكلفة لكل 1000 مشاهدة',
      cost_per_view: 'التكلفة لكل مشاهدة',
      cost_per_engagement: 'التكلفة لكل تفاعل',
      cpc: 'التكلفة لكل نقرة',
      views_7d: 'المشاهدات بعد 7 أيام',
    },
    windows: { '24h': '24 ساعة', '72h': '72 ساعة', '7d': '7 أيام', '30d': '30 يومًا' },
    goals: campaignGoalNames.tn,
    sources: {
      instagram_api: 'واجهة Instagram البرمجية',
      tiktok_api: 'واجهة TikTok البرمجية',
      creator: 'قدّمها صانع المحتوى',
    },
    platformNames: { instagram: 'Instagram', tiktok: 'TikTok' },
  },
};
