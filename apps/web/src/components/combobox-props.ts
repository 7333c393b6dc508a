import type { ComboboxProps } from '@mantine/core';

/**
 * Dropdowns leave the page when closed: a mounted, hidden list shares the input's label and
 * would make "the field labelled City" ambiguous for assistive technology and tests.
 */
export const closedDropdownProps: ComboboxProps = { keepMounted: false };
