import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './use-complete-sign-in';

describe('safeRedirectPath', () => {
  it.each([
    ['/campaign/3', '/campaign/3'],
    ['/request-content?status=Sent#top', '/request-content?status=Sent#top'],
    ['/', '/'],
  ])('follows the same-site path %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    null,
    '',
    'campaign',
    'https://evil.example/x',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
  ])('refuses %j', (value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });
});
