import type { Translate } from '@clipmarket/contracts/validation-messages';
import type { FormErrors } from '@mantine/form';
import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslate, validateWithSchema } from '../../../lib/validation';
import type { AuthSchemas } from '../form-schemas';

type CreateAuthSchemas = (translate: Translate) => AuthSchemas;

let createSchemas: CreateAuthSchemas | null = null;
let loading: Promise<CreateAuthSchemas> | null = null;
const loadSchemas = () =>
  (loading ??= import('../form-schemas').then((module) => (createSchemas = module.default)));

const built = new WeakMap<Translate, AuthSchemas>();
function schemasFor(translate: Translate, create: CreateAuthSchemas): AuthSchemas {
  let schemas = built.get(translate);
  if (!schemas) built.set(translate, (schemas = create(translate)));
  return schemas;
}

/**
 * Validation of the account pages (login, sign-up, password reset) with the shared zod
 * schemas. zod is about a third of these pages' first download and no rule can fail before
 * the person types, so the schemas arrive in their own chunk once the person starts using the
 * page (first focus, pointer or key), not with the first download (ADR 016); a
 * submit that comes sooner waits for them.
 */
export function useAuthValidation() {
  const translate = useTranslate();
  // Read at validation time: the messages follow a language change made after the first render.
  const translateRef = useRef(translate);
  translateRef.current = translate;
  useEffect(() => {
    if (createSchemas) return;
    const events = ['focusin', 'pointerdown', 'keydown'] as const;
    const load = () => {
      for (const type of events) document.removeEventListener(type, load, true);
      void loadSchemas();
    };
    for (const type of events) document.addEventListener(type, load, true);
    return () => {
      for (const type of events) document.removeEventListener(type, load, true);
    };
  }, []);

  return {
    validate(name: keyof AuthSchemas, values: unknown): FormErrors {
      if (!createSchemas) return {};
      return validateWithSchema(schemasFor(translateRef.current, createSchemas)[name], values);
    },
    /** Wraps Mantine's `form.onSubmit(...)` handler so it runs once the schemas are there. */
    whenReady(submit: () => void) {
      return (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        if (createSchemas) submit();
        else void loadSchemas().then(() => submit());
      };
    },
  };
}
