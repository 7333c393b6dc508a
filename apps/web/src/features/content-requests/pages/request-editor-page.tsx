import { contentTypes } from '@clipmarket/contracts/content-types';
import { requestToday } from '@clipmarket/contracts/request-dates';
import type { ContentRequest } from '@clipmarket/contracts/content-requests';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { IconAlertTriangle } from '../../../components/icons';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { useContentRequest, useLimits, useUpdateContentRequest } from '../api/content-requests';
import { BackIcon } from '../../../components/back-icon';
import {
  requestPlatforms,
  timeSlots,
  videoDurations,
  videoFormats,
} from '../../../lib/video-options';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ProductImagesField } from '../../../components/product-images-field';
import { LicenceTermsFieldset } from '../../../components/licence-terms/licence-terms-fieldset';
import { SentRequestView } from '../components/sent-request-view';
import { RequestStepper } from '../components/request-stepper';
import {
  type DateField,
  type DraftForm,
  type InfoField,
  dateProblemsOf,
  draftBodyOf,
  formOf,
  infoLabelKeys,
  missingInfoFields,
} from '../draft-form';
import { REQUESTS_PATH } from '../paths';

type Step = 'info' | 'script';

/**
 * Steps 2 and 3 of a content request (spec §2 `/request-content/{id}`): the video's info, then
 * the script. The draft is read back from the server, so leaving and coming back restores it;
 * "Save as draft" saves either step, "Next" saves and goes on (`?step=script`, then checkout).
 * A sent request shows its creators' lines instead (the answers' notifications lead here).
 */
export default function RequestEditorPage() {
  const { t } = useTranslation('content-requests');
  const { content_request_id: idParam } = useParams();
  const id = Number(idParam);
  const request = useContentRequest(id);
  const limits = useLimits();

  if (!Number.isInteger(id) || id <= 0 || request.isError || limits.isError) {
    return (
      <Stack gap="md">
        <RequestStepper current="info" />
        <LoadErrorAlert
          error={request.error ?? limits.error}
          message={t('common.loadError')}
          onRetry={() => {
            void request.refetch();
            void limits.refetch();
          }}
        />
        <BackToList />
      </Stack>
    );
  }
  if (request.isPending || limits.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  // A draft, or one whose payment is under way (changing it makes it a draft again).
  if (request.data.status === 'sent') {
    return (
      <Stack gap="md">
        <SentRequestView request={request.data} />
        <BackToList />
      </Stack>
    );
  }
  return (
    <DraftEditor
      key={request.data.content_request_id}
      request={request.data}
      scriptMax={limits.data.script_max_length}
    />
  );
}

function BackToList() {
  const { t } = useTranslation('content-requests');
  return (
    <Group>
      <Button component={Link} to={REQUESTS_PATH} variant="default" leftSection={<BackIcon />}>
        {t('common.toList')}
      </Button>
    </Group>
  );
}

function DraftEditor({ request, scriptMax }: { request: ContentRequest; scriptMax: number }) {
  const { t, i18n } = useTranslation('content-requests');
  // A label inside a sentence: "The title field" in English and French, as written in Arabic.
  const fieldNameOf = (field: InfoField) => {
    const label = t(infoLabelKeys[field]);
    return i18n.language === 'tn' ? label : label.charAt(0).toLowerCase() + label.slice(1);
  };
  const errorMessage = useApiErrorMessage();
  const [, navigate] = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const step: Step = searchParams.get('step') === 'script' ? 'script' : 'info';
  const update = useUpdateContentRequest(request.content_request_id);
  const [form, setForm] = useState<DraftForm>(() => formOf(request));
  // Sent back by the checkout to a field it refused (`?field=`): every empty one is marked.
  const fieldToFix = searchParams.get('field');
  const [missing, setMissing] = useState<InfoField[]>(() =>
    fieldToFix ? missingInfoFields(formOf(request)) : [],
  );
  const [stepError, setStepError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const dateProblems = dateProblemsOf(form);

  useEffect(() => {
    setStepError(null);
    const field = fieldToFix && document.getElementById(`request-${fieldToFix}`);
    if (field) field.focus();
    else headingRef.current?.focus();
    // Only when the step opens: the field asked for gets the focus once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  const set = <K extends keyof DraftForm>(field: K, value: DraftForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setMissing((current) => current.filter((other) => other !== field));
  };

  const goTo = (next: Step) =>
    setSearchParams(
      (params) => {
        if (next === 'script') params.set('step', 'script');
        else params.delete('step');
        return params;
      },
      { replace: false },
    );

  const saveDraft = () => {
    update.mutate(draftBodyOf(form), {
      onSuccess: () => toasts.show({ color: 'green', message: t('messages.draftSaved') }),
    });
  };

  const nextFromInfo = () => {
    const absent = missingInfoFields(form);
    setMissing(absent);
    if (absent.length > 0) {
      setStepError(t('messages.requiredFields'));
      document.getElementById(`request-${absent[0]}`)?.focus();
      return;
    }
    // A past or inconsistent date: its field says why (the checkout would refuse it).
    const [wrongDate] = dateProblems;
    if (wrongDate) {
      setStepError(t(`dates.${wrongDate.rule}`));
      document.getElementById(`request-${wrongDate.field}`)?.focus();
      return;
    }
    setStepError(null);
    update.mutate(draftBodyOf(form), { onSuccess: () => goTo('script') });
  };

  const nextFromScript = () => {
    if (form.script.trim() === '') {
      setStepError(t('messages.scriptRequired'));
      document.getElementById('request-script')?.focus();
      return;
    }
    setStepError(null);
    update.mutate(draftBodyOf(form), {
      onSuccess: () => navigate(`${REQUESTS_PATH}/${request.content_request_id}/payment`),
    });
  };

  // As every form says it: "The title field is required" (the validation catalog's wording).
  const fieldError = (field: InfoField | DateField) => {
    const empty = missing.find((name) => name === field);
    if (empty) return t('common.required', { field: fieldNameOf(empty) });
    const wrongDate = dateProblems.find((problem) => problem.field === field);
    return wrongDate ? t(`dates.${wrongDate.rule}`) : null;
  };
  const busy = update.isPending;

  return (
    <Stack gap="lg">
      <RequestStepper current={step} />
      <Title order={1} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        {step === 'info' ? t('info.title') : t('script.title')}
      </Title>
      <Paper withBorder radius="md" p="lg">
        {step === 'info' ? (
          <InfoFields form={form} set={set} fieldError={fieldError} disabled={busy} />
        ) : (
          <ScriptField
            value={form.script}
            max={scriptMax}
            onChange={(script) => {
              set('script', script);
              setStepError(null);
            }}
            disabled={busy}
          />
        )}
      </Paper>
      {stepError && (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
          {stepError}
        </Alert>
      )}
      {update.isError && (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
          {errorMessage(update.error)}
        </Alert>
      )}
      <Group justify="space-between">
        {step === 'info' ? (
          <Button component={Link} to={REQUESTS_PATH} variant="default" leftSection={<BackIcon />}>
            {t('common.toList')}
          </Button>
        ) : (
          <Button variant="default" leftSection={<BackIcon />} onClick={() => goTo('info')}>
            {t('common.back')}
          </Button>
        )}
        <Group gap="sm">
          <Button variant="light" onClick={saveDraft} disabled={busy}>
            {t('common.saveDraft')}
          </Button>
          <Button onClick={step === 'info' ? nextFromInfo : nextFromScript} loading={busy}>
            {t('common.next')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

function InfoFields({
  form,
  set,
  fieldError,
  disabled,
}: {
  form: DraftForm;
  set: <K extends keyof DraftForm>(field: K, value: DraftForm[K]) => void;
  fieldError: (field: InfoField | DateField) => string | null;
  disabled: boolean;
}) {
  const { t } = useTranslation('content-requests');
  const { t: tPages } = useTranslation('pages');
  // Today in Tunisia, where the deadlines are (an earlier day cannot be picked).
  const todayIso = requestToday();
  return (
    <Stack gap="md">
      <TextInput
        id="request-title"
        label={t('info.requestTitle')}
        value={form.title}
        onChange={(event) => set('title', event.currentTarget.value)}
        maxLength={120}
        required
        error={fieldError('title')}
        disabled={disabled}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          id="request-content_type"
          label={t('info.contentType')}
          placeholder={t('info.contentTypePlaceholder')}
          data={contentTypes.map((type) => ({
            value: type.key,
            label: tPages(`contentTypes.${type.key}`),
          }))}
          value={form.content_type}
          onChange={(value) => set('content_type', value)}
          required
          error={fieldError('content_type')}
          disabled={disabled}
        />
        <TextInput
          id="request-product_name"
          label={t('info.productName')}
          value={form.product_name}
          onChange={(event) => set('product_name', event.currentTarget.value)}
          maxLength={120}
          required
          error={fieldError('product_name')}
          disabled={disabled}
        />
      </SimpleGrid>
      <Radio.Group
        id="request-video_duration"
        label={t('info.duration')}
        value={form.video_duration}
        onChange={(value) => set('video_duration', value)}
        required
        error={fieldError('video_duration')}
      >
        <Group mt={6}>
          {videoDurations.map((duration) => (
            <Radio
              key={duration}
              value={String(duration)}
              label={t('common.seconds', { count: duration })}
              disabled={disabled}
            />
          ))}
        </Group>
      </Radio.Group>
      <Radio.Group
        id="request-format"
        label={t('info.format')}
        value={form.format}
        onChange={(value) => set('format', value)}
        required
        error={fieldError('format')}
      >
        <Group mt={6}>
          {videoFormats.map((format) => (
            <Radio
              key={format}
              value={format}
              label={t(`info.formats.${format}`)}
              disabled={disabled}
            />
          ))}
        </Group>
      </Radio.Group>
      <Textarea
        id="request-description"
        dir="auto"
        label={t('info.description')}
        value={form.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        maxLength={2000}
        autosize
        minRows={3}
        required
        error={fieldError('description')}
        disabled={disabled}
      />
      <Checkbox.Group
        id="request-platforms"
        label={t('info.platforms')}
        value={form.platforms}
        onChange={(value) => set('platforms', value)}
        required
        error={fieldError('platforms')}
      >
        <Group mt={6}>
          {requestPlatforms.map((platform) => (
            <Checkbox
              key={platform}
              value={platform}
              label={t(`info.platformNames.${platform}`)}
              disabled={disabled}
            />
          ))}
        </Group>
      </Checkbox.Group>
      <ProductImagesField
        images={form.product_images}
        onChange={(images) => set('product_images', images)}
        disabled={disabled}
      />
      <LicenceTermsFieldset
        idPrefix="request"
        value={form.licence}
        onChange={(licence) => set('licence', licence)}
        disabled={disabled}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          id="request-delivery_date"
          type="date"
          label={t('info.deliveryDate')}
          description={t('info.tunisTime')}
          min={todayIso}
          value={form.delivery_date}
          onChange={(event) => set('delivery_date', event.currentTarget.value)}
          required
          error={fieldError('delivery_date')}
          disabled={disabled}
        />
        <Select
          id="request-delivery_slot"
          label={t('info.deliverySlot')}
          description={t('info.tunisTime')}
          placeholder={t('info.deliverySlotPlaceholder')}
          data={[...timeSlots]}
          value={form.delivery_slot}
          onChange={(value) => set('delivery_slot', value)}
          searchable
          required
          error={fieldError('delivery_slot')}
          disabled={disabled}
        />
        <TextInput
          id="request-publishing_deadline"
          type="date"
          label={t('info.publishingDeadline')}
          description={t('info.tunisTime')}
          min={form.delivery_date || todayIso}
          value={form.publishing_deadline}
          onChange={(event) => set('publishing_deadline', event.currentTarget.value)}
          error={fieldError('publishing_deadline')}
          disabled={disabled}
        />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The script, with a live counter against the setting's maximum; typing stops there (what is
 * pasted beyond it is cut) and the message says why.
 */
function ScriptField({
  value,
  max,
  onChange,
  disabled,
}: {
  value: string;
  max: number;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('content-requests');
  const counterId = useId();
  const [hitLimit, setHitLimit] = useState(value.length >= max);
  return (
    <Stack gap={4}>
      <Textarea
        id="request-script"
        dir="auto"
        label={t('script.label')}
        description={t('script.hint')}
        value={value}
        onChange={(event) => {
          const typed = event.currentTarget.value;
          setHitLimit(typed.length >= max);
          onChange(typed.slice(0, max));
        }}
        maxLength={max}
        autosize
        minRows={8}
        required
        disabled={disabled}
        error={hitLimit ? t('messages.scriptTooLong') : null}
      />
      <Text size="sm" c={hitLimit ? 'red' : 'dimmed'} id={counterId} ta="end">
        {t('script.counter', { count: value.length, max })}
      </Text>
    </Stack>
  );
}
