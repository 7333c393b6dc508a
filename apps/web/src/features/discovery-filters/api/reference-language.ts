import { useTranslation } from 'react-i18next';

/** Reference labels come in en, fr or ar; the interface code tn reads Arabic. */
export function useReferenceLanguage(): 'en' | 'fr' | 'ar' {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return language === 'tn' ? 'ar' : language === 'fr' ? 'fr' : 'en';
}
