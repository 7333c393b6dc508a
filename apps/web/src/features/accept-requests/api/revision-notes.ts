import type { RevisionNote } from '@clipmarket/contracts/content-delivery';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { DeliveredCreatorLine } from './content-delivery';
import { creatorLineQueryKey } from './get-creator-line';

/**
 * PUT /v2/content-request-influencers/{id}/revision-notes/{note_id}: the creator ticks (or
 * unticks) a debrief's note as addressed (issue 27 §3). The box moves at once; a refusal puts
 * it back.
 */
export function useNoteAddressed(lineId: number, onSettled?: (noteId: number) => void) {
  const queryClient = useQueryClient();
  const key = creatorLineQueryKey(lineId);
  return useMutation({
    mutationFn: async ({ noteId, addressed }: { noteId: number; addressed: boolean }) =>
      (
        await apiRequest<{ data: RevisionNote }>(
          `/content-request-influencers/${lineId}/revision-notes/${noteId}`,
          { method: 'PUT', body: { addressed } },
        )
      ).data,
    onMutate: ({ noteId, addressed }) => {
      const previous = queryClient.getQueryData<DeliveredCreatorLine>(key);
      if (previous?.revision_notes) {
        queryClient.setQueryData(key, {
          ...previous,
          revision_notes: previous.revision_notes.map((note) =>
            note.id === noteId
              ? { ...note, addressed_at: addressed ? new Date().toISOString() : null }
              : note,
          ),
        });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: (_note, _error, { noteId }) => onSettled?.(noteId),
    onSuccess: (note) => {
      const current = queryClient.getQueryData<DeliveredCreatorLine>(key);
      if (current?.revision_notes) {
        queryClient.setQueryData(key, {
          ...current,
          revision_notes: current.revision_notes.map((n) => (n.id === note.id ? note : n)),
        });
      }
    },
  });
}
