import { Button, CopyButton, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconLink } from '../../../components/icons';
import { useTranslation } from '../../../lib/use-translation';

/** Copies a short link; says so on the button for a moment, and to screen readers. */
export function CopyLinkButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation('toolbox');
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <>
          <Button
            size="xs"
            variant={copied ? 'filled' : 'light'}
            color={copied ? 'teal' : undefined}
            leftSection={
              copied ? <IconCheck size={14} aria-hidden /> : <IconLink size={14} aria-hidden />
            }
            onClick={copy}
            aria-label={copied ? t('link.copied') : label}
          >
            {copied ? t('link.copied') : t('link.copy')}
          </Button>
          <VisuallyHidden role="status">{copied ? t('link.copied') : ''}</VisuallyHidden>
        </>
      )}
    </CopyButton>
  );
}
