import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec §8: how long each kind of settings message stays. */
export const messageDelays = {
  profileError: 7000,
  passwordError: 1000,
  /** A refusal with a reason (wrong old password): one second is too short to read it. */
  passwordReason: 7000,
  other: 100,
} as const;

export interface FlashMessage {
  color: 'red' | 'green' | 'yellow' | 'blue';
  text: string;
}

/** One inline message at a time that clears itself after the given delay. */
export function useFlashMessage() {
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  const show = useCallback((next: FlashMessage, clearAfterMs: number) => {
    clearTimeout(timer.current);
    setMessage(next);
    timer.current = setTimeout(() => setMessage(null), clearAfterMs);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);

  return { message, show, clear };
}
