import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { downloadCsv, type CsvRows } from '../lib/csv';
import { IconDownload } from './icons';

/**
 * Saves a table the page shows as a CSV file. The rows are built on the click, from the data
 * the page already holds: nothing is asked of the API.
 */
export function CsvDownloadButton({
  filename,
  rows,
  label,
  children,
}: {
  filename: string;
  rows: () => CsvRows;
  /** The accessible name, naming the table: "Download CSV of the videos table". */
  label: string;
  /** The visible text: "Download CSV". */
  children: ReactNode;
}) {
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconDownload size={16} aria-hidden />}
      aria-label={label}
      onClick={() => downloadCsv(filename, rows())}
    >
      {children}
    </Button>
  );
}
