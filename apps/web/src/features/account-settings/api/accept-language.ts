import { useTranslation } from 'react-i18next';

/** Reference labels come in en, fr or ar; the interface code tn reads Arabic. */
export function toAcceptLanguage(language: string): 'en' | 'fr' | 'ar' {
  if (language.startsWith('tn') || language.startsWith('ar')) return 'ar';
  if (language.startsWith('fr')) return 'fr';
  return 'en';
}

export function useAcceptLanguage(): 'en' | 'fr' | 'ar' {
  const { i18n } = useTranslation();
  return toAcceptLanguage(i18n.resolvedLanguage ?? i18n.language ?? 'en');
}
