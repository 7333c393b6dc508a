import type { Language } from '@clipmarket/contracts/enums';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconLanguage } from '../../../components/icons';
import { supportedLanguages } from '../../../lib/i18n';
import { storeLanguage } from '../../../lib/session';

/** Each language is named in itself, so anyone can find their own (spec §2 top bar). */
export const languageNames: Record<Language, string> = {
  en: 'English',
  tn: 'العربية',
  fr: 'Français',
};
const htmlLang: Record<Language, string> = { en: 'en', tn: 'ar', fr: 'fr' };
const pickerOrder: Language[] = ['en', 'tn', 'fr'];

const isLanguage = (value: string): value is Language =>
  (supportedLanguages as readonly string[]).includes(value);

/**
 * Switches the interface language and remembers it. The layout mirrors by itself: the
 * providers follow i18n's language with Mantine's DirectionProvider. A native select: every
 * platform's own picker, keyboard and screen-reader support, and nothing more to download.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation('shell');
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <NativeSelect
      size="xs"
      w={124}
      aria-label={t('language.label', { language: languageNames[current] })}
      leftSection={<IconLanguage size={16} aria-hidden />}
      value={current}
      onChange={(event) => {
        const language = event.currentTarget.value;
        if (!isLanguage(language)) return;
        storeLanguage(language);
        void i18n.changeLanguage(language);
      }}
      data={pickerOrder.map((language) => ({
        value: language,
        label: languageNames[language],
      }))}
      lang={htmlLang[current]}
    />
  );
}
