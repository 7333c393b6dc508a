import {
  advertiserCompletionFields,
  advertiserLegalInfoFields,
  findMissingCompletionFields,
} from '@clipmarket/contracts/profile';
import { useLayoutEffect, useRef } from 'react';
import { ApiError } from '../../lib/api-client';
import { useMe } from '../../lib/me';

/**
 * A checkout's legal-info gate (409 `LEGAL_INFO_REQUIRED`, whose fields name everything the
 * settings still need; a content request's checkout and a wallet pack alike): the fields still
 * empty as the signed-in user now reads, or null when `error` is another one. Once the settings
 * are saved (the user read again) with the legal info complete, `onComplete` runs: the checkout
 * drops its error and can be paid.
 */
export function useMissingLegalInfo(error: unknown, onComplete: () => void): string[] | null {
  const me = useMe();
  const isLegalError = error instanceof ApiError && error.code === 'LEGAL_INFO_REQUIRED';
  // The user as read when the error came: only a later read can tell the settings were saved.
  const readAtError = useRef<number | null>(null);
  if (!isLegalError) readAtError.current = null;
  else readAtError.current ??= me.dataUpdatedAt;

  const advertiser = me.data?.advertiser ?? null;
  const values = advertiser ? { ...advertiser, profile_efile_id: me.data?.profile_efile_id } : {};
  const isSavedSince = isLegalError && me.dataUpdatedAt !== readAtError.current;
  const isLegalComplete =
    advertiser !== null &&
    findMissingCompletionFields(advertiserLegalInfoFields, values).length === 0;
  const shouldResume = isSavedSince && isLegalComplete;

  // Before the browser paints: in between, the checkout would show its error's generic text
  // for a frame (every named field is filled, so none is listed any more).
  useLayoutEffect(() => {
    if (shouldResume) onComplete();
  }, [shouldResume, onComplete]);

  if (!isLegalError) return null;
  const named = error.fields.map((problem) => problem.field);
  if (!isSavedSince || !advertiser) return named;
  // Saved since, still incomplete: what is still empty of what the server named.
  const stillMissing = new Set<string>(
    findMissingCompletionFields(advertiserCompletionFields, values),
  );
  return named.filter((field) => stillMissing.has(field));
}
