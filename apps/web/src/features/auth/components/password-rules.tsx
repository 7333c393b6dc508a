import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/use-translation';

/** Spec §5 password rule, shown as a live checklist while the person types. */
const checks = [
  { key: 'length', test: (v: string) => v.length >= 6 && v.length <= 15 },
  { key: 'uppercase', test: (v: string) => /[A-Z]/.test(v) },
  { key: 'lowercase', test: (v: string) => /[a-z]/.test(v) },
  { key: 'digit', test: (v: string) => /\d/.test(v) },
] as const;

export function PasswordRules({ value, id }: { value: string; id?: string }) {
  const { t } = useTranslation('auth');
  return (
    <div id={id}>
      <Text size="sm" fw={500} mb={4}>
        {t('passwordRules.title')}
      </Text>
      <List spacing={2} size="sm" center>
        {checks.map((check) => {
          const isMet = check.test(value);
          return (
            <List.Item
              key={check.key}
              icon={
                <ThemeIcon color={isMet ? 'teal' : 'gray'} size={18} radius="xl" variant="light">
                  {isMet ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
                </ThemeIcon>
              }
            >
              <Text span size="sm" c={isMet ? undefined : 'dimmed'}>
                {t(`passwordRules.${check.key}`)}
              </Text>
              <VisuallyHidden>
                {' '}
                ({isMet ? t('passwordRules.met') : t('passwordRules.notMet')})
              </VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
