import type { ReferenceLanguage } from '@clipmarket/contracts/reference-data';

const byTag: Record<string, ReferenceLanguage> = { en: 'en', fr: 'fr', ar: 'ar', tn: 'ar' };

/**
 * The language of a reference answer: `?lang=` first, else the best Accept-Language entry we
 * speak, else English (the spec's fallback). `tn`, the interface's Arabic, answers in Arabic.
 */
export function resolveReferenceLanguage(
  lang: string | undefined,
  acceptLanguage: string | undefined,
): ReferenceLanguage {
  if (lang && byTag[lang]) return byTag[lang];
  if (!acceptLanguage) return 'en';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.toLowerCase().split('-')[0] ?? '', weight, index };
    })
    .filter((entry) => Number.isFinite(entry.weight) && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const entry of ranked) {
    const language = byTag[entry.tag];
    if (language) return language;
  }
  return 'en';
}
