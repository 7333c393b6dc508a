import type { Translate } from '@clipmarket/contracts/validation-messages';
import type { FormErrors } from '@mantine/form';
import { type FormEvent, useEffect, useRef } from 'react';
import i18n, { type I18n, loadNamespaces } from '../../../lib/i18n';
import { onFirstInteraction } from '../../../lib/first-interaction';
import { useTranslation } from '../../../lib/use-translation';
import { validateWithSchema } from '../../../lib/validation';
import type { AuthSchemas } from '../form-schemas';

interface Loaded {
  create: (translate: Translate) => AuthSchemas;
  createTranslate: (i18n: I18n) => Translate;
}

let loaded: Loaded | null = null;
let loading: Promise<Loaded> | null = null;
const loadSchemas = () =>
  (loading ??= Promise.all([
    import('../form-schemas'),
    import('../../../lib/validation-translate'),
    loadNamespaces(['validation']),
  ]).then(
    ([schemas, translate]) =>
      (loaded = { create: schemas.default, createTranslate: translate.createI18nTranslate }),
  ));

// One set of schemas per language: their messages speak it.
const built = new Map<string, AuthSchemas>();
function schemasFor(language: string, { create, createTranslate }: Loaded): AuthSchemas {
  let schemas = built.get(language);
  if (!schemas) built.set(language, (schemas = create(createTranslate(i18n))));
  return schemas;
}

/**
 * Validation of the account pages (login, sign-up, password reset) with the shared zod
 * schemas. zod is about a third of these pages' first download and no rule can fail before
 * the person types, so the schemas and the validation messages' texts arrive in their own chunks
 * once the person starts using the page (first focus, pointer or key), not with the first
 * download (ADR 016, ADR 029); a
 * submit that comes sooner waits for them.
 */
export function useAuthValidation() {
  const { i18n: translator } = useTranslation();
  // Read at validation time: the messages follow a language change made after the first render.
  const languageRef = useRef(translator.language);
  languageRef.current = translator.language;
  useEffect(() => (loaded ? undefined : onFirstInteraction(() => void loadSchemas())), []);

  return {
    validate(name: keyof AuthSchemas, values: unknown): FormErrors {
      if (!loaded) return {};
      return validateWithSchema(schemasFor(languageRef.current, loaded)[name], values);
    },
    /** Wraps Mantine's `form.onSubmit(...)` handler so it runs once the schemas are there. */
    whenReady(submit: () => void) {
      return (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        if (loaded) submit();
        else void loadSchemas().then(() => submit());
      };
    },
  };
}
