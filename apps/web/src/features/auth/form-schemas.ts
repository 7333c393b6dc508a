import {
  createAdvertiserSignUpSchema,
  createForgotPasswordSchema,
  createLoginSchema,
  createTalentSignUpSchema,
} from '@clipmarket/contracts/auth';
import { createRules, type Translate } from '@clipmarket/contracts/validation';
import { z } from 'zod';

/**
 * The zod schemas of the account pages, speaking the interface language. A chunk of its own,
 * loaded right after the page is drawn (hooks/use-auth-validation.ts).
 */
export default function createAuthSchemas(translate: Translate) {
  const rules = createRules(translate);
  return {
    login: createLoginSchema(rules),
    talentSignUp: createTalentSignUpSchema(rules),
    advertiserSignUp: createAdvertiserSignUpSchema(rules),
    forgotPassword: createForgotPasswordSchema(rules),
    // Same rule as the API's `password`, named "new password", with the spec's confirm messages.
    resetPassword: z
      .object({
        password: rules.password('new_password'),
        confirmPassword: z.string().min(1, { error: rules.t('confirmRequired', {}) }),
      })
      .refine((v) => v.password === v.confirmPassword, {
        path: ['confirmPassword'],
        error: rules.t('confirmMatch', {}),
      }),
  };
}

export type AuthSchemas = ReturnType<typeof createAuthSchemas>;
