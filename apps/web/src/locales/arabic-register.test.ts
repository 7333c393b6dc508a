import { dialectWordsIn } from '@clipmarket/contracts/arabic-register';
import { describe, expect, it } from 'vitest';

/**
 * The Arabic catalog (`tn`) is Modern Standard Arabic throughout, one register for every
 * screen (no Tunisian dialect beside it), and what it writes reads in the right order inside
 * right-to-left text.
 */
const files = import.meta.glob<Record<string, unknown>>('./tn/*.json', {
  eager: true,
  import: 'default',
});

function* texts(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) yield* texts(child, `${path}.${key}`);
}

const catalog = Object.entries(files).flatMap(([file, messages]) => [
  ...texts(messages, /(\w[\w-]*)\.json$/.exec(file)![1]!),
]);

describe('the Arabic catalog', () => {
  it('is read from every namespace', () => {
    expect(catalog.length).toBeGreaterThan(1000);
  });

  it('is written in Modern Standard Arabic only', () => {
    const dialect = catalog
      .map(([path, text]) => [path, dialectWordsIn(text).join(', ')])
      .filter(([, words]) => words !== '');
    expect(dialect).toEqual([]);
  });

  it('isolates every percentage, so that its sign stays after the number', () => {
    // "10 %" in right-to-left text shows "% 10" unless the run is isolated (U+2066 … U+2069).
    const bare = catalog.filter(([, text]) =>
      /(?<![\u2066\d.,])(?:\{\{\s*\w+\s*\}\}|\d+(?:[.,]\d+)?) ?[%٪]/u.test(text),
    );
    expect(bare).toEqual([]);
  });

  it('says that an e-mail address is not valid in a grammatical sentence', () => {
    const [, email] = catalog.find(([path]) => path === 'validation.email')!;
    expect(email.replace('{{field}}', 'البريد الإلكتروني')).toBe(
      'القيمة المُدخلة في حقل البريد الإلكتروني ليست عنوانًا صالحًا',
    );
  });
});
