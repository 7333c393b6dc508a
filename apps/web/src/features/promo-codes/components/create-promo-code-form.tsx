import { promoPurchaseKinds, PROMO_CODE_MAX_LENGTH } from '@clipmarket/contracts/promo-codes';
import {
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { IconPlus } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatNumber } from '../../../lib/format';
import { toasts } from '../../../lib/toasts';
import { useCreatePromoCode } from '../api/create-promo-code';
import {
  emptyPromoCodeForm,
  formFieldOf,
  parsePromoCodeForm,
  PERCENT_MAX,
  PERCENT_MIN,
  problemKey,
  type PromoCodeFormValues,
} from '../promo-code-form-values';

/**
 * Creates a code. Checked with the API's schema before sending (same rules, messages in the
 * admin's language); the admin types a percent, the API receives basis points.
 */
export function CreatePromoCodeForm() {
  const { t, i18n } = useTranslation('admin');
  const errorMessage = useApiErrorMessage();
  const create = useCreatePromoCode();
  const titleId = useId();
  const form = useForm<PromoCodeFormValues>({
    initialValues: emptyPromoCodeForm(),
    validate: (values) => {
      const parsed = parsePromoCodeForm(values);
      if (parsed.ok) return {};
      return Object.fromEntries(
        Object.entries(parsed.problems).map(([field, key]) => [
          field,
          t(key, { max: formatNumber(PROMO_CODE_MAX_LENGTH, i18n.language) }),
        ]),
      );
    },
  });

  const onSubmit = async (values: PromoCodeFormValues) => {
    const parsed = parsePromoCodeForm(values);
    if (!parsed.ok) return;
    try {
      const created = await create.mutateAsync(parsed.body);
      toasts.show({ color: 'teal', message: t('promoCodes.form.created', { code: created.code }) });
      form.setValues(emptyPromoCodeForm());
      form.resetDirty();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PROMO_CODE_TAKEN') {
        form.setFieldError('code', t('promoCodes.form.errors.taken'));
        return;
      }
      if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') {
        for (const problem of error.fields) {
          const field = formFieldOf(problem.field);
          if (field) form.setFieldError(field, t(problemKey(field, problem.message)));
        }
        if (error.fields.some((problem) => formFieldOf(problem.field))) return;
      }
      toasts.show({ color: 'red', message: errorMessage(error) });
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <form onSubmit={form.onSubmit((values) => void onSubmit(values))} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id={titleId}>
            {t('promoCodes.form.title')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('promoCodes.form.code')}
              description={t('promoCodes.form.codeDescription')}
              withAsterisk
              maxLength={PROMO_CODE_MAX_LENGTH}
              autoComplete="off"
              styles={{ input: { textTransform: 'uppercase' } }}
              {...form.getInputProps('code')}
            />
            <NumberInput
              label={t('promoCodes.form.percent')}
              description={t('promoCodes.form.percentDescription')}
              withAsterisk
              min={PERCENT_MIN}
              max={PERCENT_MAX}
              decimalScale={2}
              step={1}
              suffix=" %"
              allowNegative={false}
              {...form.getInputProps('percent')}
            />
            <TextInput
              type="date"
              label={t('promoCodes.form.startsOn')}
              withAsterisk
              {...form.getInputProps('startsOn')}
            />
            <TextInput
              type="date"
              label={t('promoCodes.form.endsOn')}
              description={t('promoCodes.form.endsOnDescription')}
              {...form.getInputProps('endsOn')}
            />
            <NumberInput
              label={t('promoCodes.form.maxRedemptions')}
              description={t('promoCodes.form.noLimitDescription')}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('maxRedemptions')}
            />
            <NumberInput
              label={t('promoCodes.form.maxRedemptionsPerAdvertiser')}
              description={t('promoCodes.form.noLimitDescription')}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('maxRedemptionsPerAdvertiser')}
            />
          </SimpleGrid>
          <Checkbox.Group
            label={t('promoCodes.form.appliesTo')}
            withAsterisk
            {...form.getInputProps('appliesTo')}
          >
            <Group gap="lg" mt="xs">
              {promoPurchaseKinds.map((kind) => (
                <Checkbox key={kind} value={kind} label={t(`promoCodes.kinds.${kind}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Switch
            label={t('promoCodes.form.isActive')}
            {...form.getInputProps('isActive', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={create.isPending}
              leftSection={<IconPlus size={18} aria-hidden />}
            >
              {t('promoCodes.form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
