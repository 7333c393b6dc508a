import {
  campaignGoals,
  campaignVisibilities,
  CAMPAIGN_NAME_MAX,
  type CampaignDetail,
} from '@clipmarket/contracts/campaigns';
import { requestToday } from '@clipmarket/contracts/request-dates';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { useSaveCampaign } from '../api/campaigns';
import {
  campaignFormOf,
  emptyCampaignForm,
  formFieldOf,
  parseCampaignForm,
  problemKey,
  type CampaignFormValues,
} from '../campaign-form';

/**
 * Creates a campaign, or changes one (`campaign` given). Checked with the API's schema before
 * sending; the API's field errors land on their fields too.
 */
export function CampaignFormModal({
  opened,
  campaign,
  onClose,
  onSaved,
}: {
  opened: boolean;
  campaign?: CampaignDetail;
  onClose: () => void;
  onSaved?: (campaign: CampaignDetail) => void;
}) {
  const { t } = useTranslation('campaigns');
  const errorMessage = useApiErrorMessage();
  const save = useSaveCampaign();
  const form = useForm<CampaignFormValues>({
    initialValues: campaign ? campaignFormOf(campaign) : emptyCampaignForm(requestToday()),
    validate: (values) => {
      const parsed = parseCampaignForm(values);
      if (parsed.ok) return {};
      return Object.fromEntries(
        Object.entries(parsed.problems).map(([field, key]) => [
          field,
          t(key, { max: CAMPAIGN_NAME_MAX }),
        ]),
      );
    },
  });

  const onSubmit = async (values: CampaignFormValues) => {
    const parsed = parseCampaignForm(values);
    if (!parsed.ok) return;
    try {
      const saved = await save.mutateAsync({
        id: campaign?.campaign_id ?? null,
        body: parsed.body,
      });
      toasts.show({ color: 'teal', message: t(campaign ? 'messages.saved' : 'messages.created') });
      onSaved?.(saved);
      onClose();
    } catch (error) {
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
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(campaign ? 'form.editTitle' : 'form.newTitle')}
      size="lg"
    >
      <form onSubmit={form.onSubmit((values) => void onSubmit(values))} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('form.name')}
            placeholder={t('form.namePlaceholder')}
            withAsterisk
            maxLength={CAMPAIGN_NAME_MAX}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <Select
            label={t('form.goal')}
            description={t('form.goalDescription')}
            placeholder={t('form.goalPlaceholder')}
            withAsterisk
            data={campaignGoals.map((goal) => ({ value: goal, label: t(`goals.${goal}`) }))}
            allowDeselect={false}
            {...form.getInputProps('goal')}
          />
          <Radio.Group
            label={t('form.visibility')}
            withAsterisk
            {...form.getInputProps('visibility')}
          >
            <Stack gap="xs" mt="xs">
              {campaignVisibilities.map((visibility) => (
                <Radio
                  key={visibility}
                  value={visibility}
                  label={t(`visibility.${visibility}`)}
                  description={t(`visibility.${visibility}Description`)}
                />
              ))}
            </Stack>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              type="date"
              label={t('form.startsOn')}
              withAsterisk
              {...form.getInputProps('startsOn')}
            />
            <TextInput
              type="date"
              label={t('form.endsOn')}
              withAsterisk
              {...form.getInputProps('endsOn')}
            />
          </SimpleGrid>
          <NumberInput
            label={t('form.budget')}
            description={t('form.budgetDescription')}
            withAsterisk
            min={1}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=" "
            suffix={` ${t('form.currency')}`}
            {...form.getInputProps('budget')}
          />
          <TextInput
            type="url"
            inputMode="url"
            dir="ltr"
            label={t('form.targetUrl')}
            description={t('form.targetUrlDescription')}
            placeholder="https://"
            {...form.getInputProps('targetUrl')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t(campaign ? 'form.save' : 'form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
