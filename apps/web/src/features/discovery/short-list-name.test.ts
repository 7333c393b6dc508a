import { SHORT_LIST_NAME_MAX as contractMax } from '@clipmarket/contracts/discovery';
import { describe, expect, it } from 'vitest';
import { SHORT_LIST_NAME_MAX, checkShortListName } from './short-list-name';

describe('shortlist names', () => {
  it('follow the limit of the contract', () => {
    expect(SHORT_LIST_NAME_MAX).toBe(contractMax);
  });

  it('are required and at most that long, spaces around not counted', () => {
    expect(checkShortListName('   ')).toBe('required');
    expect(checkShortListName(` ${'a'.repeat(SHORT_LIST_NAME_MAX)} `)).toBeNull();
    expect(checkShortListName('a'.repeat(SHORT_LIST_NAME_MAX + 1))).toBe('tooLong');
  });
});
