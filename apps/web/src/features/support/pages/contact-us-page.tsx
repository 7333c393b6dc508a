import {
  CONTACT_BODY_MAX,
  CONTACT_SUBJECT_MAX,
  type ContactMessageInput,
} from '@clipmarket/contracts/support';
import {
  Anchor,
  Button,
  Card,
  Group,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '../../../lib/use-translation';
import { IconSend } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { supportEmail } from '../../../lib/config';
import { useRevalidateOnLanguageChange } from '../../../lib/validation';
import { useSendContactMessage } from '../api/send-contact-message';
import { useContactSchema } from '../hooks/use-contact-schema';

function Counter({ length, max }: { length: number; max: number }) {
  return (
    <Text component="span" size="xs" c={length > max ? 'red' : 'dimmed'}>
      {length}/{max}
    </Text>
  );
}

/** Contact us (spec §2 "/contact-us"; subject and body required, spec §5). */
export default function ContactUsPage() {
  const { t } = useTranslation('support');
  const schema = useContactSchema();
  const send = useSendContactMessage();
  const form = useForm<ContactMessageInput>({
    mode: 'controlled',
    initialValues: { subject: '', body: '' },
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
  });
  useRevalidateOnLanguageChange(form);

  const submit = form.onSubmit((values) => {
    send.mutate(values, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('contactForm.success') });
        form.reset();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields.length > 0) {
          form.setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
        }
        // Field problems are shown on the fields; anything else says what went wrong.
        const message =
          error instanceof ApiError && error.code !== 'VALIDATION_FAILED'
            ? t(`errors:${error.code}`, { defaultValue: t('contactForm.error') })
            : t('contactForm.error');
        notifications.show({ color: 'red', message });
      },
    });
  });

  return (
    <Stack gap="lg" maw={720}>
      <div>
        <Title order={1}>{t('contactForm.title')}</Title>
        <Text c="dimmed" mt="xs">
          {t('contactForm.intro')}{' '}
          <Anchor href={`mailto:${supportEmail}`} dir="ltr">
            {supportEmail}
          </Anchor>
        </Text>
      </div>
      <Card withBorder padding="lg">
        <form onSubmit={submit} noValidate aria-label={t('contactForm.title')}>
          <Stack gap="md">
            <TextInput
              label={t('contactForm.subject')}
              placeholder={t('contactForm.subjectPlaceholder')}
              withAsterisk
              required
              description={
                <Counter length={form.values.subject.length} max={CONTACT_SUBJECT_MAX} />
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.getInputProps('subject')}
            />
            <Textarea
              label={t('contactForm.body')}
              placeholder={t('contactForm.bodyPlaceholder')}
              withAsterisk
              required
              autosize
              minRows={6}
              maxRows={16}
              description={<Counter length={form.values.body.length} max={CONTACT_BODY_MAX} />}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              {...form.getInputProps('body')}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                loading={send.isPending}
                leftSection={<IconSend size={18} aria-hidden />}
              >
                {t('contactForm.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
