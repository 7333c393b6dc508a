import type { payoutBatchResponseSchema } from '@clipmarket/contracts/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { adminPayoutsQueryRoot } from './get-admin-payouts';

export type PayoutBatch = z.infer<typeof payoutBatchResponseSchema>['data'];

/** POST /v2/admin/payouts/batches (ADMIN): the due payouts with details, and their files. */
export async function createPayoutBatch(): Promise<PayoutBatch> {
  const body = await apiRequest<{ data: PayoutBatch }>('/admin/payouts/batches', {
    method: 'POST',
  });
  return body.data;
}

/** The lists show each payout's batch: fresh after an export, also a refused one. */
export function useCreatePayoutBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayoutBatch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminPayoutsQueryRoot }),
  });
}

/** Saves a CSV text as a file through a Blob URL (the answer is already here: no new call). */
export function downloadCsv(csv: string, filename: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download: the URL may go once the event loop turns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** The rows of one of our CSV files (RFC 4180 quotes), header first. */
export function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i += 1) {
    const char = csv[i]!;
    if (quoted) {
      if (char === '"' && csv[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
