import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The API's error texts are not part of any first screen: they arrive with the first failure,
 * before it reaches the screen. Fresh copies of the modules, so that no other test file has
 * loaded the texts already.
 */
async function freshModules() {
  vi.resetModules();
  const { default: i18n } = await import('./i18n');
  const { apiRequest, ApiError } = await import('./api-client');
  const { useApiErrorMessage, useApiErrorReason } = await import('./api-error-message');
  return { i18n, apiRequest, ApiError, useApiErrorMessage, useApiErrorReason };
}

describe('error texts', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('come with the first failure, before the caller sees it', async () => {
    const { i18n, apiRequest, useApiErrorMessage } = await freshModules();
    expect(i18n.hasNamespace('errors')).toBe(false);
    const { result } = renderHook(() => useApiErrorMessage());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { error: { code: 'WRONG_PASSWORD', message: 'Wrong password' } },
          { status: 400 },
        ),
      ),
    );
    const failure = await apiRequest('/user/change-password').catch((error: unknown) => error);
    expect(i18n.hasNamespace('errors')).toBe(true);
    expect(result.current(failure)).toBe(i18n.t('WRONG_PASSWORD', { ns: 'errors' }));
    expect(result.current(failure)).not.toBe('WRONG_PASSWORD');
  });

  it('read as the generic message, not a code, when they could not be fetched', async () => {
    const { ApiError, useApiErrorMessage, useApiErrorReason } = await freshModules();
    const failure = new ApiError(409, 'NO_SPOTS_LEFT', 'No spots left');
    const message = renderHook(() => useApiErrorMessage()).result.current;
    const reason = renderHook(() => useApiErrorReason()).result.current;
    expect(message(failure)).toBe('Sorry! Something gone wrong');
    expect(reason(failure)).toBeNull();
  });
});
