import type { Language } from '@clipmarket/contracts/enums';
import { Button, Group, NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { useApiErrorMessage } from '../lib/api-error-message';
import { downloadFile } from '../lib/download-file';
import { supportedLanguages } from '../lib/i18n';
import { toasts } from '../lib/toasts';
import { useTranslation } from '../lib/use-translation';
import { IconFileText } from './icons';
import { languageNames } from './language-picker';

const isLanguage = (value: string): value is Language =>
  (supportedLanguages as readonly string[]).includes(value);

/**
 * Downloads a campaign's PDF report (GET /v2/campaigns/{id}/report.pdf, with the bearer token)
 * in the reader's language, or in another one chosen beside the button: a report is often
 * passed on to someone who reads another language. On the campaign's page and its performance
 * pages (their texts: the `campaigns` namespace, which both load).
 */
export function CampaignReportButton({ campaignId }: { campaignId: number }) {
  const { t, i18n } = useTranslation('campaigns');
  const errorMessage = useApiErrorMessage();
  const reader: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  // Null until a language is chosen here: the report follows the interface's.
  const [chosen, setChosen] = useState<Language | null>(null);
  const [busy, setBusy] = useState(false);
  const language = chosen ?? reader;

  const download = () => {
    setBusy(true);
    downloadFile(
      `/campaigns/${campaignId}/report.pdf?language=${language}`,
      `campaign-${campaignId}-report-${language}.pdf`,
    )
      .catch((error: unknown) =>
        toasts.show({ color: 'red', title: t('export.pdfFailed'), message: errorMessage(error) }),
      )
      .finally(() => setBusy(false));
  };

  return (
    <Group gap={4} wrap="nowrap">
      <Button
        variant="light"
        leftSection={<IconFileText size={18} aria-hidden />}
        loading={busy}
        onClick={download}
      >
        {t('export.pdf')}
      </Button>
      <NativeSelect
        aria-label={t('export.pdfLanguage')}
        value={language}
        onChange={(event) => {
          const value = event.currentTarget.value;
          if (isLanguage(value)) setChosen(value);
        }}
        data={supportedLanguages.map((value) => ({ value, label: languageNames[value] }))}
      />
    </Group>
  );
}
