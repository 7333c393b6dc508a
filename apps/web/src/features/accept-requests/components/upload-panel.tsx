import { videoExtensions } from '@clipmarket/contracts/content-delivery';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { IconUpload } from '../../../components/icons';
import { formatNumber } from '../../../lib/format';
import { toasts } from '../../../lib/toasts';
import { useVideoLimits } from '../api/content-delivery';
import { creatorLineQueryKey } from '../api/get-creator-line';
import { creatorLinesListRoot } from '../../../lib/creator-lines';
import { lengthWarning, readVideoDuration, sizeLabel } from '../upload-checks';
import {
  type UnfinishedUpload,
  type UploadFailure,
  type VideoUpload,
  startVideoUpload,
  unfinishedUploadOf,
  uploadedBytesOf,
} from '../video-upload';

const MEGABYTE = 1024 * 1024;

type Phase =
  | { name: 'idle' }
  | { name: 'uploading' | 'paused'; sent: number; total: number; speed: number | null }
  | { name: 'done' };

const extensionOf = (name: string) => name.split('.').pop()?.toLowerCase() ?? '';

/**
 * Issue 11 §1: the creator sends the video of an accepted (or debriefed) line. The file is
 * checked here first (type by its extension, size against the real limit) so nobody waits for
 * an upload the server would refuse; the server checks it again by its content. The upload is
 * resumable (tus): a reload or a dropped connection continues where it stopped.
 */
export function UploadPanel({
  lineId,
  processing,
  orderedSeconds,
  isOpportunity = false,
}: {
  lineId: number;
  processing: boolean;
  /** The video length asked for (the request's, the opportunity's): a file far from it gets a warning. */
  orderedSeconds?: number | null;
  /** An opportunity's line: its texts speak of the opportunity, not of a request. */
  isOpportunity?: boolean;
}) {
  const { t, i18n } = useTranslation('accept-requests');
  const { t: tErrors } = useTranslation('errors');
  const language = i18n.language;
  const headingId = useId();
  const inputId = useId();
  const queryClient = useQueryClient();
  const limits = useVideoLimits();
  const extensions = limits.data?.extensions.length ? limits.data.extensions : [...videoExtensions];
  const maxBytes = limits.data?.max_bytes ?? null;
  const limitMb =
    maxBytes === null ? null : formatNumber(Math.floor(maxBytes / MEGABYTE), language);

  const [file, setFile] = useState<File | null>(null);
  const [consent, setConsent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [dragging, setDragging] = useState(false);
  const [duration, setDuration] = useState<number | null>(null);
  const chosen = useRef<File | null>(null);
  // After a reload: the upload this browser left unfinished, to resume with the same file.
  const [unfinished] = useState<UnfinishedUpload | null>(() => unfinishedUploadOf(lineId));
  const [unfinishedSent, setUnfinishedSent] = useState<number | null>(null);
  useEffect(() => {
    if (!unfinished?.uploadUrl) return;
    let current = true;
    void uploadedBytesOf(unfinished.uploadUrl).then((sent) => {
      if (current) setUnfinishedSent(sent);
    });
    return () => {
      current = false;
    };
  }, [unfinished]);
  const upload = useRef<VideoUpload | null>(null);
  const run = useRef<{ at: number; bytes: number } | null>(null);

  // Leaving the page pauses the upload; coming back resumes it (same fingerprint).
  useEffect(() => () => upload.current?.pause(), []);

  const tooLarge = () => t('upload.tooLarge', { limit: limitMb ?? '' });

  const check = (candidate: File): string | null => {
    if (candidate.size === 0) return t('upload.empty');
    if (!extensions.includes(extensionOf(candidate.name))) {
      return t('upload.invalidType', { types: extensions.join(', ') });
    }
    if (maxBytes !== null && candidate.size > maxBytes) return tooLarge();
    return null;
  };

  const choose = (candidate: File | null | undefined) => {
    if (!candidate) return;
    setFile(candidate);
    setError(check(candidate));
    setPhase({ name: 'idle' });
    setDuration(null);
    chosen.current = candidate;
    void readVideoDuration(candidate).then((seconds) => {
      // Only for the file still chosen.
      if (chosen.current === candidate) setDuration(seconds);
    });
  };

  const messageOf = (failure: UploadFailure) => {
    if (failure.status === 413 || failure.code === 'PAYLOAD_TOO_LARGE') return tooLarge();
    if (failure.code && i18n.exists(failure.code, { ns: 'errors' })) return tErrors(failure.code);
    if (failure.status === null) return t('upload.interrupted');
    return t('upload.failed');
  };

  const onProgress = (sent: number, total: number) => {
    const now = Date.now();
    run.current ??= { at: now, bytes: sent };
    const seconds = (now - run.current.at) / 1000;
    const speed = seconds > 0.5 ? (sent - run.current.bytes) / seconds : null;
    setPhase({ name: 'uploading', sent, total, speed });
  };

  const begin = async () => {
    if (!file) return setError(t('upload.chooseFirst'));
    const refusal = check(file);
    if (refusal) return setError(refusal);
    if (!consent) return setError(t('upload.consentRequired'));
    setError(null);
    run.current = null;
    setPhase({ name: 'uploading', sent: 0, total: file.size, speed: null });
    try {
      upload.current = await startVideoUpload(file, lineId, {
        onProgress,
        onSuccess: () => {
          upload.current = null;
          setPhase({ name: 'done' });
          setFile(null);
          toasts.show({ color: 'green', message: t('upload.submitted') });
          void queryClient.invalidateQueries({ queryKey: creatorLineQueryKey(lineId) });
          void queryClient.invalidateQueries({ queryKey: creatorLinesListRoot });
        },
        onError: (failure) => {
          upload.current = null;
          setPhase({ name: 'idle' });
          setError(messageOf(failure));
        },
      });
    } catch {
      setPhase({ name: 'idle' });
      setError(t('upload.failed'));
    }
  };

  const pause = () => {
    upload.current?.pause();
    setPhase((current) =>
      current.name === 'uploading' ? { ...current, name: 'paused' } : current,
    );
  };
  const resume = () => {
    run.current = null;
    upload.current?.resume();
    setPhase((current) =>
      current.name === 'paused' ? { ...current, name: 'uploading', speed: null } : current,
    );
  };
  const cancel = async () => {
    const current = upload.current;
    upload.current = null;
    setPhase({ name: 'idle' });
    await current?.cancel();
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (phase.name === 'idle' || phase.name === 'done') choose(event.dataTransfer.files[0]);
  };

  const busy = phase.name === 'uploading' || phase.name === 'paused';
  const warning = file && !error ? lengthWarning(duration, orderedSeconds) : null;
  const lengths =
    duration !== null && orderedSeconds
      ? {
          duration: formatNumber(Math.round(duration), language),
          ordered: formatNumber(orderedSeconds, language),
        }
      : null;
  const warningText =
    !warning || !lengths
      ? null
      : warning === 'shorter'
        ? isOpportunity
          ? t('upload.opportunityShorter', lengths)
          : t('upload.shorter', lengths)
        : isOpportunity
          ? t('upload.opportunityLonger', lengths)
          : t('upload.longer', lengths);
  const fileSize = file ? sizeLabel(file.size) : null;
  const sizeText = (bytes: number) => {
    const label = sizeLabel(bytes);
    return label.key === 'upload.sizeBytes'
      ? t(label.key, { count: label.count })
      : t(label.key, { size: formatNumber(label.size, language) });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('upload.title')}
        </Title>
        {phase.name === 'done' && (
          <Alert color="teal" role="status">
            {t('upload.submitted')}
          </Alert>
        )}
        {processing && phase.name !== 'done' ? (
          <Text size="sm">{t('upload.processingNote')}</Text>
        ) : processing ? null : (
          <>
            <Text size="sm" c="dimmed">
              {t('upload.intro', { types: extensions.join(', ') })}{' '}
              {limitMb !== null && t('upload.limit', { limit: limitMb })}
            </Text>
            <Box
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              p="lg"
              style={{
                border: `2px dashed var(--mantine-color-${dragging ? 'violet-5' : 'gray-4'})`,
                borderRadius: 'var(--mantine-radius-md)',
                textAlign: 'center',
              }}
            >
              <Stack gap="xs" align="center">
                <IconUpload size={28} aria-hidden />
                <Text size="sm">{t('upload.dropHere')}</Text>
                <label htmlFor={inputId}>
                  <Text span size="sm" fw={600}>
                    {t('upload.choose')}
                  </Text>
                </label>
                <input
                  id={inputId}
                  type="file"
                  accept={[...extensions.map((ext) => `.${ext}`), 'video/*'].join(',')}
                  disabled={busy}
                  onChange={(event) => {
                    choose(event.currentTarget.files?.[0]);
                    event.currentTarget.value = '';
                  }}
                />
                {file && fileSize && (
                  <Text size="sm">
                    <bdi>{file.name}</bdi> · {sizeText(file.size)}
                  </Text>
                )}
              </Stack>
            </Box>
            {unfinished && !file && phase.name === 'idle' && (
              <Alert color="blue" role="status" title={t('upload.unfinishedTitle')}>
                <Text size="sm">
                  <bdi>{unfinished.filename}</bdi> · {sizeText(unfinished.size)}
                  {unfinishedSent !== null &&
                    unfinished.size > 0 &&
                    ` · ${t('upload.percent', {
                      percent: Math.floor((unfinishedSent / unfinished.size) * 100),
                    })}`}
                </Text>
                <Text size="sm">{t('upload.unfinishedResume')}</Text>
              </Alert>
            )}
            <Checkbox
              label={isOpportunity ? t('upload.opportunityConsent') : t('upload.consent')}
              checked={consent}
              disabled={busy}
              onChange={(event) => {
                setConsent(event.currentTarget.checked);
                if (event.currentTarget.checked && error === t('upload.consentRequired')) {
                  setError(null);
                }
              }}
            />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {warningText && (
              <Alert color="yellow" role="status">
                {warningText}
              </Alert>
            )}
            {busy ? (
              <UploadProgress
                phase={phase}
                onPause={pause}
                onResume={resume}
                onCancel={() => void cancel()}
              />
            ) : (
              <Group>
                <Button
                  leftSection={<IconUpload size={18} aria-hidden />}
                  onClick={() => void begin()}
                >
                  {t('upload.submit')}
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

function UploadProgress({
  phase,
  onPause,
  onResume,
  onCancel,
}: {
  phase: Extract<Phase, { sent: number }>;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation('accept-requests');
  const language = i18n.language;
  const percent = phase.total > 0 ? Math.floor((phase.sent / phase.total) * 100) : 0;
  const left =
    phase.speed && phase.speed > 0 ? Math.ceil((phase.total - phase.sent) / phase.speed) : null;
  return (
    <Stack gap={6}>
      <Progress.Root size="lg">
        <Progress.Section
          value={percent}
          aria-label={t('upload.progressLabel')}
          aria-valuetext={t('upload.percent', { percent })}
          animated={phase.name === 'uploading'}
        />
      </Progress.Root>
      <Group gap="md" justify="space-between" wrap="wrap">
        <Text size="sm" aria-live="polite">
          {phase.name === 'paused' ? t('upload.paused') : t('upload.percent', { percent })}
        </Text>
        {phase.name === 'uploading' && phase.speed !== null && (
          <Text size="sm" c="dimmed">
            {t('upload.speed', {
              speed: formatNumber(Math.round((phase.speed / MEGABYTE) * 10) / 10, language),
            })}
            {left !== null &&
              ` · ${
                left >= 90
                  ? t('upload.minutesLeft', { count: Math.ceil(left / 60) })
                  : t('upload.secondsLeft', { count: left })
              }`}
          </Text>
        )}
      </Group>
      <Group gap="sm">
        {phase.name === 'uploading' ? (
          <Button variant="default" onClick={onPause}>
            {t('upload.pause')}
          </Button>
        ) : (
          <Button variant="default" onClick={onResume}>
            {t('upload.resume')}
          </Button>
        )}
        <Button variant="subtle" color="red" onClick={onCancel}>
          {t('upload.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
