import bidiFactory from 'bidi-js';

/**
 * Lines of a PDF in visual order (ADR 018), for every PDF the API writes (invoices, campaign
 * reports): Arabic is shaped by the font (fontkit's OpenType layout, which also lays a
 * right-to-left run out right to left); the order of runs in a line mixing Arabic, digits and
 * Latin text is the Unicode bidirectional algorithm's (bidi-js).
 */

const bidi = bidiFactory();
const arabicLetter = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** Bidi controls: they order the line, the fonts have nothing to draw for them. */
const bidiControl = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/**
 * A value written left to right wherever it stands (`1 234.500 TND`, `2026-000001`, a date):
 * in an Arabic line, the spaces of an amount would otherwise split it into reordered pieces.
 */
export const ltr = (value: string) => `\u2066${value}\u2069`;

/** A Latin letter (with its accents) or a digit. */
const latinOrDigit = '[0-9A-Za-z\\u00C0-\\u024F]';
/** Anything but Arabic letters and bidi isolates. */
const notArabic =
  '[^\\u0600-\\u06FF\\u0750-\\u077F\\u08A0-\\u08FF\\uFB50-\\uFDFF\\uFE70-\\uFEFF\\u2066-\\u2069]';
/**
 * From a Latin letter or digit (a number's sign included: `+216 …`) to the last one before
 * Arabic text, with a percent sign after.
 */
const latinRun = new RegExp(
  `(?:[+-](?=\\d))?${latinOrDigit}(?:${notArabic}*${latinOrDigit})?(?: ?%)?`,
  'gu',
);

const count = (text: string, char: string) => text.split(char).length - 1;

/**
 * In a right-to-left line, every run of Latin text and numbers is isolated (Unicode bidi
 * isolates, UAX #9): it reads left to right as one piece whatever neutral characters (spaces,
 * commas, brackets) it holds, and the Arabic around it keeps its order. Without it an address
 * such as `12 Rue de Marseille, Tunis 1000` came out as `Rue de Marseille, Tunis 1000 12`.
 * A run that opens a bracket or a quotation takes its closing one along.
 */
export function isolateLatinRuns(text: string): string {
  let result = '';
  let last = 0;
  for (const match of text.matchAll(latinRun)) {
    let run = match[0];
    const end = match.index + run.length;
    const next = text[end];
    const opensBracket = next === ')' && count(run, '(') > count(run, ')');
    const opensQuote = next === '"' && count(run, '"') % 2 === 1;
    if (opensBracket || opensQuote) run += next;
    result += text.slice(last, match.index) + ltr(run);
    last = match.index + run.length;
  }
  return result + text.slice(last);
}

export interface Segment {
  text: string;
  font: 'latin' | 'arabic';
  /** Lay the characters out right to left. */
  rtl: boolean;
}

/**
 * A line in visual order, left to right: bidi runs reordered (rule L2), each split where the
 * font changes. A right-to-left run of Arabic is handed to the font in logical order (its
 * layout reverses it); neutral characters in a right-to-left run (spaces, punctuation) are
 * mirrored and reversed here.
 */
export function visualSegments(text: string, rtlBase: boolean): Segment[] {
  if (text === '') return [];
  const { levels } = bidi.getEmbeddingLevels(text, rtlBase ? 'rtl' : 'ltr');
  const runs: Array<{ text: string; level: number }> = [];
  for (let i = 0; i < text.length; i += 1) {
    const level = levels[i] ?? 0;
    let char = text[i] ?? '';
    if (level % 2 === 1) char = bidi.getMirroredCharacter(char) ?? char;
    const last = runs.at(-1);
    if (last && last.level === level) last.text += char;
    else runs.push({ text: char, level });
  }
  const maxLevel = Math.max(...runs.map((r) => r.level));
  const minOddLevel = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : Infinity)));
  for (let level = maxLevel; level >= minOddLevel && level >= 1; level -= 1) {
    let start = 0;
    while (start < runs.length) {
      if ((runs[start]?.level ?? 0) < level) {
        start += 1;
        continue;
      }
      let end = start;
      while (end + 1 < runs.length && (runs[end + 1]?.level ?? 0) >= level) end += 1;
      runs.splice(start, end - start + 1, ...runs.slice(start, end + 1).reverse());
      start = end + 1;
    }
  }
  const segments: Segment[] = [];
  for (const run of runs) {
    const rtl = run.level % 2 === 1;
    const pieces: Segment[] = [];
    for (const char of run.text) {
      if (bidiControl.test(char)) continue;
      const font = arabicLetter.test(char) ? 'arabic' : 'latin';
      const last = pieces.at(-1);
      if (last && last.font === font) last.text += char;
      else pieces.push({ text: char, font, rtl });
    }
    if (rtl) {
      pieces.reverse();
      for (const piece of pieces) {
        // The Arabic font lays its run out right to left itself; anything else is reversed here.
        if (piece.font === 'latin') piece.text = [...piece.text].reverse().join('');
      }
    }
    segments.push(...pieces);
  }
  return segments;
}
