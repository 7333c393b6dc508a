import {
  creatorValidationStates,
  type CreatorValidationState,
} from '@clipmarket/contracts/workflows/creator-validation';
import { Badge, Card, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { useSearchParams } from 'wouter';
import { IconCircleCheck, IconCircleX, IconHourglass } from '../../../components/icons';
import { AdminQueue } from '../../../components/admin-queue';
import { formatNumber } from '../../../lib/format';
import { usePendingCreatorsCount } from '../../../lib/pending-creators';
import { type AdminCreator, useAdminCreators } from '../api/get-admin-creators';
import { AdminCreatorCard, type CreatorAction } from '../components/admin-creator-card';
import { CinScanModal } from '../components/cin-scan-modal';
import { RejectCreatorModal } from '../components/reject-creator-modal';
import { ValidateCreatorModal } from '../components/validate-creator-modal';

const stateIcons = {
  pending: IconHourglass,
  validated: IconCircleCheck,
  rejected: IconCircleX,
} as const;

const isState = (value: string | null): value is CreatorValidationState =>
  (creatorValidationStates as readonly (string | null)[]).includes(value);

/**
 * `/admin/creators` (ADMIN, issue 7): creator accounts by review state, oldest waiting first,
 * with everything needed to decide (profile, figures, identity card) and the actions the
 * process allows on each.
 */
export default function AdminCreatorsPage() {
  const { t, i18n } = useTranslation('admin');
  const [searchParams, setSearchParams] = useSearchParams();
  const stateParam = searchParams.get('state');
  const state: CreatorValidationState = isState(stateParam) ? stateParam : 'pending';
  const pendingCount = usePendingCreatorsCount(true);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('creators.title')}</Title>
        <Text c="dimmed">{t('creators.intro')}</Text>
      </div>
      <Tabs
        value={state}
        keepMounted={false}
        onChange={(value) => {
          if (isState(value)) setSearchParams(value === 'pending' ? {} : { state: value });
        }}
      >
        <Tabs.List aria-label={t('creators.tabsLabel')}>
          {creatorValidationStates.map((value) => {
            const Icon = stateIcons[value];
            const count = value === 'pending' ? pendingCount.data : undefined;
            return (
              <Tabs.Tab
                key={value}
                value={value}
                leftSection={<Icon size={16} aria-hidden />}
                rightSection={
                  count ? (
                    <Badge size="sm" circle={count < 10} variant="filled" color="orange">
                      {formatNumber(count, i18n.language)}
                    </Badge>
                  ) : undefined
                }
              >
                {t(`creators.tabs.${value}`)}
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {creatorValidationStates.map((value) => (
          <Tabs.Panel key={value} value={value} pt="lg">
            <CreatorsList state={value} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function CreatorCardSkeleton() {
  return (
    <Card withBorder padding="lg" aria-hidden>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Skeleton circle height={64} />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton height={18} width="40%" />
          <Skeleton height={12} width="55%" />
          <Skeleton height={12} width="30%" />
        </Stack>
      </Group>
      <Skeleton height={60} mt="md" />
    </Card>
  );
}

type Dialog = { action: CreatorAction; creator: AdminCreator } | null;

function CreatorsList({ state }: { state: CreatorValidationState }) {
  const { t } = useTranslation('admin');
  const creators = useAdminCreators(state);
  const [dialog, setDialog] = useState<Dialog>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const close = () => setDialog(null);
  // The card acted on usually leaves the list: keyboard focus goes to the list, not to nowhere.
  const closeAndFocusList = () => {
    setDialog(null);
    requestAnimationFrame(() => listRef.current?.focus());
  };
  const dialogCreator = (action: CreatorAction) =>
    dialog?.action === action ? dialog.creator : null;

  const Icon = stateIcons[state];
  return (
    <>
      <AdminQueue
        query={creators}
        items={creators.data?.pages.flatMap((page) => page.items) ?? []}
        listRef={listRef}
        listLabel={t(`creators.listLabel.${state}`)}
        texts={{
          loading: t('creators.loading'),
          retry: t('creators.retry'),
          loadMore: t('creators.loadMore'),
        }}
        empty={{
          icon: <Icon size={28} aria-hidden />,
          title: t(`creators.empty.${state}.title`),
          body: t(`creators.empty.${state}.body`),
        }}
        skeleton={<CreatorCardSkeleton />}
        itemKey={(creator) => creator.user_id}
        renderItem={(creator) => (
          <AdminCreatorCard
            creator={creator}
            onAction={(action, target) => setDialog({ action, creator: target })}
          />
        )}
      />
      <ValidateCreatorModal
        creator={dialogCreator('validate')}
        onClose={close}
        onDone={closeAndFocusList}
      />
      <RejectCreatorModal
        // Each creator starts with an empty reason.
        key={dialogCreator('reject')?.user_id ?? 'closed'}
        creator={dialogCreator('reject')}
        onClose={close}
        onDone={closeAndFocusList}
      />
      <CinScanModal creator={dialogCreator('view-cin')} onClose={close} />
    </>
  );
}
