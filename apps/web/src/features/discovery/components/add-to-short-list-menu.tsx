import { Button } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { IconPlaylistAdd } from '../../../components/icons';
import { featureFlags } from '../../../lib/feature-flags';
import { useTranslation } from '../../../lib/use-translation';
import type { ShortListPopoverProps } from './short-list-popover';

// The popup and its positioning code load on the first opening: every card of the search
// page shows this button, few are opened (issue 8's first-load budget).
const ShortListPopover = lazy(() => import('./short-list-popover'));

export type AddToShortListMenuProps = ShortListPopoverProps;

/** "Add to shortlist" (spec §2), hidden when the shortlist feature flag is off. */
export function AddToShortListMenu(props: AddToShortListMenuProps) {
  const { t } = useTranslation('discovery');
  const [wanted, setWanted] = useState(false);
  if (!featureFlags.shortlist) return null;
  const button = (loading: boolean) => (
    <Button
      variant="light"
      size={props.size ?? 'xs'}
      leftSection={<IconPlaylistAdd size={16} aria-hidden />}
      onClick={() => setWanted(true)}
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-busy={loading || undefined}
    >
      {t('shortLists.add')}
    </Button>
  );
  if (!wanted) return button(false);
  return (
    <Suspense fallback={button(true)}>
      <ShortListPopover {...props} />
    </Suspense>
  );
}
