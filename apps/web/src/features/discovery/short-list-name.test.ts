import { describe, expect, it } from 'vitest';
import { SHORT_LIST_NAME_MAX, checkShortListName } from './short-list-name';

describe('shortlist names', () => {
  it('are required and at most that long, spaces around not counted', () => {
    expect(checkShortListName('   ')).toBe('required');
    expect(checkShortListName(` ${'a'.repeat(SHORT_LIST_NAME_MAX)} `)).toBeNull();
    expect(checkShortListName('a'.repeat(SHORT_LIST_NAME_MAX + 1))).toBe('tooLong');
  });
});
