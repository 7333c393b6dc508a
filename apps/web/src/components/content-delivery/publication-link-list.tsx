import type { PublicationLink } from '@clipmarket/contracts/content-delivery';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../lib/use-translation';
import type { DeliveryNamespace } from './delivery';

const linkColors = { submitted: 'yellow', approved: 'teal', declined: 'red' } as const;

/** The links sent so far, each with the team's decision (and its reason when declined). */
export function PublicationLinkList({
  links,
  ns,
}: {
  links: readonly PublicationLink[];
  ns: DeliveryNamespace;
}) {
  const { t } = useTranslation(ns);
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {links.map((link) => (
        <li key={link.link_id}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {t(`platforms.${link.platform}`)}
            </Text>
            <Badge color={linkColors[link.state]} variant="light">
              {t(`links.state.${link.state}`)}
            </Badge>
            <Text
              size="sm"
              component="a"
              href={link.url}
              target="_blank"
              rel="noreferrer noopener"
              style={{ overflowWrap: 'anywhere' }}
              dir="ltr"
            >
              {link.url}
            </Text>
          </Group>
          {link.state === 'declined' && link.reason && (
            <Text size="sm" c="red.8" mt={4}>
              {t('links.declinedReason', { reason: link.reason })}
            </Text>
          )}
        </li>
      ))}
    </Stack>
  );
}
