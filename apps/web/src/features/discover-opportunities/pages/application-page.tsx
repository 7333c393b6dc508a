import type { OwnApplication } from '@clipmarket/contracts/opportunities';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams } from 'wouter';
import { BackIcon } from '../../../components/back-icon';
import { Money } from '../../../components/checkout/money';
import { ConfirmModal } from '../../../components/confirm-modal';
import { IconAlertTriangle, IconSend, IconVideo } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { ApiError } from '../../../lib/api-client';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { formatDate, formatMoney } from '../../../lib/format';
import { useRealtimeEvent } from '../../../lib/realtime';
import { toasts } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import {
  useOwnApplication,
  useReviseApplication,
  useWithdrawApplication,
} from '../api/applications';
import { applicationQueryKey, useOpportunity } from '../api/opportunities';
import { PITCH_MAX, priceProblemOf, textProblemOf } from '../application-rules';
import { Fact, OpportunityFacts } from '../components/opportunity-facts';
import { OpportunityHeader } from '../components/opportunity-header';
import { isolated, PriceField } from '../components/price-field';
import { ApplicationLabelBadge, FundsSecuredBadge } from '../components/status-badges';
import { deliveryPathOf, detailsPathOf, TRACK_PATH } from '../paths';

/**
 * One of the creator's applications (spec §2 `/track-opportunities/:id`): the opportunity,
 * what they sent, the advertiser's reason when debriefed or declined; withdraw it while it is
 * open, revise its price and pitch after a debrief, and once accepted go to its delivery.
 */
export default function ApplicationPage() {
  const { t } = useTranslation('discover-opportunities');
  const queryClient = useQueryClient();
  const { content_opportunity_influencer_id: idParam } = useParams();
  const id = Number(idParam);
  const application = useOwnApplication(id);

  // The advertiser's answer comes with a notification.
  useRealtimeEvent('new_notification', () => {
    void queryClient.invalidateQueries({ queryKey: applicationQueryKey(id) });
  });

  if (!Number.isInteger(id) || id <= 0 || application.isError) {
    return (
      <Stack gap="md">
        <LoadErrorAlert
          error={application.error}
          message={t('application.loadError')}
          onRetry={() => void application.refetch()}
        />
        <BackToList />
      </Stack>
    );
  }
  if (application.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  return <ApplicationView application={application.data} />;
}

function BackToList() {
  const { t } = useTranslation('discover-opportunities');
  return (
    <Group>
      <Button component={Link} to={TRACK_PATH} variant="default" leftSection={<BackIcon />}>
        {t('application.back')}
      </Button>
    </Group>
  );
}

const openStates: readonly OwnApplication['state'][] = ['submitted', 'debriefed'];

function ApplicationView({ application }: { application: OwnApplication }) {
  const { t, i18n } = useTranslation('discover-opportunities');
  const errorMessage = useApiErrorMessage();
  const titleId = useId();
  const sentId = useId();
  const id = application.content_opportunity_influencer_id;
  const { opportunity } = application;
  // The questions' texts (the card does not carry them); answers alone when it cannot be read.
  const detail = useOpportunity(opportunity.content_opportunity_id);
  const questions = detail.data?.screening_questions ?? [];
  const withdraw = useWithdrawApplication(id);
  const [confirming, setConfirming] = useState(false);
  const canWithdraw = openStates.includes(application.state);
  const showsReason =
    application.reason !== null &&
    (application.state === 'debriefed' || application.state === 'declined');

  const confirmWithdraw = () =>
    withdraw.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toasts.show({ color: 'teal', message: t('application.withdrawn') });
      },
      onError: (error) => {
        setConfirming(false);
        toasts.show({ color: 'red', message: errorMessage(error) });
      },
    });

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="article" aria-labelledby={titleId}>
        <Stack gap="md">
          <OpportunityHeader card={opportunity} titleId={titleId} headingOrder={1} />
          <OpportunityFacts card={opportunity} />
          <Anchor component={Link} to={detailsPathOf(opportunity.content_opportunity_id)} size="sm">
            {t('application.openOpportunity')}
          </Anchor>
        </Stack>
      </Paper>

      {application.state === 'accepted' && application.line && (
        <Alert color="teal" icon={<IconVideo size={20} aria-hidden />}>
          <Stack gap="xs" align="flex-start">
            <Group gap="xs">
              <Text size="sm">{t('application.acceptedIntro')}</Text>
              {application.line.funds_secured && <FundsSecuredBadge />}
            </Group>
            <Button
              component={Link}
              to={deliveryPathOf(application.line.content_request_influencer_id)}
              size="xs"
              leftSection={<IconVideo size={14} aria-hidden />}
            >
              {t('application.goToDelivery')}
            </Button>
          </Stack>
        </Alert>
      )}

      {showsReason && (
        <Alert
          color={application.state === 'declined' ? 'red' : 'orange'}
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={t('application.reason')}
        >
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto">
            {application.reason}
          </Text>
        </Alert>
      )}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby={sentId}>
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h3" id={sentId}>
              {t('application.yours')}
            </Title>
            <ApplicationLabelBadge label={application.label} />
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" component="dl" m={0}>
            <Fact label={t('track.price')}>
              <Money millimes={application.price} />
            </Fact>
            <Fact label={t('track.appliedOn')}>
              {formatDate(application.created_at, i18n.language)}
            </Fact>
            {application.sample_line_id !== null && (
              <Fact label={t('application.sample')}>
                <Anchor component={Link} to={deliveryPathOf(application.sample_line_id)}>
                  {t('application.openSample')}
                </Anchor>
              </Fact>
            )}
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('application.pitch')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto">
              {application.pitch}
            </Text>
          </Stack>
          {application.answers.length > 0 && (
            <Stack gap="xs">
              <Text size="xs" c="dimmed">
                {t('application.answers')}
              </Text>
              {application.answers.map((answer, index) => (
                <div key={index}>
                  <Text size="sm" fw={600} dir="auto">
                    {questions[index] ?? t('application.answerNumber', { number: index + 1 })}
                  </Text>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} dir="auto">
                    {answer}
                  </Text>
                </div>
              ))}
            </Stack>
          )}
          {canWithdraw && (
            <Group>
              <Button variant="outline" color="red" onClick={() => setConfirming(true)}>
                {t('application.withdraw')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>

      {application.state === 'debriefed' && (
        <RevisionForm key={application.updated_at} application={application} />
      )}

      <BackToList />
      <ConfirmModal
        opened={confirming}
        title={t('application.withdrawTitle')}
        text={t('application.withdrawText', { title: opportunity.title })}
        confirmLabel={t('application.confirmWithdraw')}
        cancelLabel={t('application.keep')}
        isBusy={withdraw.isPending}
        onConfirm={confirmWithdraw}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** After a debrief: another price (inside the band) and pitch, sent back for review. */
function RevisionForm({ application }: { application: OwnApplication }) {
  const { t, i18n } = useTranslation('discover-opportunities');
  const errorMessage = useApiErrorMessage();
  const ids = useId();
  const headingId = `${ids}-heading`;
  const revise = useReviseApplication(application.content_opportunity_influencer_id);
  const band = { min: application.opportunity.price_min, max: application.opportunity.price_max };
  const [price, setPrice] = useState<number | string>(application.price / 1000);
  const [pitch, setPitch] = useState(application.pitch);
  const [errors, setErrors] = useState<{ price?: string; pitch?: string }>({});
  const [failure, setFailure] = useState<unknown>(null);
  const money = (millimes: number) => isolated(formatMoney(millimes, i18n.language));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const priceProblem = priceProblemOf(price, band);
    const pitchProblem = textProblemOf(pitch, PITCH_MAX);
    const found = {
      price:
        priceProblem === 'required'
          ? t('apply.errors.priceRequired')
          : priceProblem === 'wholeDinars'
            ? t('apply.errors.priceWhole')
            : priceProblem === 'outsideBand'
              ? t('apply.errors.priceOutsideBand', { min: money(band.min), max: money(band.max) })
              : undefined,
      pitch:
        pitchProblem === 'required'
          ? t('apply.errors.pitchRequired')
          : pitchProblem === 'tooLong'
            ? t('apply.errors.pitchTooLong', { max: PITCH_MAX })
            : undefined,
    };
    setErrors(found);
    if (found.price || found.pitch) {
      document.getElementById(found.price ? `${ids}-price` : `${ids}-pitch`)?.focus();
      return;
    }
    revise.mutate(
      { price: Math.round(Number(price) * 1000), pitch: pitch.trim() },
      {
        onSuccess: () => toasts.show({ color: 'teal', message: t('application.revised') }),
        onError: (error) => {
          if (error instanceof ApiError && (error.code as string) === 'PRICE_OUTSIDE_BAND') {
            setErrors({
              price: t('apply.errors.priceOutsideBand', {
                min: money(band.min),
                max: money(band.max),
              }),
            });
            return;
          }
          if (error instanceof ApiError && error.fields.length > 0) {
            setErrors(
              Object.fromEntries(error.fields.map((problem) => [problem.field, problem.message])),
            );
            return;
          }
          setFailure(error);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <div>
            <Title order={2} size="h3" id={headingId}>
              {t('application.reviseTitle')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('application.reviseIntro')}
            </Text>
          </div>
          {failure !== null && (
            <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
              {`${t('application.reviseFailed')} ${errorMessage(failure)}`}
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
            required
            autosize
            minRows={4}
            maxLength={PITCH_MAX}
            value={pitch}
            onChange={(event) => setPitch(event.currentTarget.value)}
            error={errors.pitch}
            dir="auto"
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={revise.isPending}
              leftSection={<IconSend size={18} aria-hidden />}
            >
              {t('application.sendRevision')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
