import {
  Alert,
  Button,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import {
  SPARK_CODE_MAX_DAYS,
  SPARK_CODE_MIN_DAYS,
  sparkCodeBodySchema,
} from '@clipmarket/contracts/licence-lifecycle';
import { useApiErrorMessage } from '../../lib/api-error-message';
import { type LicenceSummary, useSaveSparkCode } from '../../lib/licences';
import { formatDay } from '../../lib/tunis-time';
import { useTranslation } from '../../lib/use-translation';
import { IconCheck, IconCopy } from '../icons';

type SparkCode = NonNullable<LicenceSummary['spark_code']>;

/** `YYYY-MM-DD` in Tunisia, `days` after today. */
function tunisDayIn(days: number): string {
  const now = new Date(Date.now() + 60 * 60_000 + days * 86_400_000);
  return now.toISOString().slice(0, 10);
}

/**
 * The Spark (partnership ads) code as the advertiser reads it (issue 27 §1): the code with a
 * copy button until it expires, its expiry; or that the creator has not entered it yet.
 */
export function SparkCodeView({ sparkCode }: { sparkCode: SparkCode }) {
  const { t, i18n } = useTranslation('licences');
  if (sparkCode.state === 'none' || sparkCode.code === null) {
    return <Text size="sm">{t('spark.none')}</Text>;
  }
  const expires = sparkCode.expires_at ? formatDay(sparkCode.expires_at, i18n.language) : null;
  if (sparkCode.state === 'expired') {
    return <Text size="sm">{t('spark.expiredOn', { date: expires ?? '' })}</Text>;
  }
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="wrap">
        <Text ff="monospace" dir="ltr" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {sparkCode.code}
        </Text>
        <CopyButton value={sparkCode.code} timeout={2000}>
          {({ copied, copy }) => (
            <>
              <Button
                size="xs"
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal' : undefined}
                leftSection={
                  copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />
                }
                onClick={copy}
              >
                {copied ? t('spark.copied') : t('spark.copy')}
              </Button>
              <VisuallyHidden role="status">{copied ? t('spark.copied') : ''}</VisuallyHidden>
            </>
          )}
        </CopyButton>
      </Group>
      {expires && (
        <Text size="sm" c="dimmed">
          {t('spark.validUntil', { date: expires })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The creator enters the Spark code and the last day it works (7 to 365 days ahead), once the
 * video is approved and when the licence includes Spark ads.
 */
export function SparkCodeForm({ lineId, sparkCode }: { lineId: number; sparkCode: SparkCode }) {
  const { t, i18n } = useTranslation('licences');
  const errorMessage = useApiErrorMessage();
  const save = useSaveSparkCode(lineId);
  const [code, setCode] = useState(sparkCode.code ?? '');
  const [expiresOn, setExpiresOn] = useState(
    sparkCode.expires_at && sparkCode.state === 'active'
      ? tunisDayFromInstant(sparkCode.expires_at)
      : tunisDayIn(30),
  );
  const [invalid, setInvalid] = useState<{ code?: string; expires_on?: string }>({});
  const min = tunisDayIn(SPARK_CODE_MIN_DAYS);
  const max = tunisDayIn(SPARK_CODE_MAX_DAYS);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = sparkCodeBodySchema.safeParse({ code, expires_on: expiresOn });
    const problems: { code?: string; expires_on?: string } = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'code' ? 'code' : 'expires_on';
        problems[field] ??= field === 'code' ? t('spark.codeInvalid') : t('spark.dateInvalid');
      }
    }
    if (!problems.expires_on && (expiresOn < min || expiresOn > max)) {
      problems.expires_on = t('spark.dateRange', {
        min: SPARK_CODE_MIN_DAYS,
        max: SPARK_CODE_MAX_DAYS,
      });
    }
    setInvalid(problems);
    if (problems.code || problems.expires_on || !parsed.success) return;
    save.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {sparkCode.state !== 'none' && sparkCode.expires_at && (
          <Text size="sm">
            {sparkCode.state === 'expired'
              ? t('spark.expiredOn', { date: formatDay(sparkCode.expires_at, i18n.language) })
              : t('spark.validUntil', { date: formatDay(sparkCode.expires_at, i18n.language) })}
          </Text>
        )}
        <TextInput
          label={t('spark.codeLabel')}
          description={t('spark.codeHint')}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={invalid.code}
          dir="ltr"
          maxLength={200}
          required
        />
        <TextInput
          type="date"
          label={t('spark.dateLabel')}
          description={t('spark.dateRange', { min: SPARK_CODE_MIN_DAYS, max: SPARK_CODE_MAX_DAYS })}
          value={expiresOn}
          min={min}
          max={max}
          onChange={(event) => setExpiresOn(event.currentTarget.value)}
          error={invalid.expires_on}
          required
        />
        {save.isError && (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        )}
        {save.isSuccess && (
          <Alert color="teal" role="status">
            {t('spark.saved')}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('spark.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The Tunisian day of an instant (the code's end is the end of that day). */
function tunisDayFromInstant(iso: string): string {
  return new Date(Date.parse(iso) + 60 * 60_000).toISOString().slice(0, 10);
}
