import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePaymentAttempt } from './payment-page';

describe('usePaymentAttempt', () => {
  it('answers no key while a Pay is in flight, and the same key when the same body is retried', () => {
    const { result } = renderHook(() => usePaymentAttempt());
    const first = result.current.begin({ method: 'wallet' });
    expect(first).toEqual(expect.any(String));
    expect(result.current.begin({ method: 'wallet' })).toBeNull();
    result.current.end();
    result.current.failed('NETWORK');
    expect(result.current.begin({ method: 'wallet' })).toBe(first);
  });

  it('makes a new key when the body changed, after a refusal and after a success', () => {
    const { result } = renderHook(() => usePaymentAttempt());
    const first = result.current.begin({ method: 'wallet' });
    result.current.end();
    const changed = result.current.begin({ method: 'gateway' });
    expect(changed).not.toBe(first);
    result.current.end();
    result.current.failed('INSUFFICIENT_FUNDS');
    const afterRefusal = result.current.begin({ method: 'gateway' });
    expect(afterRefusal).not.toBe(changed);
    result.current.end();
    result.current.succeeded();
    expect(result.current.begin({ method: 'gateway' })).not.toBe(afterRefusal);
  });
});
