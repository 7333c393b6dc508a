// Apart from reference-data.ts and its hooks: the first screen (app/first-screen.ts) asks for
// reference-labelled data before react-query's observers are downloaded.

/** The languages reference labels (categories, cities) come in. */
export type ReferenceLanguage = 'en' | 'fr' | 'ar';

/** Reference labels come in en, fr or ar; the interface code tn reads Arabic. */
export function toReferenceLanguage(interfaceLanguage: string): ReferenceLanguage {
  if (interfaceLanguage.startsWith('tn') || interfaceLanguage.startsWith('ar')) return 'ar';
  if (interfaceLanguage.startsWith('fr')) return 'fr';
  return 'en';
}
