import type { ToolboxLine } from '@clipmarket/contracts/tracked-links';
import { Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';

/** The facts a creator recognises a delivery by: reference, advertiser, campaign. */
export function DeliveryFacts({ line }: { line: ToolboxLine }) {
  const { t } = useTranslation('toolbox');
  return (
    <Text size="sm" c="dimmed">
      <span dir="ltr">{line.reference}</span>
      {line.advertiser_name ? ` · ${line.advertiser_name}` : ''}
      {line.campaign_name ? ` · ${t('line.campaign', { name: line.campaign_name })}` : ''}
    </Text>
  );
}
