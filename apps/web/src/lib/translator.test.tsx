import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type Catalog, Translator } from './translator';
import { Trans } from './use-translation';

const catalogs: Record<string, Catalog> = {
  'en/common': { hello: 'Hello {{name}}', nested: { deep: 'Deep' }, onlyEnglish: 'English only' },
  'en/pages': {
    title: 'Pages',
    creators_one: '{{count}} creator',
    creators_other: '{{count}} creators',
    creators_zero: 'No creators',
  },
  'tn/common': { hello: 'مرحبا {{name}}', nested: { deep: 'عميق' } },
  'tn/pages': { title: 'صفحات', creators_one: 'صانع واحد', creators_other: '{{count}} صناع' },
  'fr/common': { hello: 'Bonjour {{name}}' },
};

function translator(language = 'en') {
  const load = vi.fn((language: string, namespace: string) =>
    Promise.resolve(catalogs[`${language}/${namespace}`] ?? {}),
  );
  const intl = (l: string) => (l === 'tn' ? 'ar-TN' : l);
  return { i18n: new Translator(language, load, intl), load };
}

describe('Translator', () => {
  it('reads nested keys, fills {{values}} and searches the namespaces in order', async () => {
    const { i18n } = translator();
    await i18n.loadNamespaces(['common', 'pages']);
    expect(i18n.t('hello', { name: 'Sami' })).toBe('Hello Sami');
    expect(i18n.t('nested.deep')).toBe('Deep');
    expect(i18n.t('title', { ns: ['common', 'pages'] })).toBe('Pages');
    expect(i18n.fixedT(['pages'])('common:hello', { name: 'Ali' })).toBe('Hello Ali');
    // A value left out keeps its placeholder, which a test or a reader notices.
    expect(i18n.t('hello')).toBe('Hello {{name}}');
  });

  it('falls back to English, then to the default value, then to the key', async () => {
    const { i18n } = translator('tn');
    await i18n.loadNamespaces(['common']);
    expect(i18n.t('nested.deep')).toBe('عميق');
    expect(i18n.t('onlyEnglish')).toBe('English only');
    expect(i18n.t('reasons.late', { defaultValue: 'late {{n}}', n: 2 })).toBe('late 2');
    expect(i18n.t('pages:missing.key')).toBe('missing.key');
    expect(i18n.exists('onlyEnglish')).toBe(true);
    expect(i18n.exists('absent')).toBe(false);
  });

  it('picks the plural form of the language, with a zero form for 0 and `other` as fallback', async () => {
    const { i18n } = translator();
    await i18n.loadNamespaces(['pages']);
    const t = i18n.fixedT(['pages']);
    expect(t('creators', { count: 0 })).toBe('No creators');
    expect(t('creators', { count: 1 })).toBe('1 creator');
    expect(t('creators', { count: 5 })).toBe('5 creators');
    await i18n.changeLanguage('tn');
    // Arabic has `two` and `few` forms; a catalog without them uses `other`.
    expect(t('creators', { count: 1 })).toBe('صانع واحد');
    expect(t('creators', { count: 2 })).toBe('2 صناع');
    // The reader's language first: its `other` form before English's zero form.
    expect(t('creators', { count: 0 })).toBe('0 صناع');
  });

  it('changes language once the loaded namespaces are there in it, and tells the listeners', async () => {
    const { i18n, load } = translator();
    await i18n.loadNamespaces(['common', 'pages']);
    const listener = vi.fn();
    const unsubscribe = i18n.onLanguageChanged(listener);
    const change = i18n.changeLanguage('tn');
    expect(i18n.language).toBe('en');
    await change;
    expect(i18n.language).toBe('tn');
    expect(listener).toHaveBeenCalledWith('tn');
    expect(load.mock.calls.map((call) => call.join('/')).sort()).toEqual([
      'en/common',
      'en/pages',
      'tn/common',
      'tn/pages',
    ]);
    expect(i18n.hasNamespace('pages')).toBe(true);
    expect(i18n.hasNamespace('admin')).toBe(false);
    unsubscribe();
    await i18n.changeLanguage('fr');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('loads a catalog once, even when asked twice at the same time, and retries after a failure', async () => {
    const { i18n, load } = translator();
    await Promise.all([i18n.loadNamespaces(['common']), i18n.loadNamespaces(['common'])]);
    expect(load).toHaveBeenCalledTimes(1);
    load.mockRejectedValueOnce(new Error('offline'));
    await expect(i18n.loadNamespaces(['pages'])).rejects.toThrow('offline');
    await i18n.loadNamespaces(['pages']);
    expect(i18n.t('pages:title')).toBe('Pages');
  });
});

describe('Trans', () => {
  it('turns the tags of a text into the given elements', async () => {
    const { i18n } = translator();
    i18n.addCatalog('en', 'common', { note: 'Write to <mail>{{email}}</mail> today.' });
    render(
      <Trans
        t={i18n.t}
        i18nKey="note"
        values={{ email: 'help@clipmarket.tn' }}
        components={{ mail: <a href="mailto:help@clipmarket.tn" /> }}
      />,
    );
    const link = await screen.findByRole('link', { name: 'help@clipmarket.tn' });
    expect(link).toHaveAttribute('href', 'mailto:help@clipmarket.tn');
    expect(link.parentElement).toHaveTextContent('Write to help@clipmarket.tn today.');
  });
});
