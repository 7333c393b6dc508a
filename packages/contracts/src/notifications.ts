import { z } from 'zod';

// The limits carry no zod, so the web's first download can use them without zod.
export * from './notification-limits.js';
import { NOTIFICATIONS_MAX_PAGE_SIZE, NOTIFICATIONS_PAGE_SIZE } from './notification-limits.js';
import { idSchema, safeText } from './primitives.js';

export const notificationStatuses = ['Not read', 'Read'] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

export const notificationColours = ['Purple', 'Pink', 'Black', 'transparent'] as const;
export type NotificationColour = (typeof notificationColours)[number];

/** Which picture an item shows (spec §2): the talent's, the brand's, a product image, or none. */
export const notificationImageKinds = ['talent', 'brand', 'product', 'none'] as const;
export type NotificationImageKind = (typeof notificationImageKinds)[number];

/** What `module_item_id` points to is decided per template (see its redirection). */
export const notificationModules = [
  'content_request',
  'content_opportunity',
  'payment',
  'account',
  /** The advertiser's campaigns (issue 24 §6: the weekly summary). */
  'campaign',
] as const;
export type NotificationModule = (typeof notificationModules)[number];

/** Placeholders a template message or redirection may contain. */
export const notificationPlaceholders = [
  'request_name',
  /** The request line's public reference, `CR-000010-1` (after `request_name`). */
  'request_reference',
  'opportunity_name',
  'brand_name',
  'talent_name',
  'module_item_id',
  'collaboration_id',
  'payment_delay_days',
  /** Why an admin rejected a creator account (account_rejected). */
  'reason',
  /** How many creator accounts wait for validation (creators_pending_validation). */
  'waiting_count',
  /** Accounts and transactions the ledger's reconciliation found off (ledger_out_of_balance). */
  'account_count',
  'transaction_count',
  /** Instagram or TikTok (a publication's figures, issue 24). */
  'platform_name',
  /** A media kit's views and PDF downloads of the past week (media_kit_weekly_views, issue 25). */
  'view_count',
  'download_count',
  /** A usage licence's end (`YYYY-MM-DD`, Tunisia) and the days left to it (issue 27 §1). */
  'expiry_date',
  'days_left',
] as const;
export type NotificationPlaceholder = (typeof notificationPlaceholders)[number];

/** Values filled into a template; anything missing renders as an empty string. */
export const notificationParamsSchema = z.record(
  safeText().min(1).max(64),
  z.union([safeText().max(500), z.number()]),
);
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

const efileRefSchema = z.object({ token: z.string(), file_extension: z.string() });

export const notificationItemSchema = z.object({
  notification_hash: z.string(),
  notification_status: z.enum(notificationStatuses),
  notification_module: z.string(),
  notification_type: z.string(),
  module_item_id: z.number().int().nullable(),
  collaboration_id: z.number().int().nullable(),
  /** The receiver's influencer_id or advertiser_id (user id for admins). */
  receiver_id: z.number().int(),
  sender_role: z.string().nullable(),
  sender_id: z.number().int().nullable(),
  created_at: z.string(),
  sender: z
    .object({
      ig_username: z.string().nullable(),
      first_name: z.string().nullable(),
      last_name: z.string().nullable(),
      name: z.string().nullable(),
      efile: efileRefSchema.nullable(),
    })
    .nullable(),
  content_request: z.object({ content_request_title: z.string() }).nullable(),
  content_opportunity: z.object({ content_opportunity_title: z.string() }).nullable(),
  /** A product picture attached to the notification (image kind "product"). */
  file: z.object({ efile: efileRefSchema, event_id: z.number().int().nullable() }).nullable(),
  /** Message in the caller's language with its placeholders filled. */
  content: z.string(),
  /** Path inside the web app to open on click. */
  redirection: z.string(),
  /** Tabler icon name, without the `Icon` prefix (e.g. `circle-check`). */
  icon: z.string(),
  colour: z.enum(notificationColours),
  image_kind: z.enum(notificationImageKinds),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** GET /v2/notifications?page={n}&limit=8 */
export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATIONS_MAX_PAGE_SIZE)
    .default(NOTIFICATIONS_PAGE_SIZE),
  /** Interface language; wins over Accept-Language and the stored user language. */
  lang: z.enum(['en', 'fr', 'tn']).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = z.object({
  data: z.array(notificationItemSchema),
  attributes: z.object({
    /** Unread notifications of the caller (the bell's counter). */
    count: z.number().int(),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

export const notificationHashParamsSchema = z.object({
  hash: safeText().min(1).max(128),
});

/** GET /v2/notification/:hash/read */
export const notificationReadResponseSchema = z.object({
  data: z.object({
    notification_hash: z.string(),
    notification_status: z.literal('Read'),
    redirection: z.string(),
  }),
});
export type NotificationReadResponse = z.infer<typeof notificationReadResponseSchema>;

export const notificationDeleteResponseSchema = z.object({
  data: z.object({ notification_hash: z.string(), deleted: z.literal(true) }),
});

/** POST /v2/notifications/test (ADMIN only): creates one notification for a user. */
export const notificationTestBodySchema = z.object({
  user_id: idSchema,
  type: safeText().min(1).max(80),
  /** Defaults to the module of the type in the catalogue. */
  module: safeText().min(1).max(40).optional(),
  module_item_id: idSchema.optional(),
  collaboration_id: idSchema.optional(),
  /** A user shown as the sender (their picture and name); none for system notifications. */
  sender_user_id: idSchema.optional(),
  params: notificationParamsSchema.optional(),
});
export type NotificationTestBody = z.infer<typeof notificationTestBodySchema>;

export const notificationTestResponseSchema = z.object({
  data: z.object({ notification_hash: z.string() }),
});
