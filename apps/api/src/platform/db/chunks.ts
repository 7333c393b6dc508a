/** Rows per INSERT: keeps every statement well under PostgreSQL's 65,535 parameters. */
export const INSERT_CHUNK_SIZE = 500;

/** `rows` in consecutive slices of at most `size` (bulk inserts, one statement per slice). */
export function chunksOf<T>(rows: readonly T[], size = INSERT_CHUNK_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
