import type { AdminCreatorsResponse } from '@clipmarket/contracts/creator-validation';
import type { adminMediaKitFlagResponseSchema } from '@clipmarket/contracts/media-kit';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { adminCreatorsQueryRoot } from '../../../lib/pending-creators';

type MediaKitFlag = z.infer<typeof adminMediaKitFlagResponseSchema>['data'];

/**
 * PUT /v2/admin/creators/{user_id}/media-kit { is_show_media_kit } (ADMIN, issue 25 §1): turns
 * a creator's media kit on (the Media Kit menu item and the public page) or off (the public
 * page is gone at once).
 */
export async function setMediaKitFlag(variables: {
  userId: number;
  on: boolean;
}): Promise<MediaKitFlag> {
  const body = await apiRequest<{ data: MediaKitFlag }>(
    `/admin/creators/${variables.userId}/media-kit`,
    { method: 'PUT', body: { is_show_media_kit: variables.on } },
  );
  return body.data;
}

/**
 * The lists already loaded take the answer in place: the card stays where it is (a refetch
 * of every page would move the reader's place in a long list for one flag).
 */
export function useSetMediaKitFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMediaKitFlag,
    onSuccess: (flag) => {
      queryClient.setQueriesData<InfiniteData<AdminCreatorsResponse['data']>>(
        { queryKey: [...adminCreatorsQueryRoot, 'list'] },
        (lists) =>
          lists && {
            ...lists,
            pages: lists.pages.map((page) => ({
              ...page,
              items: page.items.map((creator) =>
                creator.user_id === flag.user_id
                  ? {
                      ...creator,
                      profile: { ...creator.profile, is_show_media_kit: flag.is_show_media_kit },
                    }
                  : creator,
              ),
            })),
          },
      );
    },
  });
}
