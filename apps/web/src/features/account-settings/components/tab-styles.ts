/**
 * The tabs stay on one row on a phone (390 px): the row scrolls sideways instead of wrapping
 * to two rows (issue 8), each tab keeping its label on one line.
 */
export const oneRowTabs = {
  list: { flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'thin' },
  tab: { flexShrink: 0, whiteSpace: 'nowrap' },
} as const;
