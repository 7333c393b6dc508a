import type { TwinklingFlags } from '@clipmarket/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from './api-client';

/** The shell's query of the menu highlights (features/shell/api/get-twinkling.ts). */
export const twinklingQueryKey = ['twinkling'] as const;

/**
 * The page behind a highlighted menu item is open: its highlight goes (spec §3 "Twinkling
 * flags"). Called by the page once it shows; a failure leaves the highlight, never an error.
 */
export function useTwinklingSeen(flag: keyof TwinklingFlags, isShown = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isShown) return;
    void apiRequest<{ data: TwinklingFlags }>('/request/twinkling/seen', {
      method: 'POST',
      body: { flag },
    })
      .then((body) => queryClient.setQueryData(twinklingQueryKey, body.data))
      .catch(() => undefined);
  }, [flag, isShown, queryClient]);
}
