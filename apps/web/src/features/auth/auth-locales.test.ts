import fs from 'node:fs';
import path from 'node:path';
import { errorCodes } from '@clipmarket/contracts/errors';
import {
  englishFieldNames,
  englishTranslate,
  validationMessageKeys,
} from '@clipmarket/contracts/validation';
import { describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n';
import { createI18nTranslate } from '../../lib/validation-translate';

const localesDir = path.resolve(__dirname, '../../locales');
const read = (language: string, namespace: string) =>
  JSON.parse(
    fs.readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8'),
  ) as Record<string, unknown>;

describe('catalogs of the auth, validation and errors namespaces', () => {
  it.each(['en', 'fr', 'tn'])('%s has a message for every API error code', (language) => {
    const errors = read(language, 'errors');
    for (const code of errorCodes) expect(errors[code], code).toEqual(expect.any(String));
  });

  it.each(['en', 'fr', 'tn'])('%s has every validation message and field name', (language) => {
    const catalog = read(language, 'validation');
    for (const key of validationMessageKeys) expect(catalog[key], key).toEqual(expect.any(String));
    const fields = catalog.fields as Record<string, unknown>;
    for (const field of Object.keys(englishFieldNames)) {
      expect(fields[field], field).toEqual(expect.any(String));
    }
  });

  it('speaks the spec English exactly through the catalogs', async () => {
    await i18n.changeLanguage('en');
    const translate = createI18nTranslate(i18n);
    for (const key of validationMessageKeys) {
      for (const field of Object.keys(englishFieldNames) as (keyof typeof englishFieldNames)[]) {
        expect(translate(key, { field, n: 6 })).toBe(englishTranslate(key, { field, n: 6 }));
      }
    }
  });

  it('translates rules into Arabic', async () => {
    await i18n.changeLanguage('tn');
    const translate = createI18nTranslate(i18n);
    expect(translate('required', { field: 'email' })).toBe('حقل البريد الإلكتروني مطلوب');
    await i18n.changeLanguage('en');
  });
});
