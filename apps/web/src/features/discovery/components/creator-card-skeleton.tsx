import { Card, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** The results' grid: one card a row on phones, up to three on wide screens. */
export const creatorGridLayout = { cols: { base: 1, sm: 2, xl: 3 }, spacing: 'md' } as const;

/** Stand-in for a creator's card while results load. */
export function CreatorCardSkeleton() {
  return (
    <Card withBorder padding="md" aria-hidden>
      <Group wrap="nowrap" gap="sm">
        <Skeleton circle height={56} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={14} width="60%" />
          <Skeleton height={10} width="40%" />
        </Stack>
      </Group>
      <Skeleton height={18} mt="md" width="70%" />
      <SimpleGrid cols={2} spacing="xs" mt="md">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={30} />
        ))}
      </SimpleGrid>
    </Card>
  );
}

/**
 * The first page of results on its way: stand-ins laid out as the cards. Apart from the cards'
 * own code, so that a page can show it while that code loads (discover-page.tsx).
 */
export function CreatorGridSkeleton({ count }: { count: number }) {
  return (
    <SimpleGrid {...creatorGridLayout}>
      {Array.from({ length: count }, (_, i) => (
        <CreatorCardSkeleton key={i} />
      ))}
    </SimpleGrid>
  );
}
