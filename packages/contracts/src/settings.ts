import { z } from 'zod';
import {
  businessSettingKeys,
  businessSettingUnits,
  checkBusinessSettingValue,
  type BusinessSettingKey,
  type BusinessSettingValues,
} from './business-settings.js';

/**
 * Admin API of the business settings (ADR 011): `GET /v2/admin/settings`,
 * `PUT /v2/admin/settings/{key}`, `GET /v2/admin/settings/audit`. The definitions (units,
 * defaults, bounds) are zod-free in `business-settings.ts`.
 */

export const businessSettingKeySchema = z.enum(businessSettingKeys);

/** Any text here: an unknown key is a 404 from the service, not a validation error. */
export const businessSettingParamsSchema = z.strictObject({
  key: z.string().min(1).max(100),
});
export type BusinessSettingParams = z.infer<typeof businessSettingParamsSchema>;

/** The body's shape; the value's bounds depend on the key (`createBusinessSettingValueSchema`). */
export const updateBusinessSettingBodySchema = z.strictObject({
  value: z.number({ error: 'value must be a number' }),
});
export type UpdateBusinessSettingBody = z.infer<typeof updateBusinessSettingBodySchema>;

/**
 * The value one setting accepts, with the message that states its bounds; `current` adds the
 * paired bounds (wallet pack minimum ≤ maximum). The API checks with this; an admin form can too.
 */
export function createBusinessSettingValueSchema(
  key: BusinessSettingKey,
  current?: Partial<BusinessSettingValues>,
) {
  return z.number().superRefine((value, context) => {
    const problem = checkBusinessSettingValue(key, value, current);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}

export const businessSettingSchema = z.object({
  key: businessSettingKeySchema,
  unit: z.enum(businessSettingUnits),
  /** The value in force: the admin's override, else the default. */
  value: z.number().int(),
  default: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
  is_default: z.boolean(),
  /** Null while no admin has changed the setting. */
  updated_at: z.string().nullable(),
  updated_by_user_id: z.number().int().nullable(),
});
export type BusinessSetting = z.infer<typeof businessSettingSchema>;

export const businessSettingsResponseSchema = z.object({ data: z.array(businessSettingSchema) });
export type BusinessSettingsResponse = z.infer<typeof businessSettingsResponseSchema>;
export const businessSettingResponseSchema = z.object({ data: businessSettingSchema });

export const BUSINESS_SETTINGS_AUDIT_PAGE_SIZE = 50;
export const BUSINESS_SETTINGS_AUDIT_MAX_PAGE_SIZE = 200;

/** Recent changes, newest first; `before_id` pages on (the previous page's `next_before_id`). */
export const businessSettingsAuditQuerySchema = z.strictObject({
  key: businessSettingKeySchema.optional(),
  before_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(BUSINESS_SETTINGS_AUDIT_MAX_PAGE_SIZE)
    .default(BUSINESS_SETTINGS_AUDIT_PAGE_SIZE),
});
export type BusinessSettingsAuditQuery = z.input<typeof businessSettingsAuditQuerySchema>;

export const businessSettingChangeSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  /** The value in force before the change (the default when none had been set). */
  old_value: z.number().nullable(),
  new_value: z.number(),
  changed_by_user_id: z.number().int(),
  changed_at: z.string(),
});
export type BusinessSettingChange = z.infer<typeof businessSettingChangeSchema>;

export const businessSettingsAuditResponseSchema = z.object({
  data: z.object({
    items: z.array(businessSettingChangeSchema),
    next_before_id: z.number().int().nullable(),
  }),
});
export type BusinessSettingsAuditResponse = z.infer<typeof businessSettingsAuditResponseSchema>;
