/**
 * Spec §3 "Content types", offered to creators as specializations. The stored value is the
 * spec's English text (what creators already have saved); `key` names its translation in the
 * web catalogs (`pages:contentTypes.<key>`). A specialization outside this list (typed before
 * the list existed) is shown as written. Zod-free: the web imports it.
 */
export const contentTypes = [
  { value: 'Product demo', key: 'product_demo' },
  { value: 'Brand presentation', key: 'brand_presentation' },
  { value: 'TikTok/ réels', key: 'tiktok_reels' },
  { value: 'Product feedback', key: 'product_feedback' },
  { value: 'Voice over', key: 'voice_over' },
  { value: 'Unboxing videos', key: 'unboxing_videos' },
  { value: 'Experience sharing', key: 'experience_sharing' },
  { value: 'Tutorials', key: 'tutorials' },
] as const;

export type ContentTypeKey = (typeof contentTypes)[number]['key'];

/** The translation key of a stored specialization, or null for free text. */
export function contentTypeKeyOf(value: string): ContentTypeKey | null {
  return contentTypes.find((type) => type.value === value)?.key ?? null;
}
