import type { Campaign } from '@clipmarket/contracts/campaigns';
import type { Role } from '@clipmarket/contracts/enums';
import { decimalText } from '@clipmarket/contracts/decimal-text';
import { formatMoney, formatWholeNumber } from '@clipmarket/contracts/money-format';
import type {
  PerformanceDetail,
  PerformancePublication,
  PerformanceTotals,
  PerformanceVideo,
} from '@clipmarket/contracts/performance';
import type { Language } from '../../platform/i18n.js';
import { ltr } from '../../platform/pdf/pdf-text.js';
import {
  formatPdfDateTime,
  formatPdfDay,
  PdfWriter,
  type PdfColumn,
} from '../../platform/pdf/pdf-writer.js';
import type { CampaignPagesForReport } from './performance.ports.js';
import {
  campaignReportTexts,
  type CampaignReportTexts,
  type ReportFigure,
} from './performance.report-texts.js';
import type { PerformanceService } from './performance.service.js';

/** What a campaign's report prints: the campaign's page, its mixed performance, and when. */
export interface CampaignReport {
  campaign: Campaign;
  performance: PerformanceDetail;
  generatedAt: Date;
}

/**
 * A campaign's PDF report (issue 24 §4): the figures of the campaign's performance page
 * (requests and opportunities together) with the campaign's own facts, for the advertiser to
 * keep or pass on. Owner only: another's campaign is a 404, like its pages.
 */
export function createCampaignReports(deps: {
  performance: Pick<PerformanceService, 'campaign'>;
  campaigns: CampaignPagesForReport;
  now?: () => Date;
}) {
  return {
    async read(
      caller: { userId: number; role: Role },
      campaignId: number,
    ): Promise<CampaignReport> {
      const campaign = await deps.campaigns.get(caller, campaignId);
      const performance = await deps.performance.campaign(caller, campaignId, 'mixed');
      return { campaign, performance, generatedAt: deps.now?.() ?? new Date() };
    },
  };
}

export type CampaignReports = ReturnType<typeof createCampaignReports>;

/** `campaign-12-report-en.pdf`. */
export const campaignReportFilename = (campaignId: number, language: Language) =>
  `campaign-${campaignId}-report-${language}.pdf`;

const moneyFigures: ReadonlySet<ReportFigure> = new Set([
  'cost',
  'cpm',
  'cost_per_view',
  'cost_per_engagement',
  'cpc',
]);

type Figures = Pick<
  PerformanceTotals,
  | 'views'
  | 'reach'
  | 'engagements'
  | 'engagement_rate_bp'
  | 'clicks'
  | 'cost'
  | 'cpm'
  | 'cost_per_view'
  | 'cost_per_engagement'
  | 'cpc'
  | 'views_7d'
> &
  Partial<Pick<PerformanceTotals, 'videos' | 'published'>>;

/** A figure as the web writes it, isolated left to right; `—` when not known yet. */
function figureText(key: ReportFigure, figures: Figures, language: Language): string {
  const value = key === 'engagement_rate' ? figures.engagement_rate_bp : figures[key];
  if (value === null || value === undefined) return '—';
  // Basis points to a percentage with two decimals (587 → 5.87 %), in whole numbers.
  if (key === 'engagement_rate') return ltr(`${decimalText(value, 2, language)} %`);
  if (moneyFigures.has(key)) return ltr(formatMoney(value, language));
  return ltr(formatWholeNumber(value, language));
}

/** Each totals figure, in the order of the performance page's cards. */
const totalsOrder: readonly ReportFigure[] = [
  'videos',
  'published',
  'views',
  'reach',
  'engagements',
  'engagement_rate',
  'clicks',
  'cost',
  'cpm',
  'cost_per_view',
  'cost_per_engagement',
  'cpc',
];

/** A publication's line in the videos table: its platform and where its figures come from. */
function publicationText(publication: PerformancePublication, t: CampaignReportTexts): string {
  const platform = t.platformNames[publication.platform];
  const latest = publication.latest;
  if (latest === null) return `${platform} · ${t.notReadYet}`;
  if (latest.post_deleted) return `${platform} · ${t.postDeleted}`;
  const source = t.sources[latest.source];
  if (latest.source !== 'creator') return `${platform} · ${source}`;
  return latest.checked
    ? `${platform} · ${source} · ${t.checked}`
    : `${platform} · ${source} · ${t.notChecked} ${t.uncheckedMark}`;
}

function videoRow(video: PerformanceVideo, t: CampaignReportTexts, language: Language): string[] {
  return [
    ltr(video.reference),
    video.creator_name,
    video.publications.map((publication) => publicationText(publication, t)).join('\n'),
    ...(
      [
        'views',
        'views_7d',
        'engagements',
        'engagement_rate',
        'clicks',
        'cost',
      ] as const satisfies readonly ReportFigure[]
    ).map((key) => figureText(key, video, language)),
  ];
}

/** A section's title, on a new page when it and a few lines would not fit. */
function sectionTitle(w: PdfWriter, title: string, room = 80) {
  w.y += 14;
  w.ensureRoom(room);
  w.y += w.cell(title, 0, w.y, w.width, { size: 12.5, bold: true });
  w.y += 4;
}

/** The report as a landscape A4 PDF, as a stream: pipe it to the answer. */
export function renderCampaignReport(report: CampaignReport, language: Language) {
  const t = campaignReportTexts[language];
  const { campaign, performance } = report;
  const { totals } = performance;
  const w = new PdfWriter({
    language,
    title: `${t.title} — ${campaign.name}`,
    layout: 'landscape',
    margin: 40,
    footer: (page, pages) => t.page(page, pages),
  });
  const half = w.width / 2 - 10;
  const gray = '#666666';

  // Heading: the title and the campaign on the start side, when it was made on the end side.
  const top = w.y;
  w.y += w.cell(t.title, 0, w.y, half, { size: 11, bold: true, color: gray });
  w.y += w.cell(campaign.name, 0, w.y, w.width * 0.7, { size: 20, bold: true });
  w.cell(t.generatedOn(ltr(formatPdfDateTime(report.generatedAt))), half + 20, top, half, {
    size: 8.5,
    color: gray,
    align: 'end',
  });
  w.y += 8;

  // The campaign's facts.
  const facts: Array<[string, string]> = [
    [t.goal, t.goals[campaign.goal]],
    [t.dates, `${ltr(formatPdfDay(campaign.starts_on))} – ${ltr(formatPdfDay(campaign.ends_on))}`],
    [t.budget, ltr(formatMoney(campaign.money.budget, language))],
    [t.spent, ltr(formatMoney(campaign.money.spent, language))],
  ];
  const factWidth = w.width / facts.length;
  const factHeights = facts.map(([label, value], i) => {
    const x = i * factWidth;
    const labelHeight = w.cell(label, x, w.y, factWidth - 10, { size: 8, color: gray });
    return labelHeight + w.cell(value, x, w.y + labelHeight, factWidth - 10, { size: 11 });
  });
  w.y += Math.max(...factHeights) + 8;
  w.rule(w.y);
  w.y += 4;

  // The goal's two figures first.
  sectionTitle(w, t.headline);
  const headlineWidth = w.width / 4;
  const headlineTop = w.y;
  const headlineHeights = performance.headline.figures.map((figure, i) => {
    const x = i * headlineWidth;
    const labelHeight = w.cell(t.figures[figure], x, headlineTop, headlineWidth - 12, {
      size: 9,
      color: gray,
    });
    return (
      labelHeight +
      w.cell(figureText(figure, totals, language), x, headlineTop + labelHeight, headlineWidth, {
        size: 18,
        bold: true,
      })
    );
  });
  w.y = headlineTop + Math.max(...headlineHeights);

  // Totals, six a row.
  sectionTitle(w, t.totals);
  const perRow = 6;
  const totalWidth = w.width / perRow;
  for (let start = 0; start < totalsOrder.length; start += perRow) {
    const keys = totalsOrder.slice(start, start + perRow);
    const labelHeight = Math.max(
      ...keys.map((key) => w.heightOf(t.figures[key], totalWidth - 12, { size: 8 })),
    );
    w.ensureRoom(labelHeight + 24);
    keys.forEach((key, i) => {
      const x = i * totalWidth;
      w.cell(t.figures[key], x, w.y, totalWidth - 12, { size: 8, color: gray });
      w.cell(figureText(key, totals, language), x, w.y + labelHeight, totalWidth - 12, {
        size: 11,
        bold: true,
      });
    });
    w.y += labelHeight + 24;
  }

  // Figures over time: one row per window.
  sectionTitle(w, t.overTime, 120);
  w.y += w.cell(t.overTimeIntro, 0, w.y, w.width, { size: 8.5, color: gray }) + 6;
  const count = (value: number | null) =>
    value === null ? '—' : ltr(formatWholeNumber(value, language));
  const seriesColumns: PdfColumn[] = [
    { width: w.width * 0.34 },
    { width: w.width * 0.22, align: 'end' },
    { width: w.width * 0.22, align: 'end' },
    { width: w.width * 0.22, align: 'end' },
  ];
  w.table(
    seriesColumns,
    [t.window, t.figures.views, t.figures.engagements, t.videosRead],
    performance.series.map((point) => [
      t.windows[point.window],
      count(point.views),
      count(point.engagements),
      count(point.videos),
    ]),
  );

  // One row per published video.
  sectionTitle(w, t.videosTitle, 120);
  if (performance.videos.length === 0) {
    w.y += w.cell(t.noVideo, 0, w.y, w.width, { size: 9.5 });
  } else {
    const shares = [0.1, 0.15, 0.22, 0.08, 0.09, 0.1, 0.09, 0.06, 0.11];
    const videoColumns: PdfColumn[] = shares.map((share, i) => ({
      width: w.width * share,
      align: i >= 3 ? 'end' : 'start',
    }));
    w.table(
      videoColumns,
      [
        t.reference,
        t.creator,
        t.platforms,
        t.figures.views,
        t.figures.views_7d,
        t.figures.engagements,
        t.figures.engagement_rate,
        t.figures.clicks,
        t.figures.cost,
      ],
      performance.videos.map((video) => videoRow(video, t, language)),
    );
  }

  // Where the figures come from, how old they are, and what is not checked yet.
  sectionTitle(w, t.sourcesTitle);
  const note = (text: string) => {
    w.ensureRoom(w.heightOf(text, w.width, { size: 9 }));
    w.y += w.cell(text, 0, w.y, w.width, { size: 9 }) + 3;
  };
  if (totals.newest_read_at && totals.oldest_read_at) {
    const sources = totals.sources
      .map((source) => t.sources[source])
      .join(language === 'tn' ? '، ' : ', ');
    const when = (at: string) => ltr(formatPdfDateTime(new Date(at)));
    note(t.readBetween(sources, when(totals.newest_read_at), when(totals.oldest_read_at)));
  } else {
    note(t.noFigures);
  }
  if (totals.unchecked > 0) note(t.unchecked(totals.unchecked));
  note(t.costNote);
  note(t.currencyNote);

  return w.finish();
}
