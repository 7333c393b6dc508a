/**
 * The fixed lists of a video brief (content requests, opportunities), repeated from
 * @clipmarket/contracts/content-requests on purpose: importing that module's values would bundle zod into these screens (types are
 * imported from it). The contracts' test of this file keeps them equal.
 */
export const videoDurations = [15, 30, 60] as const;
export const videoFormats = ['portrait', 'landscape', 'square'] as const;
export const requestPlatforms = ['instagram', 'tiktok'] as const;
export const PRODUCT_IMAGES_MAX = 5;

/** Spec §9 time slots: every 30 minutes, 00:00 to 23:30, Tunisia's time. */
export const timeSlots: readonly string[] = Array.from({ length: 48 }, (_, i) => {
  const hours = String(Math.floor(i / 2)).padStart(2, '0');
  return `${hours}:${i % 2 === 0 ? '00' : '30'}`;
});
