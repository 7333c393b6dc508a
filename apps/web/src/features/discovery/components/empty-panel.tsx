import { EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EmptyPanelProps {
  icon: ReactNode;
  title: string;
  description?: string;
  /** Heading level of the title within the page. */
  order?: 2 | 3 | 4;
  children?: ReactNode;
}

/** An empty list with what to do next; its title is a real heading. */
export function EmptyPanel({ icon, title, description, order = 3, children }: EmptyPanelProps) {
  return (
    <EmptyState icon={icon} variant="light" py="xl">
      <EmptyState.Title order={order}>{title}</EmptyState.Title>
      {description && <EmptyState.Description>{description}</EmptyState.Description>}
      {children && <EmptyState.Actions>{children}</EmptyState.Actions>}
    </EmptyState>
  );
}
