import { Drawer, useDirection } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';

export interface FiltersDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** The filter form (filter-panel.tsx, `drawer` variant). */
  children: ReactNode;
}

/**
 * The filters on phones: a drawer from the inline end. Its own chunk (with Mantine's modal
 * code), loaded when the Filters button is first pressed: wide screens never need it.
 */
export default function FiltersDrawer({ opened, onClose, children }: FiltersDrawerProps) {
  const { t } = useTranslation('discovery');
  const { dir } = useDirection();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      // Focus goes back to the Filters button, or to the results after Refine (the page).
      returnFocus={false}
      title={t('filters.title')}
      position={dir === 'rtl' ? 'left' : 'right'}
      size="min(100%, 26rem)"
    >
      {children}
    </Drawer>
  );
}
