import { formatCin, formatRib } from '@clipmarket/contracts/profile';
import type { Efile } from '@clipmarket/contracts/users';
import {
  Anchor,
  Button,
  FileButton,
  Group,
  Image,
  Input,
  Progress,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import IconUpload from '@tabler/icons-react/dist/esm/icons/IconUpload.mjs';
import { Trans, useTranslation } from '../../../lib/use-translation';
import { supportEmail } from '../../../lib/config';
import { usePrivateMediaUrl } from '../../../lib/private-media';
import type { SettingsFormValues } from '../hooks/settings-form';
import { useImageUpload } from './profile-picture-upload';

interface FinancialInfosTabProps {
  form: UseFormReturnType<SettingsFormValues>;
  cinFile: Pick<Efile, 'file_id' | 'token' | 'file_extension' | 'original_name'> | null;
  onCinUploaded: (efile: Efile) => void;
  onCinCleared: () => void;
  onSave: () => void;
  isSaving: boolean;
}

export function FinancialInfosTab({
  form,
  cinFile,
  onCinUploaded,
  onCinCleared,
  onSave,
  isSaving,
}: FinancialInfosTabProps) {
  const { t } = useTranslation('settings');
  const values = form.getValues();
  const { progress, upload } = useImageUpload('cin', onCinUploaded);
  // A CIN scan is private: an <img> loads it through a short-lived signed URL.
  const cinThumbUrl = usePrivateMediaUrl(cinFile, 'thumb');
  const numberField = values.payment_method === 'd17' ? 'card_number_d17' : 'card_number';
  const numberProps = form.getInputProps(numberField);
  const cinProps = form.getInputProps('cin');
  const cinFileError = form.errors.cin_efile_id;

  return (
    <Stack gap="md">
      <Radio.Group
        label={t('fields.paymentMethod')}
        withAsterisk
        {...form.getInputProps('payment_method')}
      >
        <Group mt="xs">
          <Radio value="bank" label={t('options.paymentMethod.bank')} />
          <Radio value="d17" label={t('options.paymentMethod.d17')} />
        </Group>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('fields.cin')}
          withAsterisk
          inputMode="numeric"
          dir="ltr"
          {...cinProps}
          onChange={(event) => form.setFieldValue('cin', formatCin(event.currentTarget.value))}
        />
        <TextInput
          key={numberField}
          label={t(numberField === 'card_number' ? 'fields.rib' : 'fields.d17')}
          withAsterisk
          dir="ltr"
          description={t('hints.ribDigits')}
          {...numberProps}
          onChange={(event) =>
            form.setFieldValue(numberField, formatRib(event.currentTarget.value))
          }
        />
      </SimpleGrid>
      <Input.Wrapper
        labelElement="div"
        label={t('fields.cinFile')}
        withAsterisk
        error={cinFileError}
      >
        <Stack gap="xs" mt={4}>
          {cinFile && values.cin_efile_id !== null ? (
            <Group gap="sm" align="center">
              <Image
                src={cinThumbUrl}
                alt={t('cinFile.alt')}
                w={120}
                h={80}
                fit="cover"
                radius="sm"
              />
              <Text size="sm" style={{ overflowWrap: 'anywhere' }} maw={200}>
                {cinFile.original_name}
              </Text>
              <Button variant="subtle" color="red" size="xs" onClick={onCinCleared}>
                {t('actions.clearCin')}
              </Button>
            </Group>
          ) : null}
          <Group>
            <FileButton onChange={(file) => void upload(file)} accept="image/*">
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  size="xs"
                  leftSection={<IconUpload size={14} aria-hidden />}
                  disabled={progress !== null}
                >
                  {t('actions.uploadCin')}
                </Button>
              )}
            </FileButton>
            {progress !== null && (
              <Progress
                value={progress}
                w={120}
                size="sm"
                aria-label={t('picture.progress', { percent: progress })}
              />
            )}
          </Group>
        </Stack>
      </Input.Wrapper>
      <Text size="sm" c="dimmed">
        <Trans
          t={t}
          i18nKey="hints.supportNote"
          values={{ email: supportEmail }}
          components={{ mail: <Anchor href={`mailto:${supportEmail}`} size="sm" /> }}
        />
      </Text>
      <Group justify="flex-end">
        <Button onClick={onSave} loading={isSaving}>
          {t('actions.updateProfile')}
        </Button>
      </Group>
    </Stack>
  );
}
