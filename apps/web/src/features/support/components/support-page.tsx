import { Accordion, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'wouter';
import { IconLifebuoy, IconMail } from '../../../components/icons';
import { supportEmail } from '../../../lib/config';
import { featureFlags } from '../../../lib/feature-flags';

export type SupportAudience = 'advertiser' | 'creator';

/** Questions shown per audience, in order; texts live in `support:<audience>.faq.<id>`. */
export const faqIds: Record<SupportAudience, readonly string[]> = {
  advertiser: [
    'findCreators',
    'contentRequest',
    'opportunity',
    'fees',
    'changes',
    'watermark',
    'invoices',
    'legalInfo',
  ],
  creator: [
    'beFound',
    'acceptRequest',
    'sendVideo',
    'opportunities',
    'getPaid',
    'financialInfo',
    'publish',
  ],
};

/** Support pages (spec §2 "/support-advertiser", "/support-creator"). */
export function SupportPage({ audience }: { audience: SupportAudience }) {
  const { t } = useTranslation('support');
  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Title order={1}>{t(`${audience}.title`)}</Title>
        <Text c="dimmed" mt="xs">
          {t(`${audience}.intro`)}
        </Text>
      </div>

      <section aria-labelledby="faq-title">
        <Title order={2} size="h3" id="faq-title" mb="sm">
          {t('faqTitle')}
        </Title>
        <Accordion variant="separated" chevronPosition="right">
          {faqIds[audience].map((id) => (
            <Accordion.Item key={id} value={id}>
              <Accordion.Control>{t(`${audience}.faq.${id}.question`)}</Accordion.Control>
              <Accordion.Panel>
                <Text>{t(`${audience}.faq.${id}.answer`)}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </section>

      <Card withBorder padding="lg" component="section" aria-labelledby="support-contact-title">
        <Group gap="sm" mb="xs">
          <IconLifebuoy size={22} aria-hidden />
          <Title order={2} size="h4" id="support-contact-title">
            {t('contact.title')}
          </Title>
        </Group>
        <Text mb="md">{t('contact.body')}</Text>
        <Group gap="md">
          <Anchor href={`mailto:${supportEmail}`} dir="ltr">
            <Group gap={6} component="span">
              <IconMail size={18} aria-hidden />
              {supportEmail}
            </Group>
          </Anchor>
          {featureFlags.contact && (
            <Button component={Link} to="/contact-us" variant="light">
              {t('contact.form')}
            </Button>
          )}
        </Group>
      </Card>
    </Stack>
  );
}
