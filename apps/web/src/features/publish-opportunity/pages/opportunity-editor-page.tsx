import { businessSettingDefinitions } from '@clipmarket/contracts/business-settings';
import { contentTypes } from '@clipmarket/contracts/content-types';
import { sizeBands, type SizeBand } from '@clipmarket/contracts/enums';
import { formatMoney } from '@clipmarket/contracts/money-format';
import type { Opportunity } from '@clipmarket/contracts/opportunities';
import { requestToday } from '@clipmarket/contracts/request-dates';
import {
  pricedDurations,
  suggestedPriceRange,
  type SuggestedPriceGrid,
} from '@clipmarket/contracts/suggested-prices';
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Input,
  Loader,
  MultiSelect,
  NumberInput,
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
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { BackIcon } from '../../../components/back-icon';
import { closedDropdownProps } from '../../../components/combobox-props';
import { IconAlertTriangle, IconPlus, IconTrash } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ProductImagesField } from '../../../components/product-images-field';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { addToCampaign, campaignOfSearch } from '../../../lib/campaign-items';
import { useCategories, useCityOptions, useCountries } from '../../../lib/reference-data';
import { toasts } from '../../../lib/toasts';
import { LicenceTermsFieldset } from '../../../components/licence-terms/licence-terms-fieldset';
import { LicenceTermsSummary } from '../../../components/licence-terms/licence-terms-summary';
import { useTranslation } from '../../../lib/use-translation';
import {
  requestPlatforms,
  timeSlots,
  videoDurations,
  videoFormats,
} from '../../../lib/video-options';
import { useOpportunity, useOpportunityLimits, useSaveOpportunity } from '../api/opportunities';
import { AttachmentField } from '../components/attachment-field';
import { refusedFieldsOf, useFieldReason } from '../components/field-problems';
import { InvitedCreatorsField } from '../components/invited-creators-field';
import { OpportunityStepper } from '../components/opportunity-stepper';
import { CHECKLIST_ITEMS_MAX, OPPORTUNITY_SPOTS_MAX, SCREENING_QUESTIONS_MAX } from '../constants';
import {
  type FormField,
  type FormRule,
  type OpportunityForm,
  emptyForm,
  fieldLabelKeys,
  formOf,
  draftBodyOf,
  missingInfoFields,
  ruleProblemsOf,
  suggestedFloorOf,
} from '../draft-form';
import { OPPORTUNITIES_PATH, opportunityPath } from '../paths';

type Step = 'info' | 'brief';

/**
 * The brief's maximum is the business setting `brief_max_length`, which no route tells the
 * advertiser: its default bounds the counter, and the server's refusal (BRIEF_TOO_LONG) is shown
 * on the field when an admin set it lower.
 */
/** Until the settings arrive: the setting's default (the server checks the real one). */
const BRIEF_MAX_DEFAULT = businessSettingDefinitions.brief_max_length.default;

const readId = (value: string | undefined) =>
  value !== undefined && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * Steps 1 and 2 of an opportunity (spec §2 `/publish-opportunity/add` and `/{id}`): the info
 * (the video, the creators wanted, the price band and dates, the brief's material, who may
 * apply), then the brief and its checklist. "Save as draft" at either step creates the draft
 * (POST) the first time and changes it (PATCH) after; "Next" saves and goes on.
 */
export default function OpportunityEditorPage() {
  const { t } = useTranslation('publish-opportunity');
  const { content_opportunity_id: idParam } = useParams();
  const id = idParam === undefined ? null : readId(idParam);
  const opportunity = useOpportunity(id);

  // A failed read again keeps what was read (the form being written stays).
  if (idParam !== undefined && (id === null || (opportunity.isError && !opportunity.data))) {
    return (
      <Stack gap="md">
        <OpportunityStepper current="info" />
        <LoadErrorAlert
          error={opportunity.error}
          message={t('common.loadError')}
          onRetry={() => void opportunity.refetch()}
        />
        <BackToList />
      </Stack>
    );
  }
  if (id !== null && opportunity.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (opportunity.data && opportunity.data.state !== 'draft') {
    return (
      <Stack gap="md">
        <Title order={1}>{opportunity.data.title || t('common.untitled')}</Title>
        <Alert color="blue">{t('common.notDraft')}</Alert>
        <LicenceTermsSummary terms={opportunity.data.licence} />
        <BackToList />
      </Stack>
    );
  }
  return <DraftEditor key={id ?? 'new'} opportunity={opportunity.data ?? null} />;
}

function BackToList() {
  const { t } = useTranslation('publish-opportunity');
  return (
    <Group>
      <Button component={Link} to={OPPORTUNITIES_PATH} variant="default" leftSection={<BackIcon />}>
        {t('common.toList')}
      </Button>
    </Group>
  );
}

interface FieldProps {
  form: OpportunityForm;
  set: <K extends FormField>(field: K, value: OpportunityForm[K]) => void;
  fieldError: (field: FormField) => string | null;
  disabled: boolean;
}

function DraftEditor({ opportunity }: { opportunity: Opportunity | null }) {
  const { t, i18n } = useTranslation('publish-opportunity');
  const errorMessage = useApiErrorMessage();
  const reasonOf = useFieldReason();
  const [, navigate] = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const step: Step = searchParams.get('step') === 'brief' ? 'brief' : 'info';
  const id = opportunity?.content_opportunity_id ?? null;
  const save = useSaveOpportunity();
  const [form, setForm] = useState<OpportunityForm>(() =>
    opportunity ? formOf(opportunity) : emptyForm,
  );
  // Sent back by the checkout to a field it refused (`?field=`): every empty one is marked.
  const fieldToFix = searchParams.get('field');
  const [missing, setMissing] = useState<FormField[]>(() =>
    fieldToFix && opportunity ? missingInfoFields(formOf(opportunity)) : [],
  );
  const [serverErrors, setServerErrors] = useState<{ field: FormField; message: string }[]>([]);
  const [stepError, setStepError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const grid = useOpportunityLimits().data?.suggested_prices;
  const rules = ruleProblemsOf(form, requestToday(), grid);
  // A rule's text; the suggested prices' names the lowest price the band must reach.
  const ruleText = (rule: FormRule) =>
    rule === 'belowSuggested'
      ? t('rules.belowSuggested', {
          amount: formatMoney(suggestedFloorOf(form, grid) ?? 0, i18n.language),
        })
      : t(`rules.${rule}`);

  // A label inside a sentence: "The title field" in English and French, as written in Arabic.
  const fieldNameOf = (field: FormField) => {
    const label = t(fieldLabelKeys[field]);
    return i18n.language === 'tn' ? label : label.charAt(0).toLowerCase() + label.slice(1);
  };

  useEffect(() => {
    setStepError(null);
    const field = fieldToFix && document.getElementById(`opportunity-${fieldToFix}`);
    if (field) field.focus();
    else headingRef.current?.focus();
    // Only when the step opens: the field asked for gets the focus once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  const set = <K extends FormField>(field: K, value: OpportunityForm[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setMissing((current) => current.filter((other) => other !== field));
    setServerErrors((current) => current.filter((problem) => problem.field !== field));
  };

  const stepQuery = (next: Step) => (next === 'brief' ? '?step=brief' : '');
  const goTo = (next: Step) =>
    setSearchParams(
      (params) => {
        params.delete('field');
        if (next === 'brief') params.set('step', 'brief');
        else params.delete('step');
        return params;
      },
      { replace: false },
    );

  /** Saves the whole form; `then` gets the saved opportunity's id. */
  const persist = (then: (savedId: number) => void) => {
    save.mutate(
      { id, input: draftBodyOf(form) },
      {
        onSuccess: (saved) => {
          setServerErrors([]);
          const go = () => then(saved.content_opportunity_id);
          // A new draft started from a campaign's page goes into that campaign.
          const campaignId = id === null ? campaignOfSearch(searchParams) : null;
          if (campaignId === null) return go();
          addToCampaign(campaignId, 'opportunity', saved.content_opportunity_id)
            .catch((error: unknown) => toasts.show({ color: 'red', message: errorMessage(error) }))
            .finally(go);
        },
        onError: (failure) => setServerErrors(refusedFieldsOf(failure)),
      },
    );
  };

  const saveDraft = () =>
    persist((savedId) => {
      toasts.show({ color: 'green', message: t('messages.draftSaved') });
      // A new draft now has its own address: a reload finds it.
      if (id === null) navigate(`${opportunityPath(savedId)}${stepQuery(step)}`, { replace: true });
    });

  const focusField = (field: FormField) => document.getElementById(`opportunity-${field}`)?.focus();

  const nextFromInfo = () => {
    const absent = missingInfoFields(form);
    setMissing(absent);
    if (absent.length > 0) {
      setStepError(t('messages.requiredFields'));
      focusField(absent[0]!);
      return;
    }
    const [wrong] = rules;
    if (wrong) {
      setStepError(ruleText(wrong.rule));
      focusField(wrong.field);
      return;
    }
    setStepError(null);
    persist((savedId) => {
      if (id === null) navigate(`${opportunityPath(savedId)}?step=brief`);
      else goTo('brief');
    });
  };

  const nextFromBrief = () => {
    if (form.brief.trim() === '') {
      setStepError(t('messages.briefRequired'));
      focusField('brief');
      return;
    }
    setStepError(null);
    persist((savedId) => navigate(`${opportunityPath(savedId)}/payment`));
  };

  // As every form says it: "The title field is required"; then the rules; then the server.
  const fieldError = (field: FormField): string | null => {
    if (missing.includes(field)) return t('common.required', { field: fieldNameOf(field) });
    const rule = rules.find((problem) => problem.field === field);
    if (rule) return ruleText(rule.rule);
    const refused = serverErrors.find((problem) => problem.field === field);
    return refused ? reasonOf(refused.message) : null;
  };
  const busy = save.isPending;
  const fieldProps: FieldProps = { form, set, fieldError, disabled: busy };

  return (
    <Stack gap="lg">
      <OpportunityStepper current={step} />
      <Title order={1} ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
        {step === 'brief'
          ? t('brief.heading')
          : id === null
            ? t('info.newHeading')
            : t('info.heading')}
      </Title>
      {step === 'info' ? (
        <InfoFields {...fieldProps} />
      ) : (
        <Paper withBorder radius="md" p="lg">
          <BriefFields
            {...fieldProps}
            set={(field, value) => {
              set(field, value);
              setStepError(null);
            }}
          />
        </Paper>
      )}
      {stepError && (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
          {stepError}
        </Alert>
      )}
      {save.isError && (
        <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
          {errorMessage(save.error)}
        </Alert>
      )}
      <Group justify="space-between">
        {step === 'info' ? (
          <Button
            component={Link}
            to={OPPORTUNITIES_PATH}
            variant="default"
            leftSection={<BackIcon />}
          >
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
          <Button onClick={step === 'info' ? nextFromInfo : nextFromBrief} loading={busy}>
            {t('common.next')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/** A titled group of step 1's fields. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function InfoFields({ form, set, fieldError, disabled }: FieldProps) {
  const { t } = useTranslation('publish-opportunity');
  const { t: tPages } = useTranslation('pages');
  const categories = useCategories();
  const countries = useCountries();
  const cities = useCityOptions(form.country, form.cities);
  const grid = useOpportunityLimits().data?.suggested_prices;
  const todayIso = requestToday();

  return (
    <Stack gap="lg">
      <Section title={t('info.video')}>
        <TextInput
          id="opportunity-title"
          label={t('info.title')}
          value={form.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          maxLength={120}
          required
          error={fieldError('title')}
          disabled={disabled}
        />
        <Select
          id="opportunity-content_type"
          label={t('info.contentType')}
          placeholder={t('info.contentTypePlaceholder')}
          data={contentTypes.map((type) => ({
            value: type.key,
            label: tPages(`contentTypes.${type.key}`),
          }))}
          value={form.content_type}
          onChange={(value) => set('content_type', value)}
          comboboxProps={closedDropdownProps}
          required
          error={fieldError('content_type')}
          disabled={disabled}
          maw={420}
        />
        <Radio.Group
          id="opportunity-video_duration"
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
          id="opportunity-format"
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
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Checkbox.Group
            id="opportunity-platforms"
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
                  label={tPages(`platforms.${platform}`)}
                  disabled={disabled}
                />
              ))}
            </Group>
          </Checkbox.Group>
          <Checkbox.Group
            id="opportunity-creator_platforms"
            label={t('info.creatorPlatforms')}
            value={form.creator_platforms}
            onChange={(value) => set('creator_platforms', value)}
            required
            error={fieldError('creator_platforms')}
          >
            <Group mt={6}>
              {requestPlatforms.map((platform) => (
                <Checkbox
                  key={platform}
                  value={platform}
                  label={tPages(`platforms.${platform}`)}
                  disabled={disabled}
                />
              ))}
            </Group>
          </Checkbox.Group>
        </SimpleGrid>
      </Section>

      <Section title={t('info.audience')}>
        <MultiSelect
          id="opportunity-category_ids"
          label={t('info.categories')}
          placeholder={t('info.categoriesPlaceholder')}
          data={(categories.data ?? []).map((category) => ({
            value: String(category.category_id),
            label: category.label,
          }))}
          value={form.category_ids}
          onChange={(value) => set('category_ids', value)}
          comboboxProps={closedDropdownProps}
          searchable
          error={fieldError('category_ids')}
          disabled={disabled}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            id="opportunity-country"
            label={t('info.country')}
            placeholder={t('info.countryPlaceholder')}
            data={(countries.data ?? []).map((country) => ({
              value: country.value,
              label: `${country.icon} ${country.label}`,
            }))}
            value={form.country}
            onChange={(value) => {
              set('country', value);
              // Another country's cities are another list (spec §4).
              if (value !== form.country) set('cities', []);
            }}
            comboboxProps={closedDropdownProps}
            searchable
            required
            error={fieldError('country')}
            disabled={disabled}
          />
          <MultiSelect
            id="opportunity-cities"
            label={t('info.cities')}
            description={t('info.citiesHint')}
            data={cities.options}
            value={form.cities}
            onChange={(value) => set('cities', value)}
            comboboxProps={closedDropdownProps}
            searchable
            error={fieldError('cities')}
            disabled={disabled || !form.country}
          />
        </SimpleGrid>
        <Checkbox.Group
          id="opportunity-size_bands"
          label={t('info.sizeBands')}
          description={t('info.sizeBandsHint')}
          value={form.size_bands}
          onChange={(value) => set('size_bands', value)}
          error={fieldError('size_bands')}
        >
          <Group mt={6}>
            {sizeBands.map((band) => (
              <Checkbox
                key={band.value}
                value={band.value}
                label={tPages(`sizeBands.${band.value}`)}
                disabled={disabled}
              />
            ))}
          </Group>
        </Checkbox.Group>
        <NumberInput
          id="opportunity-spots"
          label={t('info.spots')}
          description={t('info.spotsHint', { max: OPPORTUNITY_SPOTS_MAX })}
          value={form.spots}
          onChange={(value) => set('spots', value)}
          min={1}
          max={OPPORTUNITY_SPOTS_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          required
          error={fieldError('spots')}
          disabled={disabled}
          maw={240}
        />
      </Section>

      <Section title={t('info.dates')}>
        <Text size="sm" c="dimmed">
          {t('info.priceHint')}
        </Text>
        <SuggestedPrices
          grid={grid}
          duration={form.video_duration}
          bands={form.size_bands as SizeBand[]}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {(['price_min', 'price_max'] as const).map((field) => (
            <NumberInput
              key={field}
              id={`opportunity-${field}`}
              label={t(field === 'price_min' ? 'info.priceMin' : 'info.priceMax')}
              value={form[field]}
              onChange={(value) => set(field, value)}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              thousandSeparator=" "
              required
              error={fieldError(field)}
              disabled={disabled}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            id="opportunity-application_deadline"
            type="date"
            label={t('info.applicationDeadline')}
            description={t('info.tunisTime')}
            min={todayIso}
            value={form.application_deadline}
            onChange={(event) => set('application_deadline', event.currentTarget.value)}
            required
            error={fieldError('application_deadline')}
            disabled={disabled}
          />
          <TextInput
            id="opportunity-publishing_deadline"
            type="date"
            label={t('info.publishingDeadline')}
            description={t('info.tunisTime')}
            min={form.delivery_date || form.application_deadline || todayIso}
            value={form.publishing_deadline}
            onChange={(event) => set('publishing_deadline', event.currentTarget.value)}
            error={fieldError('publishing_deadline')}
            disabled={disabled}
          />
          <TextInput
            id="opportunity-delivery_date"
            type="date"
            label={t('info.deliveryDate')}
            description={t('info.tunisTime')}
            min={form.application_deadline || todayIso}
            value={form.delivery_date}
            onChange={(event) => set('delivery_date', event.currentTarget.value)}
            required
            error={fieldError('delivery_date')}
            disabled={disabled}
          />
          <Select
            id="opportunity-delivery_slot"
            label={t('info.deliverySlot')}
            description={t('info.tunisTime')}
            placeholder={t('info.deliverySlotPlaceholder')}
            data={[...timeSlots]}
            value={form.delivery_slot}
            onChange={(value) => set('delivery_slot', value)}
            comboboxProps={closedDropdownProps}
            searchable
            required
            error={fieldError('delivery_slot')}
            disabled={disabled}
          />
        </SimpleGrid>
      </Section>

      <Section title={t('info.extras')}>
        <ProductImagesField
          id="opportunity-product_images"
          images={form.product_images}
          onChange={(images) => set('product_images', images)}
          error={fieldError('product_images')}
          disabled={disabled}
        />
        <AttachmentField
          fileId={form.attachment_file_id}
          onChange={(fileId) => set('attachment_file_id', fileId)}
          error={fieldError('attachment_file_id')}
          disabled={disabled}
        />
        <LinesField
          field="screening_questions"
          label={t('info.questions')}
          hint={t('info.questionsHint', { max: SCREENING_QUESTIONS_MAX })}
          max={SCREENING_QUESTIONS_MAX}
          lineLabel={(index) => t('info.question', { index })}
          addLabel={t('info.addQuestion')}
          removeLabel={(index) => t('info.removeQuestion', { index })}
          maxLength={300}
          lines={form.screening_questions}
          onChange={(lines) => set('screening_questions', lines)}
          error={fieldError('screening_questions')}
          disabled={disabled}
        />
      </Section>

      <Section title={t('info.visibility')}>
        <Radio.Group
          id="opportunity-visibility"
          label={t('info.visibility')}
          value={form.visibility}
          onChange={(value) => set('visibility', value as OpportunityForm['visibility'])}
          error={fieldError('visibility')}
        >
          <Stack gap="xs" mt={6}>
            {(['public', 'private'] as const).map((visibility) => (
              <Radio
                key={visibility}
                value={visibility}
                label={t(`info.visibilities.${visibility}`)}
                disabled={disabled}
              />
            ))}
          </Stack>
        </Radio.Group>
        {form.visibility === 'private' && (
          <InvitedCreatorsField
            ids={form.invited_influencer_ids}
            onChange={(ids) => set('invited_influencer_ids', ids)}
            error={fieldError('invited_influencer_ids')}
            disabled={disabled}
          />
        )}
      </Section>
    </Stack>
  );
}

/**
 * Under the price band (issue 23 §2): what the sizes chosen usually ask for the video's length,
 * from the suggested prices grid (every size when none is chosen). The band's maximum may not
 * be under the lowest (the rule `belowSuggested`, the checkout's PRICE_BELOW_SUGGESTED).
 */
function SuggestedPrices({
  grid,
  duration,
  bands,
}: {
  grid: SuggestedPriceGrid | undefined;
  duration: string | null;
  bands: SizeBand[];
}) {
  const { t, i18n } = useTranslation('publish-opportunity');
  if (!grid) return null;
  const length = pricedDurations.find((value) => String(value) === duration);
  if (length === undefined) {
    return (
      <Text size="sm" c="dimmed">
        {t('info.suggestedPricesNoLength')}
      </Text>
    );
  }
  const { min, max } = suggestedPriceRange(grid, bands, length);
  const money = (millimes: number) => formatMoney(millimes, i18n.language);
  return (
    <Text size="sm" fw={500}>
      {bands.length === 1
        ? t('info.suggestedPrice', { price: money(min), seconds: length })
        : t(bands.length === 0 ? 'info.suggestedPricesAll' : 'info.suggestedPrices', {
            min: money(min),
            max: money(max),
            seconds: length,
          })}
    </Text>
  );
}

/** A short list of lines (screening questions, checklist points), each removable. */
function LinesField({
  field,
  label,
  hint,
  max,
  lineLabel,
  addLabel,
  removeLabel,
  maxLength,
  lines,
  onChange,
  error,
  disabled,
}: {
  field: 'screening_questions' | 'checklist';
  label: string;
  hint: string;
  max: number;
  lineLabel: (index: number) => string;
  addLabel: string;
  removeLabel: (index: number) => string;
  maxLength: number;
  lines: string[];
  onChange: (lines: string[]) => void;
  error: string | null;
  disabled: boolean;
}) {
  const added = useRef(false);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // A new line gets the focus, so typing goes on there.
    if (!added.current) return;
    added.current = false;
    const inputs = listRef.current?.querySelectorAll('input');
    inputs?.[inputs.length - 1]?.focus();
  }, [lines.length]);
  return (
    <Input.Wrapper id={`opportunity-${field}`} label={label} description={hint} error={error}>
      <Stack gap="xs" mt={4}>
        {lines.length > 0 && (
          <Stack
            component="ol"
            ref={listRef}
            gap="xs"
            style={{ listStyle: 'none', paddingInlineStart: 0, margin: 0 }}
          >
            {lines.map((line, index) => (
              <Group component="li" key={index} gap="xs" wrap="nowrap" align="flex-start">
                <TextInput
                  aria-label={lineLabel(index + 1)}
                  dir="auto"
                  value={line}
                  onChange={(event) =>
                    onChange(
                      lines.map((other, at) => (at === index ? event.currentTarget.value : other)),
                    )
                  }
                  maxLength={maxLength}
                  disabled={disabled}
                  style={{ flex: 1 }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  aria-label={removeLabel(index + 1)}
                  onClick={() => onChange(lines.filter((_, at) => at !== index))}
                  disabled={disabled}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        {lines.length < max && (
          <Group>
            <Button
              variant="light"
              size="sm"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => {
                added.current = true;
                onChange([...lines, '']);
              }}
              disabled={disabled}
            >
              {addLabel}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/**
 * The brief, with a live counter against its maximum; typing stops there (what is pasted
 * beyond it is cut) and the message says why. Then the checklist.
 */
function BriefFields({ form, set, fieldError, disabled }: FieldProps) {
  const { t } = useTranslation('publish-opportunity');
  const briefMax = useOpportunityLimits().data?.brief_max_length ?? BRIEF_MAX_DEFAULT;
  const [hitLimit, setHitLimit] = useState(form.brief.length >= briefMax);
  const serverError = fieldError('brief');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Textarea
          id="opportunity-brief"
          dir="auto"
          label={t('brief.label')}
          description={t('brief.hint')}
          value={form.brief}
          onChange={(event) => {
            const typed = event.currentTarget.value;
            setHitLimit(typed.length >= briefMax);
            set('brief', typed.slice(0, briefMax));
          }}
          maxLength={briefMax}
          autosize
          minRows={8}
          required
          disabled={disabled}
          error={hitLimit ? t('messages.briefTooLong') : serverError}
        />
        <Text size="sm" c={hitLimit ? 'red' : 'dimmed'} ta="end">
          {t('brief.counter', { count: form.brief.length, max: briefMax })}
        </Text>
      </Stack>
      <LinesField
        field="checklist"
        label={t('brief.checklist')}
        hint={t('brief.checklistHint', { max: CHECKLIST_ITEMS_MAX })}
        max={CHECKLIST_ITEMS_MAX}
        lineLabel={(index) => t('brief.item', { index })}
        addLabel={t('brief.addItem')}
        removeLabel={(index) => t('brief.removeItem', { index })}
        maxLength={200}
        lines={form.checklist}
        onChange={(lines) => set('checklist', lines)}
        error={fieldError('checklist')}
        disabled={disabled}
      />
      <LicenceTermsFieldset
        idPrefix="opportunity"
        value={form.licence}
        onChange={(licence) => set('licence', licence)}
        disabled={disabled}
      />
    </Stack>
  );
}
