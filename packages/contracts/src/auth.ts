import { z } from 'zod';
import { advertiserRoles, languageSchema, roleSchema } from './enums.js';
import { safeText } from './primitives.js';
import { createRules, type FieldName, type Rules } from './validation.js';

/**
 * Accounts and sessions: sign-up, login, token refresh, e-mail verification, password reset.
 *
 * Request schemas are factories taking the `Rules` (built with a translator) so that the web
 * forms show the same messages as the API in every language; the API uses the English rules.
 * Every request body is strict: unknown fields (is_verified, is_validated, ...) are refused.
 */

/** Longest password we accept at login; argon2 handles more, but nobody needs it. */
const MAX_LOGIN_PASSWORD = 256;
/** Instagram allows 30 characters, TikTok 24; one bound for both. */
const socialUsernamePattern = /^[A-Za-z0-9._]{1,30}$/;

/**
 * Spec §5: Instagram and TikTok fields accept a full profile link and keep the bare username
 * (`https://www.instagram.com/some.name/?hl=fr` → `some.name`, `@some.name` → `some.name`).
 */
export function normalizeSocialUsername(value: string): string {
  const trimmed = value.trim();
  const link =
    /^(?:https?:\/\/)?(?:www\.|m\.|vm\.)?(?:instagram\.com|tiktok\.com)\/@?([^/?#\s]+)/i.exec(
      trimmed,
    );
  return (link?.[1] ?? trimmed).replace(/^@/, '');
}

function socialUsername(rules: Rules, field: FieldName) {
  return (
    safeText({ nulMessage: rules.t('invalidChoice', { field }) })
      .trim()
      // A full profile link is accepted (then reduced), hence more room than a username needs.
      .max(200, { error: rules.t('maxLength', { field, n: 200 }) })
      .nullish()
      .transform((v) => (v ? normalizeSocialUsername(v) : ''))
      .refine((v) => v === '' || socialUsernamePattern.test(v), {
        error: rules.t('invalidChoice', { field }),
      })
      .transform((v) => v || null)
  );
}

function optionalName(rules: Rules, field: FieldName) {
  return safeText({ nulMessage: rules.t('invalidChoice', { field }) })
    .trim()
    .max(100, { error: rules.t('maxLength', { field, n: 100 }) })
    .nullish()
    .transform((v) => v || null);
}

/** Passwords are never trimmed: a space is a character the person chose. */
function loginPassword(rules: Rules) {
  const required = rules.t('required', { field: 'password' });
  return z
    .string({ error: required })
    .min(1, { error: required })
    .max(MAX_LOGIN_PASSWORD, {
      error: rules.t('maxLength', { field: 'password', n: MAX_LOGIN_PASSWORD }),
    });
}

export function createLoginSchema(rules: Rules = createRules()) {
  return z.strictObject({ email: rules.email(), password: loginPassword(rules) });
}
export type LoginInput = z.input<ReturnType<typeof createLoginSchema>>;

/** Creator sign-up: names and social usernames are optional here, asked again in settings. */
export function createTalentSignUpSchema(rules: Rules = createRules()) {
  return z.strictObject({
    role: z.literal('TALENT'),
    email: rules.email(),
    password: rules.password(),
    language: languageSchema.optional(),
    first_name: optionalName(rules, 'first_name'),
    last_name: optionalName(rules, 'last_name'),
    ig_username: socialUsername(rules, 'ig_username'),
    tiktok_username: socialUsername(rules, 'tiktok_username'),
  });
}

/**
 * Brand or agency sign-up: the brand's or agency's name is required and can never be changed
 * later (§6). Its messages name it as the form labels it ("The agency name field is required").
 */
function advertiserSignUpSchema(rules: Rules, role: (typeof advertiserRoles)[number]) {
  const nameField = role === 'AGENCY' ? 'agency_name' : 'name';
  return z.strictObject({
    role: z.literal(role),
    email: rules.email(),
    password: rules.password(),
    language: languageSchema.optional(),
    name: rules
      .required(nameField)
      .max(100, { error: rules.t('maxLength', { field: nameField, n: 100 }) }),
    first_name: optionalName(rules, 'first_name'),
    last_name: optionalName(rules, 'last_name'),
  });
}

/** The role's answer when it is missing or not one of the union's. */
function roleError(rules: Rules) {
  return (issue: { code: string; input?: unknown }) => {
    if (issue.code !== 'invalid_union') return undefined;
    const role = (issue.input as { role?: unknown } | undefined)?.role;
    return role === undefined || role === ''
      ? rules.t('required', { field: 'role' })
      : rules.t('invalidChoice', { field: 'role' });
  };
}

export function createAdvertiserSignUpSchema(rules: Rules = createRules()) {
  return z.discriminatedUnion(
    'role',
    advertiserRoles.map((role) => advertiserSignUpSchema(rules, role)) as [
      ReturnType<typeof advertiserSignUpSchema>,
      ReturnType<typeof advertiserSignUpSchema>,
    ],
    { error: roleError(rules) },
  );
}

export function createRegisterSchema(rules: Rules = createRules()) {
  return z.discriminatedUnion(
    'role',
    [
      createTalentSignUpSchema(rules),
      ...advertiserRoles.map((role) => advertiserSignUpSchema(rules, role)),
    ] as [
      ReturnType<typeof createTalentSignUpSchema>,
      ...ReturnType<typeof advertiserSignUpSchema>[],
    ],
    { error: roleError(rules) },
  );
}
export type RegisterInput = z.input<ReturnType<typeof createRegisterSchema>>;
export type RegisterData = z.output<ReturnType<typeof createRegisterSchema>>;

export function createForgotPasswordSchema(rules: Rules = createRules()) {
  return z.strictObject({ email: rules.email() });
}

export function createResetPasswordSchema(rules: Rules = createRules()) {
  return z.strictObject({
    token: z.string().min(1).max(512),
    password: rules.password(),
  });
}

/** Opaque tokens: 43 characters today; the bound only stops absurd input. */
const opaqueToken = z.string().min(1).max(512);

export const refreshBodySchema = z.strictObject({ refreshToken: opaqueToken });
export const logoutBodySchema = refreshBodySchema;
export const verifyEmailBodySchema = z.strictObject({ token: opaqueToken });

/** The account as the auth endpoints return it. */
export const authUserSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  role: roleSchema,
  is_verified: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** Login, sign-up and refresh all answer `{ data: AuthSession }`. */
export const authSessionSchema = z.object({
  /** Short-lived JWT, sent as `Authorization: Bearer …`. */
  accessToken: z.string(),
  /** Opaque, single use: each refresh returns a new one and retires this one. */
  refreshToken: z.string(),
  user: authUserSchema,
});
export type AuthSession = z.infer<typeof authSessionSchema>;
export const authSessionResponseSchema = z.object({ data: authSessionSchema });

/**
 * The confirmed account; `already_verified` when the link had been opened before (the address
 * was confirmed then: the page says so instead of "invalid link").
 */
export const verifyEmailResponseSchema = z.object({
  data: authUserSchema.extend({ already_verified: z.boolean() }),
});
export type VerifyEmailResult = z.infer<typeof verifyEmailResponseSchema>['data'];
