import type { Language } from '@clipmarket/contracts/enums';
import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { storeLanguage } from '../../../lib/session';

/** Each language is named in itself, so anyone can find theirs. */
const options: { value: Language; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'Français' },
  { value: 'tn', label: 'العربية' },
];

/** Auth pages live outside the shell, so they carry their own language picker. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation('auth');
  return (
    <NativeSelect
      size="xs"
      name="language"
      label={t('language')}
      data={options}
      value={i18n.language}
      onChange={(event) => {
        const language = event.currentTarget.value as Language;
        storeLanguage(language);
        void i18n.changeLanguage(language);
      }}
    />
  );
}
