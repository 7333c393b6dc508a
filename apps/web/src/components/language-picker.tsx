import type { Language } from '@clipmarket/contracts/enums';
import { useId } from 'react';
import { useTranslation } from '../lib/use-translation';
import { supportedLanguages } from '../lib/i18n';
import { storeLanguage } from '../lib/session';
import { IconLanguage } from './icons';
import './language-picker.css';

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

export interface LanguagePickerProps {
  /** A visible label above the picker (auth pages); otherwise an accessible name only. */
  label?: string;
}

/**
 * Switches the interface language and remembers it (`selectLanguage`). The layout mirrors by
 * itself: the providers follow i18n's language with Mantine's DirectionProvider. A native
 * select: every platform's own picker, keyboard and screen-reader support, and almost no code
 * in the first download.
 */
export function LanguagePicker({ label }: LanguagePickerProps) {
  const { t, i18n } = useTranslation('shell');
  const id = useId();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <div className="language-picker">
      {label && (
        <label htmlFor={id} className="language-picker-label">
          {label}
        </label>
      )}
      <div className="language-picker-field">
        <IconLanguage size={16} aria-hidden className="language-picker-icon" />
        <select
          id={id}
          name="language"
          className="language-picker-select"
          {...(label
            ? {}
            : { 'aria-label': t('language.label', { language: languageNames[current] }) })}
          value={current}
          lang={htmlLang[current]}
          onChange={(event) => {
            const language = event.currentTarget.value;
            if (!isLanguage(language)) return;
            storeLanguage(language);
            void i18n.changeLanguage(language);
          }}
        >
          {pickerOrder.map((language) => (
            <option key={language} value={language} lang={htmlLang[language]}>
              {languageNames[language]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
