import { Alert } from '@mantine/core';
import { IconInfoCircle } from '../../../components/icons';
import { useTranslation } from '../../../lib/use-translation';

/** No campaign page and no website: no link can be made yet. */
export function MissingPageAlert() {
  const { t } = useTranslation('toolbox');
  return (
    <Alert
      color="yellow"
      icon={<IconInfoCircle size={20} aria-hidden />}
      title={t('missing.title')}
    >
      {t('missing.body')}
    </Alert>
  );
}
