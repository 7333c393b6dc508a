import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { useMe } from '../../../lib/me';
import { getStartedQueryKey } from '../../../lib/page-seen';
import { useGetStarted } from '../api/get-started';
import { AdvertiserStepper } from '../components/advertiser-stepper';
import { OnboardingStepper } from '../components/onboarding-stepper';
import { RequestStepper } from '../components/request-stepper';

function useRefreshOnProfileSave(meUpdatedAt: number) {
  const queryClient = useQueryClient();
  const firstRead = useRef(meUpdatedAt);
  useEffect(() => {
    if (firstRead.current === 0) firstRead.current = meUpdatedAt; // the first read, not a save
    if (meUpdatedAt === firstRead.current) return;
    void queryClient.invalidateQueries({ queryKey: getStartedQueryKey });
  }, [meUpdatedAt, queryClient]);
}

/** Getting started (spec §2 "/get-started"), with content for the user's role. */
export default function GetStartedPage() {
  const { t } = useTranslation('onboarding');
  const me = useMe();
  const isCreator = me.data?.role === 'TALENT';
  const progress = useGetStarted(isCreator);
  // A profile saved in the settings this page opens (Ideate's link) may finish Ideate.
  useRefreshOnProfileSave(me.dataUpdatedAt);
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
          {/* The creator's own progress (issue 25 §4); anyone else sees how a request works. */}
          {isCreator && (
            <Card withBorder padding="lg">
              <Title order={2} size="h3" mb="xs">
                {t('creator.title')}
              </Title>
              <Text c="dimmed" mb="md">
                {t('creator.intro')}
              </Text>
              {progress.data ? (
                <OnboardingStepper progress={progress.data} />
              ) : progress.isError ? (
                <Alert color="red" variant="light">
                  <Group justify="space-between" gap="sm">
                    <Text>{t('creator.loadError')}</Text>
                    <Button size="xs" variant="light" onClick={() => void progress.refetch()}>
                      {t('creator.retry')}
                    </Button>
                  </Group>
                </Alert>
              ) : (
                <Center mih={120}>
                  <Loader aria-label={t('getStarted.loading')} />
                </Center>
              )}
            </Card>
          )}
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
