import { Button, EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { IconInbox } from '../icons';

/** No request to show: what would be here, and where to go instead. */
export function EmptyLines({
  title,
  body,
  action,
}: {
  title: string;
  body: string;
  action?: { label: string; to: string };
}): ReactNode {
  return (
    <EmptyState icon={<IconInbox size={32} aria-hidden />} variant="light" py="xl">
      <EmptyState.Title order={2}>{title}</EmptyState.Title>
      <EmptyState.Description>{body}</EmptyState.Description>
      {action && (
        <Button component={Link} to={action.to} variant="light" mt="sm">
          {action.label}
        </Button>
      )}
    </EmptyState>
  );
}
