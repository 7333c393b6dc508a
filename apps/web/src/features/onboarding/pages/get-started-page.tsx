import { Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'wouter';
import { useMe } from '../../../lib/me';
import { AdvertiserStepper } from '../components/advertiser-stepper';
import { OnboardingStepper } from '../components/onboarding-stepper';
import { RequestStepper } from '../components/request-stepper';

/** Getting started (spec §2 "/get-started"), with content for the user's role. */
export default function GetStartedPage() {
  const { t } = useTranslation('onboarding');
  const me = useMe();
  if (!me.data) {
    return (
      <Center mih="40vh">
        <Loader aria-label={t('getStarted.loading')} />
      </Center>
    );
  }
  // Inline rather than contracts' helper: that module loads zod, which this page never needs.
  const isAdvertiser = me.data.role === 'BRAND' || me.data.role === 'AGENCY';
  return (
    <Stack gap="xl" maw={1000}>
      <div>
        <Title order={1}>{t('getStarted.title')}</Title>
        <Text c="dimmed" mt="xs">
          {isAdvertiser ? t('getStarted.advertiserIntro') : t('getStarted.creatorIntro')}
        </Text>
      </div>
      {isAdvertiser ? (
        <Card withBorder padding="lg">
          <Title order={2} size="h3" mb="md">
            {t('advertiser.title')}
          </Title>
          <AdvertiserStepper />
        </Card>
      ) : (
        <>
          <Card withBorder padding="lg">
            <Title order={2} size="h3" mb="xs">
              {t('creator.title')}
            </Title>
            <Text c="dimmed" mb="md">
              {t('creator.intro')}
            </Text>
            <OnboardingStepper />
          </Card>
          <Card withBorder padding="lg">
            <Title order={2} size="h3" mb="xs">
              {t('request.title')}
            </Title>
            <Text c="dimmed" mb="md">
              {t('request.intro')}
            </Text>
            <RequestStepper />
          </Card>
        </>
      )}
      <Group>
        <Button
          component={Link}
          to={isAdvertiser ? '/support-advertiser' : '/support-creator'}
          variant="light"
        >
          {t('getStarted.moreHelp')}
        </Button>
      </Group>
    </Stack>
  );
}
