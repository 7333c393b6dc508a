import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dialectWordsIn } from '@clipmarket/contracts/arabic-register';
import { describe, expect, it } from 'vitest';
import { sandboxTexts } from '../modules/konnect-sandbox/konnect-sandbox.texts.js';
import { invoiceTexts } from '../modules/invoices/invoices.texts.js';
import { notificationTemplates } from '../modules/notifications/index.js';

/**
 * The API's Arabic texts (e-mails, notifications, invoice PDFs, the payment sandbox page,
 * reference data, demo data) are in the web catalog's one register, Modern Standard Arabic.
 */
const sourceDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(file);
    else if (/(?<!\.test)\.ts$/.test(entry.name)) yield file;
  }
}

/** Every string literal of the API's sources that holds Arabic letters. */
const arabicLiterals = [...sourceFiles(sourceDir)].flatMap((file) =>
  [...fs.readFileSync(file, 'utf8').matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)]
    .map((match) => match[1] ?? match[2] ?? match[3] ?? '')
    .filter((text) => /[\u0600-\u06FF]/.test(text))
    .map((text) => [path.relative(sourceDir, file), text] as const),
);

/** Every text of a nested catalog, with its dotted key. */
function leavesOf(node: object, prefix = ''): (readonly [string, string])[] {
  return Object.entries(node).flatMap(([key, value]: [string, unknown]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as const]
      : value !== null && typeof value === 'object'
        ? leavesOf(value, `${prefix}${key}.`)
        : [],
  );
}

const dialectIn = (texts: Iterable<readonly [string, string]>) =>
  [...texts]
    .map(([where, text]) => [where, dialectWordsIn(text).join(', ')])
    .filter(([, words]) => words !== '');

describe('the API’s Arabic texts', () => {
  it('are found in the e-mails, notifications, invoices and the sandbox page', () => {
    const files = new Set(arabicLiterals.map(([file]) => file));
    for (const file of [
      'modules/auth/auth.emails.ts',
      'modules/notifications/notifications.emails.ts',
      'modules/notifications/notification-templates.ts',
      'modules/invoices/invoices.texts.ts',
      'modules/konnect-sandbox/konnect-sandbox.texts.ts',
    ])
      expect(files).toContain(file);
  });

  it('are written in Modern Standard Arabic only', () => {
    expect(dialectIn(arabicLiterals)).toEqual([]);
    expect(dialectIn(Object.entries(sandboxTexts.tn))).toEqual([]);
    expect(dialectIn(leavesOf(invoiceTexts.tn))).toEqual([]);
    expect(
      dialectIn(notificationTemplates.map((template) => [template.type, template.message.ar])),
    ).toEqual([]);
  });
});
