import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';

/**
 * PasswordInput whose show/hide button is labelled in the interface language and without
 * the word "password", so the field's own label stays the only match for "Password".
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('auth');
  return (
    <PasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': t('showCharacters') }} />
  );
}
