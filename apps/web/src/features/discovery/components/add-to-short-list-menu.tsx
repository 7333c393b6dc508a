import { Button } from '@mantine/core';
import { lazy } from 'react';
import { IconPlaylistAdd } from '../../../components/icons';
import { LoadOnOpen } from '../../../components/load-on-open';
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
  if (!featureFlags.shortlist) return null;
  return (
    <LoadOnOpen
      button={(open, loading) => (
        <Button
          variant="light"
          size={props.size ?? 'xs'}
          leftSection={<IconPlaylistAdd size={16} aria-hidden />}
          onClick={open}
          aria-haspopup="dialog"
          aria-expanded={false}
          aria-busy={loading || undefined}
        >
          {t('shortLists.add')}
        </Button>
      )}
      popup={<ShortListPopover {...props} />}
    />
  );
}
