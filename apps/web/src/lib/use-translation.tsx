import {
  cloneElement,
  Fragment,
  type ReactElement,
  type ReactNode,
  useMemo,
  useSyncExternalStore,
} from 'react';
import i18n from './i18n';
import type { TFunction, TranslateOptions } from './translator';

const subscribe = (onChange: () => void) => i18n.onLanguageChanged(onChange);
const currentLanguage = () => i18n.language;

/**
 * The texts of `namespaces` (searched in order; `common` by default) in the interface language;
 * re-renders on a language change. A namespace not loaded yet suspends the component until it
 * is (routes load theirs on the way, so this is rare).
 */
export function useTranslation(namespaces: string | readonly string[] = i18n.defaultNamespace) {
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
  const missing = list.filter((namespace) => !i18n.hasNamespace(namespace));
  if (missing.length > 0) throw i18n.loadNamespaces(missing);
  const id = list.join('|');
  // A new `t` per language, so memoised texts follow the language.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `id` stands for `list`
  const t = useMemo(() => i18n.fixedT(list), [id, language]);
  return { t, i18n };
}

export interface TransProps {
  t: TFunction;
  i18nKey: string;
  values?: TranslateOptions;
  /** Elements standing for the text's tags: `<mail>{{email}}</mail>` with `{ mail: <Anchor/> }`. */
  components: Record<string, ReactElement>;
}

/** A translated text whose tags (one level, no nesting) become the given elements. */
export function Trans({ t, i18nKey, values, components }: TransProps): ReactNode {
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>/gs;
  let start = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    const [whole, name = '', inner] = match;
    const element = components[name];
    parts.push(text.slice(start, match.index));
    parts.push(element ? cloneElement(element, { key: parts.length }, inner) : whole);
    start = match.index + whole.length;
  }
  parts.push(text.slice(start));
  return <Fragment>{parts}</Fragment>;
}
