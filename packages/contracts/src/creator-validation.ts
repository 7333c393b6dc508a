import { z } from 'zod';
import { idParamSchema, pageLimitSchema, safeText } from './primitives.js';
import { efileSchema, publicInfluencerProfileSchema } from './users.js';
import { creatorValidationStates } from './workflows/creator-validation.js';

/** Admin page `/admin/creators`: creator accounts by validation state, oldest waiting first. */
export const adminCreatorsQuerySchema = z.strictObject({
  state: z.enum(creatorValidationStates).default('pending'),
  cursor: safeText().max(200).optional(),
  limit: pageLimitSchema,
});
export type AdminCreatorsQuery = z.input<typeof adminCreatorsQuerySchema>;

export const creatorValidationParamsSchema = idParamSchema('user_id').strict();

export const REJECTION_REASON_MAX_LENGTH = 500;
export const rejectCreatorBodySchema = z.strictObject({
  reason: safeText({ nulMessage: 'Invalid characters.' })
    .trim()
    .min(3, 'Please give the reason of the rejection.')
    .max(REJECTION_REASON_MAX_LENGTH),
});
export type RejectCreatorBody = z.infer<typeof rejectCreatorBodySchema>;

/** One creator account as admins review it: the public profile plus what only admins see. */
export const adminCreatorSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  created_at: z.string(),
  is_verified: z.boolean(),
  state: z.enum(creatorValidationStates),
  state_entered_at: z.string(),
  rejection_reason: z.string().nullable(),
  /** Transitions an admin may take now, from the process definition. */
  allowed_transitions: z.array(z.string()),
  cin: z.string().nullable(),
  cin_efile: efileSchema.nullable(),
  profile: publicInfluencerProfileSchema,
});
export type AdminCreator = z.infer<typeof adminCreatorSchema>;

export const adminCreatorsResponseSchema = z.object({
  data: z.object({
    items: z.array(adminCreatorSchema),
    next_cursor: z.string().nullable(),
    pending_count: z.number().int(),
  }),
});
export type AdminCreatorsResponse = z.infer<typeof adminCreatorsResponseSchema>;
export const adminCreatorResponseSchema = z.object({ data: adminCreatorSchema });

/** What a creator sees of their own validation (getMe `validation`). */
export { creatorValidationStatusSchema, type CreatorValidationStatus } from './users.js';
