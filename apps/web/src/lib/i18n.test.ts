import { describe, expect, it } from 'vitest';
import i18n, { eagerNamespaces, lazyNamespaces, readCatalog, supportedLanguages } from './i18n';

describe('i18n catalogs', () => {
  it.each(supportedLanguages)(
    'has a non-empty catalog of every namespace a screen loads, in %s',
    async (language) => {
      // English's first-screen namespaces are in the bundle itself (locales/en/index.ts).
      const chunks = language === 'en' ? lazyNamespaces : [...eagerNamespaces, ...lazyNamespaces];
      for (const namespace of chunks) {
        const catalog = await readCatalog(language, namespace);
        expect(Object.keys(catalog).length, `${language}/${namespace}`).toBeGreaterThan(0);
      }
    },
  );

  it('refuses a namespace that has no file instead of reading it as empty', async () => {
    await expect(readCatalog('en', 'no-such-namespace')).rejects.toThrow(
      'No catalog en/no-such-namespace.json',
    );
  });

  it("reads English's validation messages from their own catalog", async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces(['validation']);
    expect(i18n.t('validation:ribLength')).toBe('RIB Length must be 20');
  });
});
