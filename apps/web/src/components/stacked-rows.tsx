import { Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Key, ReactNode } from 'react';

/**
 * Phones (spec §9: below 768 px). A table there is wider than the screen: its last columns
 * (amounts, statuses, the Download button) were reachable only by swiping inside it, with
 * nothing saying so, its badges were cut ("PEN…") and its references broke in two.
 */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** Whether rows are shown stacked (phones) instead of as a table. */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}

export interface StackedRow {
  key: Key;
  /** What names the row (a reference, a number, a title), on its first line. */
  title: ReactNode;
  /** Beside the title, at the end of the line: a status, a total. */
  aside?: ReactNode;
  /** The other columns as label and value, one per line, the value at the end. */
  fields: ReadonlyArray<{ label: string; value: ReactNode }>;
  /** Under the figures, across the card (e.g. a Download button). */
  actions?: ReactNode;
}

/**
 * A table's rows as cards, one under the other, each column named: every figure and action on
 * screen without swiping. The lines follow the reading direction (mirrored in Arabic); values
 * keep their own (amounts and references are isolated left to right where they are written).
 */
export function StackedRows({
  rows,
  labelledBy,
}: {
  rows: readonly StackedRow[];
  /** The heading that names the list (the table's caption). */
  labelledBy: string;
}) {
  return (
    <Stack
      component="ul"
      gap="sm"
      aria-labelledby={labelledBy}
      style={{ listStyle: 'none', margin: 0, paddingInlineStart: 0 }}
    >
      {rows.map((row) => (
        <Paper key={row.key} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Text fw={600} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {row.title}
            </Text>
            {row.aside !== undefined && <div style={{ flexShrink: 0 }}>{row.aside}</div>}
          </Group>
          <Stack component="dl" gap={4} mt="xs" mb={0}>
            {row.fields.map((field) => (
              <Group key={field.label} justify="space-between" gap="xs" wrap="nowrap">
                <Text component="dt" size="sm" c="dimmed">
                  {field.label}
                </Text>
                <Text component="dd" size="sm" m={0} ta="end" style={{ minWidth: 0 }}>
                  {field.value}
                </Text>
              </Group>
            ))}
          </Stack>
          {row.actions !== undefined && (
            <div style={{ marginTop: 'var(--mantine-spacing-sm)' }}>{row.actions}</div>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
