import type { OpportunityDetail } from '@clipmarket/contracts/opportunities';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { IconAlertTriangle, IconSend, IconSettings } from '../../../components/icons';
import { useLicenceAddOnText } from '../../../components/licence-terms/licence-for-creator';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatMoney } from '../../../lib/format';
import { useLicenceWording } from '../../../lib/licence-terms';
import { toasts } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { opportunityQueryKey, useApply } from '../api/opportunities';
import { useSampleLines } from '../api/sample-lines';
import { ANSWER_MAX, PITCH_MAX, priceProblemOf, textProblemOf } from '../application-rules';
import { applicationPathOf } from '../paths';
import { isolated, PriceField } from './price-field';

type FieldErrors = Partial<Record<string, string>>;

/** Refusals that are about the account, not the form: said above it, with the way out. */
type AccountProblem = 'notValidated' | 'financialInfoRequired' | 'alreadyApplied';

function accountProblemOf(error: unknown): AccountProblem | null {
  if (!(error instanceof ApiError)) return null;
  const code: string = error.code;
  if (code === 'NOT_VALIDATED' || code === 'ACCOUNT_NOT_VALIDATED') return 'notValidated';
  if (code === 'FINANCIAL_INFO_REQUIRED') return 'financialInfoRequired';
  if (code === 'ALREADY_APPLIED') return 'alreadyApplied';
  return null;
}

/**
 * Applying to an opportunity (issue 23 §3): a price inside the band (starting from the
 * creator's own price for the length), a pitch, optionally one of their approved videos as a
 * sample, one answer per screening question, and the acceptance of the brief and deadlines,
 * which says the usage rights it accepts and what they add at the creator's rates.
 */
export function ApplyForm({
  opportunity,
  initialPrice,
}: {
  opportunity: OpportunityDetail;
  /** Millimes. */
  initialPrice: number;
}) {
  const { t, i18n } = useTranslation('discover-opportunities');
  const errorMessage = useApiErrorMessage();
  const [location, navigate] = useLocation();
  const ids = useId();
  const headingId = `${ids}-heading`;
  const queryClient = useQueryClient();
  const apply = useApply(opportunity.content_opportunity_id);
  const samples = useSampleLines(true);
  const band = { min: opportunity.price_min, max: opportunity.price_max };
  const questions = opportunity.screening_questions;

  const [price, setPrice] = useState<number | string>(initialPrice / 1000);
  const [pitch, setPitch] = useState('');
  const [sample, setSample] = useState<string | null>(null);
  const [answers, setAnswers] = useState<string[]>(() => questions.map(() => ''));
  const [accepts, setAccepts] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [showSummary, setShowSummary] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Opened by "Apply", whose button it replaces: the focus goes to its heading.
  useEffect(() => headingRef.current?.focus(), []);

  const money = (millimes: number) => isolated(formatMoney(millimes, i18n.language));
  // What applying accepts (issue 27 §1): the usage rights, and what they add at the creator's
  // rates, as on the opportunity's detail.
  const licenceWording = useLicenceWording();
  const addOnText = useLicenceAddOnText()(opportunity.licence);
  const licenceTerms = licenceWording.terms(opportunity.licence.terms);
  const licenceAcceptance =
    addOnText === null
      ? t('apply.acceptsLicence', { terms: licenceTerms })
      : t('apply.acceptsLicenceAddOn', { terms: licenceTerms, addOn: addOnText });
  const priceMessage = (problem: ReturnType<typeof priceProblemOf>) =>
    problem === 'required'
      ? t('apply.errors.priceRequired')
      : problem === 'wholeDinars'
        ? t('apply.errors.priceWhole')
        : problem === 'outsideBand'
          ? t('apply.errors.priceOutsideBand', { min: money(band.min), max: money(band.max) })
          : undefined;

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    found.price = priceMessage(priceProblemOf(price, band));
    const pitchProblem = textProblemOf(pitch, PITCH_MAX);
    if (pitchProblem === 'required') found.pitch = t('apply.errors.pitchRequired');
    if (pitchProblem === 'tooLong')
      found.pitch = t('apply.errors.pitchTooLong', { max: PITCH_MAX });
    answers.forEach((answer, index) => {
      const problem = textProblemOf(answer, ANSWER_MAX);
      if (problem === 'required') found[`answers.${index}`] = t('apply.errors.answerRequired');
      if (problem === 'tooLong')
        found[`answers.${index}`] = t('apply.errors.answerTooLong', { max: ANSWER_MAX });
    });
    if (!accepts) found.accepts_brief = t('apply.errors.acceptBrief');
    return Object.fromEntries(Object.entries(found).filter(([, message]) => message));
  };

  /** The first field in error gets the focus (its message is read with it). */
  const focusFirstError = (found: FieldErrors) => {
    const order = ['price', 'pitch', ...questions.map((_, i) => `answers.${i}`), 'accepts_brief'];
    const first = order.find((field) => found[field]);
    if (!first) return;
    requestAnimationFrame(() => document.getElementById(`${ids}-${first}`)?.focus());
  };

  const serverFieldErrors = (error: ApiError): FieldErrors => {
    const found: FieldErrors = {};
    if ((error.code as string) === 'PRICE_OUTSIDE_BAND') {
      found.price = priceMessage('outsideBand');
    }
    for (const problem of error.fields) {
      const field = problem.field === 'answers' ? 'answers.0' : problem.field;
      if (field === 'accepts_brief') found[field] = t('apply.errors.acceptBrief');
      else if (field === 'price' && (error.code as string) === 'PRICE_OUTSIDE_BAND') continue;
      else found[field] = problem.message;
    }
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setShowSummary(true);
      focusFirstError(found);
      return;
    }
    setShowSummary(false);
    apply.mutate(
      {
        price: Math.round(Number(price) * 1000),
        pitch: pitch.trim(),
        sample_line_id: sample ? Number(sample) : null,
        answers: answers.map((answer) => answer.trim()),
        accepts_brief: true,
      },
      {
        onSuccess: (application) => {
          toasts.show({ color: 'teal', message: t('apply.submitted'), autoClose: 6000 });
          navigate(applicationPathOf(application.content_opportunity_influencer_id));
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            const fieldErrors = serverFieldErrors(error);
            if (Object.keys(fieldErrors).length > 0) {
              setErrors(fieldErrors);
              focusFirstError(fieldErrors);
              return;
            }
          }
          setFailure(error);
          // Applied already (another tab): the page shows that application once read again.
          if (accountProblemOf(error) === 'alreadyApplied')
            void queryClient.invalidateQueries({
              queryKey: opportunityQueryKey(opportunity.content_opportunity_id),
            });
        },
      },
    );
  };

  const problem = accountProblemOf(failure);
  const settingsPath = `${location}?settings=financial-infos`;
  const sampleOptions = (samples.data ?? []).map((line) => ({
    value: String(line.content_request_influencer_id),
    label: `${line.title} (${line.reference})`,
  }));

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id={headingId} ref={headingRef} tabIndex={-1}>
              {t('apply.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('apply.intro')}
            </Text>
          </div>
          {showSummary && Object.keys(errors).length > 0 && (
            <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
              {t('apply.errors.requiredFields')}
            </Alert>
          )}
          {problem === 'notValidated' && (
            <Alert color="orange" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
              {t('apply.errors.notValidated')}
            </Alert>
          )}
          {problem === 'financialInfoRequired' && (
            <Alert color="orange" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('apply.errors.financialInfoRequired')}</Text>
                <Button
                  component={Link}
                  to={settingsPath}
                  size="xs"
                  variant="light"
                  color="orange"
                  leftSection={<IconSettings size={14} aria-hidden />}
                >
                  {t('apply.errors.openFinancialInfo')}
                </Button>
              </Stack>
            </Alert>
          )}
          {problem === 'alreadyApplied' && (
            <Alert color="blue" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
              {t('apply.errors.alreadyApplied')}
            </Alert>
          )}
          {failure !== null && problem === null && (
            <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
              {`${t('apply.errors.failed')} ${errorMessage(failure)}`}
            </Alert>
          )}

          <PriceField
            id={`${ids}-price`}
            value={price}
            onChange={setPrice}
            band={band}
            error={errors.price}
          />
          <Textarea
            id={`${ids}-pitch`}
            label={t('apply.pitch')}
            description={t('apply.pitchHint')}
            required
            autosize
            minRows={4}
            maxLength={PITCH_MAX}
            value={pitch}
            onChange={(event) => setPitch(event.currentTarget.value)}
            error={errors.pitch}
            dir="auto"
          />
          {sampleOptions.length > 0 ? (
            <Select
              id={`${ids}-sample_line_id`}
              label={t('apply.sample')}
              description={t('apply.sampleHint')}
              placeholder={t('apply.samplePlaceholder')}
              data={sampleOptions}
              value={sample}
              onChange={setSample}
              clearable
              comboboxProps={{ keepMounted: false }}
              error={errors.sample_line_id}
            />
          ) : (
            samples.isSuccess && (
              <Text size="sm" c="dimmed">
                {t('apply.noSample')}
              </Text>
            )
          )}
          {questions.map((question, index) => (
            <Textarea
              key={index}
              id={`${ids}-answers.${index}`}
              label={question}
              description={t('apply.questionNumber', {
                number: index + 1,
                total: questions.length,
              })}
              required
              autosize
              minRows={2}
              maxLength={ANSWER_MAX}
              value={answers[index] ?? ''}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setAnswers((current) => current.map((a, i) => (i === index ? value : a)));
              }}
              error={errors[`answers.${index}`]}
              dir="auto"
              labelProps={{ dir: 'auto' }}
            />
          ))}
          <Checkbox
            id={`${ids}-accepts_brief`}
            label={t('apply.acceptBrief')}
            description={licenceAcceptance}
            checked={accepts}
            onChange={(event) => setAccepts(event.currentTarget.checked)}
            error={errors.accepts_brief}
            required
          />
          <Group justify="space-between" wrap="wrap">
            <Anchor component={Link} to="/discover-opportunities" size="sm">
              {t('details.back')}
            </Anchor>
            <Button
              type="submit"
              loading={apply.isPending}
              leftSection={<IconSend size={18} aria-hidden />}
            >
              {t('apply.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
