import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/realtime';
import { creatorLinesQueryRoot } from '../api/get-creator-lines';

/**
 * Requests change on the other side (a new request, a cancellation, an expiry): each comes with a
 * notification, so a new one pushed to the creator refreshes the lists and the open request.
 */
export function useLiveLines() {
  const queryClient = useQueryClient();
  useRealtimeEvent('new_notification', () => {
    void queryClient.invalidateQueries({ queryKey: creatorLinesQueryRoot });
  });
}
