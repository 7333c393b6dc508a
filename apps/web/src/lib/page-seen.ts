import type { GetStarted } from '@clipmarket/contracts/get-started';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from './api-client';
import { useMe } from './me';

/** The creator's Get started steps (features/onboarding reads `GET /v2/get-started` under it). */
export const getStartedQueryKey = ['get-started'] as const;

/**
 * Pages whose opening counts as a Get started step: the click recorded, the step it marks.
 * Written out rather than imported from contracts' get-started module, which loads zod:
 * `GET_INSPIRED_OPENED_CLICK` there is the same pair, and the API test checks it.
 */
const seenPages = {
  get_inspired: { click: { module: 'get_inspired', click: 'open' }, step: 'inspire' },
} as const satisfies Record<string, { click: object; step: keyof GetStarted }>;

export type SeenPage = keyof typeof seenPages;

/**
 * A creator opened `page` (issue 25 §4: Get inspired marks the Inspire step done): recorded once
 * the page shows, skipped when Get started already knows it, never an error for the user.
 */
export function useMarkSeen(page: SeenPage, isShown = true) {
  const queryClient = useQueryClient();
  const me = useMe();
  const isCreator = me.data?.role === 'TALENT';
  useEffect(() => {
    if (!isShown || !isCreator) return;
    const { click, step } = seenPages[page];
    if (queryClient.getQueryData<GetStarted>(getStartedQueryKey)?.[step].done) return;
    void apiRequest('/user-click/create', { method: 'POST', body: click })
      .then(() => queryClient.invalidateQueries({ queryKey: getStartedQueryKey }))
      .catch(() => undefined);
  }, [page, isShown, isCreator, queryClient]);
}
