import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvDinars, csvPercent, downloadCsv, toCsv } from './csv';

describe('CSV text', () => {
  it('separates with commas, ends lines with CRLF, and starts with the byte-order mark', () => {
    expect(
      toCsv([
        ['Name', 'Views'],
        ['Iftar table', 4000],
      ]),
    ).toBe('\uFEFFName,Views\r\nIftar table,4000\r\n');
  });

  it('quotes a field holding a comma, a quote, CR or LF, doubling inner quotes', () => {
    expect(toCsv([['a,b', 'say "hi"', 'two\nlines', 'cr\rhere', 'plain']])).toBe(
      '\uFEFF"a,b","say ""hi""","two\nlines","cr\rhere",plain\r\n',
    );
  });

  it('keeps Arabic text as it is, in UTF-8 behind the mark', async () => {
    const text = toCsv([['المشاهدات', 'صانع المحتوى، تونس']]);
    // The Arabic comma (U+060C) is no separator: nothing to quote.
    expect(text).toBe('\uFEFFالمشاهدات,صانع المحتوى، تونس\r\n');
    const bytes = new Uint8Array(await new Blob([text]).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(text);
  });

  it('defuses text a spreadsheet would run as a formula, never a number', () => {
    expect(toCsv([['=HYPERLINK("x")', '+216', '-1+2', '@SUM(A1)', '\tx', '\rx']])).toBe(
      `\uFEFF"'=HYPERLINK(""x"")",'+216,'-1+2,'@SUM(A1),'\tx,"'\rx"\r\n`,
    );
    expect(toCsv([[-5, csvDinars(-50), 'a=b']])).toBe('\uFEFF-5,-0.050,a=b\r\n');
    // A "decimal" that is not one is text, and guarded as text.
    expect(toCsv([[{ decimal: '=1+1' }]])).toBe("\uFEFF'=1+1\r\n");
  });

  it('leaves unknown figures empty, and writes money and rates as plain decimals', () => {
    expect(toCsv([[null, undefined, '', Number.NaN, csvDinars(null), csvPercent(null)]])).toBe(
      '\uFEFF,,,,,\r\n',
    );
    expect(toCsv([[csvDinars(12_500), csvDinars(1_234_567_890), csvPercent(412), 0]])).toBe(
      '\uFEFF12.500,1234567.890,4.12,0\r\n',
    );
  });
});

describe('downloadCsv', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves a UTF-8 CSV blob under its name through a temporary link', async () => {
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: Array<{ download: string; href: string; attached: boolean }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ download: this.download, href: this.href, attached: this.isConnected });
    });
    downloadCsv('dashboard.csv', [['Views'], [7500]]);
    expect(clicked).toEqual([{ download: 'dashboard.csv', href: 'blob:csv', attached: true }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFViews\r\n7500\r\n',
    );
    click.mockRestore();
  });
});
