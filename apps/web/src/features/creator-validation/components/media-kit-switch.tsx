import { Switch } from '@mantine/core';
import { useApiErrorMessage } from '../../../lib/api-error-message';
import { toasts } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import type { AdminCreator } from '../api/get-admin-creators';
import { useSetMediaKitFlag } from '../api/set-media-kit-flag';

/**
 * Issue 25 §1: the team turns a creator's media kit on or off (`is_show_media_kit`). Validated
 * creators usually have it already (the `media_kit_for_validated_creators` setting); off hides
 * the creator's public kit at once. The switch shows the asked-for state while the answer is on
 * its way, and the saved one again if it fails.
 */
export function MediaKitSwitch({ creator, name }: { creator: AdminCreator; name: string }) {
  const { t } = useTranslation('admin');
  const errorMessage = useApiErrorMessage();
  const flag = useSetMediaKitFlag();
  const checked = flag.isPending ? flag.variables.on : creator.profile.is_show_media_kit;
  return (
    <Switch
      checked={checked}
      disabled={flag.isPending}
      label={t('creators.mediaKit.label')}
      // The visible label first, so the spoken name contains it (WCAG 2.5.3).
      aria-label={t('creators.mediaKit.labelNamed', { name })}
      description={t('creators.mediaKit.description')}
      onChange={(event) => {
        const on = event.currentTarget.checked;
        flag.mutate(
          { userId: creator.user_id, on },
          {
            onSuccess: () =>
              toasts.show({
                color: 'green',
                message: t(on ? 'creators.mediaKit.turnedOn' : 'creators.mediaKit.turnedOff', {
                  name,
                }),
              }),
            onError: (failure) => toasts.show({ color: 'red', message: errorMessage(failure) }),
          },
        );
      }}
    />
  );
}
