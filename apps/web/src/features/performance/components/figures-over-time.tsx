import type { PerformancePoint } from '@clipmarket/contracts/performance';
import { CsvDownloadButton } from '../../../components/csv-download-button';
import { FiguresOverTime as FiguresOverTimeCard } from '../../../components/figures-over-time';
import { useTranslation } from '../../../lib/use-translation';
import { seriesCsv } from './figures-csv';

/** The performance pages' figures over time, with their table's CSV download. */
export function FiguresOverTime({
  series,
  csvFilename,
}: {
  series: readonly PerformancePoint[];
  /** The data table's CSV file: `dashboard-over-time.csv`, `campaign-12-over-time.csv`. */
  csvFilename: string;
}) {
  const { t } = useTranslation('performance');
  return (
    <FiguresOverTimeCard
      series={series}
      namespace="performance"
      action={
        <CsvDownloadButton
          filename={csvFilename}
          rows={() => seriesCsv(t, series)}
          label={t('export.csvOverTime')}
        >
          {t('export.csv')}
        </CsvDownloadButton>
      }
    />
  );
}
