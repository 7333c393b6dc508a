import type {
  ContentRequest,
  ContentRequestDraftInput,
} from '@clipmarket/contracts/content-requests';
import type { ContentRequestLineState } from '@clipmarket/contracts/workflows/content-request-line';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useLocation } from 'wouter';
import { IconAlertTriangle, IconSend } from '../../../components/icons';
import { LoadErrorAlert } from '../../../components/load-error-alert';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { useCreateContentRequest, useLimits } from '../api/content-requests';
import { useSimilarCreators } from '../api/similar-creators';
import { REQUESTS_PATH } from '../paths';
import { CreatorOption } from '../../../components/creator-option';

/** Lines whose creator will not make the video: the request offers others like them. */
const unansweredStates: readonly ContentRequestLineState[] = ['expired', 'declined'];

/**
 * The same brief for other creators: a new draft with everything but the deadlines, which
 * the advertiser chooses again (the first ones may have passed).
 */
export function draftCopyOf(
  request: ContentRequest,
  influencerIds: number[],
): ContentRequestDraftInput {
  return {
    influencer_ids: influencerIds,
    title: request.title,
    content_type: request.content_type as ContentRequestDraftInput['content_type'],
    video_duration: request.video_duration as ContentRequestDraftInput['video_duration'],
    format: request.format,
    product_name: request.product_name,
    description: request.description,
    platforms: request.platforms,
    product_image_file_ids: request.product_images.map((image) => image.file_id),
    script: request.script,
  };
}

/**
 * Issue 10 §5: when creators let a request expire or declined it, the advertiser is offered
 * similar creators (same size band, a shared category) and sends them the same brief in a
 * new request, in a few clicks.
 */
export function SimilarCreators({ request }: { request: ContentRequest }) {
  const { t } = useTranslation('content-requests');
  const errorMessage = useApiErrorMessage();
  const [, navigate] = useLocation();
  const headingId = useId();
  const someWillNotMakeIt = request.lines.some((line) => unansweredStates.includes(line.status));
  const similar = useSimilarCreators(request.content_request_id, someWillNotMakeIt);
  const limits = useLimits();
  const create = useCreateContentRequest();
  const [selected, setSelected] = useState<number[]>([]);

  if (!someWillNotMakeIt) return null;
  const max = limits.data?.creators_per_request_max ?? 0;

  const toggle = (influencerId: number, checked: boolean) =>
    setSelected((current) =>
      checked
        ? current.length >= max
          ? current
          : [...current, influencerId]
        : current.filter((id) => id !== influencerId),
    );

  const send = () =>
    create.mutate(draftCopyOf(request, selected), {
      onSuccess: (draft) => {
        toasts.show({ color: 'green', message: t('similar.draftReady') });
        navigate(`${REQUESTS_PATH}/${draft.content_request_id}`);
      },
    });

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('similar.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('similar.intro')}
        </Text>
        {similar.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label={t('common.loading')} />
          </Center>
        ) : similar.isError ? (
          <LoadErrorAlert
            error={similar.error}
            message={t('similar.loadError')}
            onRetry={() => void similar.refetch()}
          />
        ) : similar.data.length === 0 ? (
          <Text size="sm">{t('similar.empty')}</Text>
        ) : (
          <>
            <Stack
              component="ul"
              gap="xs"
              aria-label={t('similar.title')}
              style={{ listStyle: 'none', paddingInlineStart: 0, margin: 0 }}
            >
              {similar.data.map((creator) => (
                <CreatorOption
                  key={creator.influencer_id}
                  creator={creator}
                  checked={selected.includes(creator.influencer_id)}
                  disabled={selected.length >= max}
                  onToggle={(checked) => toggle(creator.influencer_id, checked)}
                />
              ))}
            </Stack>
            {create.isError && (
              <Alert color="red" role="alert" icon={<IconAlertTriangle size={20} aria-hidden />}>
                {errorMessage(create.error)}
              </Alert>
            )}
            <Group>
              <Button
                leftSection={<IconSend size={18} aria-hidden />}
                disabled={selected.length === 0}
                loading={create.isPending}
                onClick={send}
              >
                {t('similar.send', { count: selected.length })}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
