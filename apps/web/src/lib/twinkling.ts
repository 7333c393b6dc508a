import type { TwinklingFlags } from '@clipmarket/contracts/users';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from './api-client';
import { useRealtimeEvent } from './realtime';

/** The shell's query of the menu highlights (features/shell/api/get-twinkling.ts). */
export const twinklingQueryKey = ['twinkling'] as const;

/**
 * The page behind a highlighted menu item is open: its highlight goes (spec §3 "Twinkling
 * flags"), and stays off for what arrives while the page shows it (each new notification is
 * seen again). A failure leaves the highlight, never an error.
 */
export function useTwinklingSeen(flag: keyof TwinklingFlags, isShown = true) {
  const queryClient = useQueryClient();
  const [arrivals, setArrivals] = useState(0);
  useRealtimeEvent('new_notification', () => setArrivals((count) => count + 1));
  useEffect(() => {
    if (!isShown) return;
    void apiRequest<{ data: TwinklingFlags }>('/request/twinkling/seen', {
      method: 'POST',
      body: { flag },
    })
      .then((body) => queryClient.setQueryData(twinklingQueryKey, body.data))
      .catch(() => undefined);
  }, [flag, isShown, queryClient, arrivals]);
}
