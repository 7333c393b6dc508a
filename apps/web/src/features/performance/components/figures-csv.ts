import type {
  PerformanceDashboardRow,
  PerformancePoint,
  PerformancePublication,
  PerformanceTotals,
  PerformanceVideo,
} from '@clipmarket/contracts/performance';
import { csvDinars, csvPercent, type CsvCell, type CsvRows } from '../../../lib/csv';
import type { TFunction } from '../../../lib/translator';
import { moneyFigures, type FigureKey } from './figures-format';

/**
 * The performance tables as CSV rows: the tables' own labels in the reader's language, and
 * figures a spreadsheet computes with — counts as integers, money in dinars (`12.500`), the
 * engagement rate in percent (`4.12`), read times in ISO 8601; an unknown figure left empty.
 */

type Figures = Pick<
  PerformanceTotals,
  | 'views'
  | 'engagements'
  | 'clicks'
  | 'views_7d'
  | 'cost'
  | 'cpm'
  | 'cpc'
  | 'cost_per_view'
  | 'cost_per_engagement'
  | 'engagement_rate_bp'
>;

/** A figure as a spreadsheet reads it. */
export function csvFigure(key: FigureKey, figures: Figures): CsvCell {
  if (key === 'engagement_rate') return csvPercent(figures.engagement_rate_bp);
  const value = figures[key];
  return moneyFigures.has(key) ? csvDinars(value) : value;
}

/** A figure's column: the table's label, with the unit its cells are written in. */
export function csvFigureHeader(t: TFunction, key: FigureKey): string {
  const label = t(`figures.${key}`);
  if (key === 'engagement_rate') return t('export.inPercent', { label });
  return moneyFigures.has(key) ? t('export.inTnd', { label }) : label;
}

/** The figures columns of the videos table, in its order. */
const videoFigures: readonly FigureKey[] = [
  'views',
  'views_7d',
  'engagements',
  'engagement_rate',
  'clicks',
  'cost',
  'cpm',
  'cost_per_view',
  'cost_per_engagement',
  'cpc',
];

/** Where a publication's figures come from: "Instagram: Instagram API". */
function sourceOf(t: TFunction, publication: PerformancePublication): string {
  const platform = t(`platforms.${publication.platform}`);
  const latest = publication.latest;
  if (latest === null) return `${platform}: ${t('notReadYet')}`;
  if (latest.post_deleted) return `${platform}: ${t('postDeleted')}`;
  const source = t(`sources.${latest.source}`);
  if (latest.source !== 'creator') return `${platform}: ${source}`;
  return `${platform}: ${source} · ${t(latest.checked ? 'checked' : 'notChecked')}`;
}

/** One row per published video, its posts' addresses and its figures' sources. */
export function videosCsv(t: TFunction, videos: readonly PerformanceVideo[]): CsvRows {
  const header = [
    t('export.columns.reference'),
    t('export.columns.creator'),
    t('export.columns.title'),
    t('export.columns.platforms'),
    t('export.columns.postUrls'),
    t('export.columns.sources'),
    t('export.columns.readAt'),
    ...videoFigures.map((key) => csvFigureHeader(t, key)),
  ];
  return [
    header,
    ...videos.map((video) => {
      const readTimes = video.publications.flatMap((p) => (p.latest ? [p.latest.read_at] : []));
      return [
        video.reference,
        video.creator_name,
        video.title,
        video.publications.map((p) => t(`platforms.${p.platform}`)).join(', '),
        video.publications.map((p) => p.url).join('\n'),
        video.publications.map((p) => sourceOf(t, p)).join('; '),
        readTimes.sort().at(-1) ?? null,
        ...videoFigures.map((key) => csvFigure(key, video)),
      ];
    }),
  ];
}

/** The figures over time: one row per window. */
export function seriesCsv(t: TFunction, series: readonly PerformancePoint[]): CsvRows {
  return [
    [t('chart.window'), t('figures.views'), t('figures.engagements'), t('chart.videos')],
    ...series.map((point) => [
      t(`windows.${point.window}`),
      point.views,
      point.engagements,
      point.videos,
    ]),
  ];
}

/** The dashboard's rows: each campaign, and each request or opportunity in no campaign. */
export function dashboardCsv(t: TFunction, rows: readonly PerformanceDashboardRow[]): CsvRows {
  const figures: readonly FigureKey[] = ['views', 'engagement_rate', 'clicks', 'cost', 'cpm'];
  return [
    [
      t('dashboard.name'),
      t('export.columns.kind'),
      t('export.columns.reference'),
      t('export.columns.goal'),
      t('dashboard.headline'),
      t('export.columns.headlineValue'),
      t('dashboard.videos'),
      t('export.columns.videos'),
      ...figures.map((key) => csvFigureHeader(t, key)),
    ],
    ...rows.map((row) => {
      const [first] = row.headline;
      return [
        row.title || t('untitled'),
        t(`kinds.${row.kind}`),
        row.reference,
        row.goal && t(`campaigns:goals.${row.goal}`),
        t(`figures.${first}`),
        csvFigure(first, row.totals),
        row.totals.published,
        row.totals.videos,
        ...figures.map((key) => csvFigure(key, row.totals)),
      ];
    }),
  ];
}
