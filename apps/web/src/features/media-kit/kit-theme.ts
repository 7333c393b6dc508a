import type { MediaKitSection, MediaKitTheme } from '@clipmarket/contracts/media-kit';

/**
 * Each theme of the spec's colour options as a shade that white text reads on (contrast 5:1
 * or more, WCAG AA for any size).
 */
export const themeColors: Record<MediaKitTheme, string> = {
  purple: '#6741d9',
  blue: '#1971c2',
  pink: '#c2255c',
  green: '#2f7a3a',
  red: '#c92a2a',
  orange: '#b93e0b',
};

/**
 * The kit's pages in order, written here rather than read from the contract's list: the
 * contract's module builds zod schemas, which the public page must not download
 * (public-media-kit-page.test.tsx keeps both lists the same).
 */
export const kitSectionOrder = [
  'profile',
  'audience',
  'rates',
  'track_record',
  'videos',
  'contact',
] as const satisfies readonly MediaKitSection[];
