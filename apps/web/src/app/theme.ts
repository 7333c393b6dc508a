import {
  type CSSVariablesResolver,
  type MantineColorsTuple,
  createTheme,
  mergeThemeOverrides,
} from '@mantine/core';
import { type KeyboardEvent, useMemo } from 'react';
import { useTranslation } from '../lib/use-translation';

/**
 * Mantine's palettes with the shades that carry text made dark enough for WCAG 2.2 AA (issue 8):
 * shade 6 (filled backgrounds under white text, outline and subtle text, `c="teal"`, links) has
 * at least 4.7:1 on white, and shade 9 (the text of light variants) at least 4.7:1 on shades 1
 * and 2 (their background, at rest and hovered). Shades 0–5 are Mantine's. Gray 6 is also the "dimmed" text: 6:1 on white,
 * so that secondary text stays readable on light tinted backgrounds too.
 */
// prettier-ignore
const accessibleColors: Record<string, MantineColorsTuple> = {
  gray: ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd', '#5c636a', '#495057', '#343a40', '#212529'],
  red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#cc4343', '#c23939', '#b72f2f', '#ad2424'],
  pink: ['#fff0f6', '#ffdeeb', '#fcc2d7', '#faa2c1', '#f783ac', '#f06595', '#c94070', '#bd3564', '#b22959', '#a61e4d'],
  grape: ['#f8f0fc', '#f3d9fa', '#eebefa', '#e599f7', '#da77f2', '#cc5de8', '#ad44c7', '#a03db8', '#9235a9', '#852e9a'],
  violet: ['#f3f0ff', '#e5dbff', '#d0bfff', '#b197fc', '#9775fa', '#845ef7', '#7048e8', '#6843d7', '#603ec7', '#5839b6'],
  indigo: ['#edf2ff', '#dbe4ff', '#bac8ff', '#91a7ff', '#748ffc', '#5c7cfa', '#4868e9', '#405dd7', '#3952c6', '#3147b4'],
  blue: ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#1d76c4', '#1a6cb6', '#1863a7', '#155a99'],
  cyan: ['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#3bc9db', '#22b8cf', '#107f8e', '#0e7787', '#0c6f80', '#0a6779'],
  teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#0d8460', '#0b7d5b', '#097655', '#076f50'],
  green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#2c843c', '#297d39', '#267735', '#227032'],
  lime: ['#f4fce3', '#e9fac8', '#d8f5a2', '#c0eb75', '#a9e34b', '#94d82d', '#538013', '#4e7a10', '#4a750d', '#456f0a'],
  yellow: ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#986b03', '#996202', '#9a5901', '#9b5000'],
  orange: ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#b55a0e', '#b24f0d', '#ae440c', '#ab390c'],
};

/**
 * A closed select opens on Enter and on Space, as it does on a click. Mantine does so for plain
 * selects (read-only field) but not for searchable ones, nor on Enter for multi-selects, where
 * Enter submitted the surrounding form instead. `multiple`: a MultiSelect's field.
 */
function openOnEnterOrSpace(multiple: boolean) {
  return (event: KeyboardEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    if (field.getAttribute('aria-expanded') === 'true' || field.disabled) return;
    const searchable = !field.readOnly;
    // Plain selects: Mantine opens them on both keys, plain multi-selects on Space.
    if (!searchable && !multiple) return;
    const opens = event.key === 'Enter' || (event.key === ' ' && searchable);
    if (!opens || event.nativeEvent.isComposing) return;
    event.preventDefault();
    field.click();
  };
}

/** The static part of the theme: colours, type, shapes, focus. */
export const theme = createTheme({
  primaryColor: 'violet',
  colors: accessibleColors,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  // Keyboard users always see where they are.
  focusRing: 'auto',
  components: {
    // A link is told apart from the text around it by more than its colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    // Typed text takes the direction of its first letter (an empty field, the page's): a
    // French bio in the Arabic interface keeps its full stop at its end, an Arabic one in the
    // English interface reads from the right.
    // (Mantine gives a field's `dir` to its wrapper: the input's own attribute goes this way.)
    TextInput: { defaultProps: { attributes: { input: { dir: 'auto' } } } },
    Textarea: { defaultProps: { attributes: { input: { dir: 'auto' } } } },
    // Typing highlights the first match, so "Food" then Enter chooses Food.
    Select: {
      defaultProps: { selectFirstOptionOnChange: true, onKeyDown: openOnEnterOrSpace(false) },
    },
    MultiSelect: {
      defaultProps: { selectFirstOptionOnChange: true, onKeyDown: openOnEnterOrSpace(true) },
    },
  },
});

/** Placeholders are text too: 4.7:1 on white instead of Mantine's gray 5 (2.1:1). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-6)',
    '--mantine-color-placeholder': '#6e747b',
  },
  dark: {},
});

/**
 * The theme with the texts it gives components by default, in the interface language: every
 * modal, drawer, toast and alert close button is named ("Close"), wherever it is opened.
 */
export function useAppTheme() {
  const { t } = useTranslation('common');
  const close = t('actions.close');
  return useMemo(
    () =>
      mergeThemeOverrides(
        theme,
        createTheme({
          components: {
            Modal: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
            Drawer: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
            Notification: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
            Alert: { defaultProps: { closeButtonLabel: close } },
          },
        }),
      ),
    [close],
  );
}
