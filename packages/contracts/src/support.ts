import { z } from 'zod';
import { createRules, type Rules } from './validation.js';

/** Longest subject and message the contact form accepts (server and client alike). */
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_BODY_MAX = 5000;

/**
 * POST /v2/support/contact (spec §2 "/contact-us"). Strict: any other field is refused.
 * Built from the shared rules so the web form shows the API's messages in every language.
 */
export function createContactMessageSchema(rules: Rules = createRules()) {
  return z.strictObject({
    subject: rules.required('subject').max(CONTACT_SUBJECT_MAX, {
      error: rules.t('maxLength', { field: 'subject', n: CONTACT_SUBJECT_MAX }),
    }),
    body: rules.required('body').max(CONTACT_BODY_MAX, {
      error: rules.t('maxLength', { field: 'body', n: CONTACT_BODY_MAX }),
    }),
  });
}
export type ContactMessageInput = z.input<ReturnType<typeof createContactMessageSchema>>;

export const contactMessageSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;
export const contactMessageResponseSchema = z.object({ data: contactMessageSchema });
