import { z } from 'zod';
import { adminDisputeBriefSchema, lineDeliverySchema } from './content-delivery.js';
import { checkoutQuoteSchema, promoCodeInputSchema } from './checkout.js';
import { contentTypes } from './content-types.js';
import { platforms } from './enums.js';
import { idSchema, keysetPageSchema, pageLimitSchema, safeText } from './primitives.js';
import { influencerCardSchema } from './discovery.js';
import { licenceQuoteSchema, licenceTermsOutputSchema, licenceTermsSchema } from './licences.js';
import {
  advertiserRequestFilters,
  contentRequestLineStates,
  creatorRequestFilters,
} from './workflows/content-request-line.js';
import { opportunityContentFilters } from './workflows/opportunity-application.js';

/**
 * Content requests (issue 10, spec §2 "Content request, 4 steps"): an advertiser picks creators,
 * describes the video, writes the script and pays the platform fee; each chosen creator gets a
 * line (`content_request_influencer_id`) that moves through `contentRequestLineProcess`.
 * Shapes fixed so other clients can rely on them; amounts in millimes, set by the server only.
 */

/** Video lengths a creator prices and an advertiser orders, in seconds (issue 10 §1). */
export const videoDurations = [15, 30, 60] as const;
export type VideoDuration = (typeof videoDurations)[number];

/** Video formats (aspect ratios) an advertiser may ask for. */
export const videoFormats = ['portrait', 'landscape', 'square'] as const;
export type VideoFormat = (typeof videoFormats)[number];

/** A request is a draft until its checkout is done; then its lines carry the state. */
export const contentRequestStatuses = ['draft', 'awaiting_payment', 'sent'] as const;
export type ContentRequestStatus = (typeof contentRequestStatuses)[number];

/** At most this many product images per request. */
export const PRODUCT_IMAGES_MAX = 5;

/**
 * Spec §9 time slots: every 30 minutes, 00:00 to 23:30 (12:30 included: DESIGN §4). A delivery
 * deadline is a date and one of these slots, in Tunisia's time (Africa/Tunis).
 */
export const timeSlots: readonly string[] = Array.from({ length: 48 }, (_, i) => {
  const hours = String(Math.floor(i / 2)).padStart(2, '0');
  return `${hours}:${i % 2 === 0 ? '00' : '30'}`;
});

export const contentRequestMessages = {
  selectCreator: 'Please select at least one creator to continue!',
  creatorsLimit: "You've reached the limit of creators allowed in a request.",
  scriptRequired: 'Please fill in the script!',
  scriptTooLong: 'You have reached the maximum numbers of characters.',
  requiredFields: 'Please fill in the required fields.',
  draftSaved: 'Request saved as draft successfully!',
  draftDeleted: 'Draft Deleted successfully!',
  sent: 'Your content request has been sent successfully!',
} as const;

/** A calendar date, `YYYY-MM-DD` (Tunisia's time where it is a deadline). */
export const isoDateSchema = z.iso.date({ error: 'The date is not valid' });
/** One of the spec's time slots (`timeSlots`). */
export const timeSlotSchema = z
  .string()
  .refine((slot) => timeSlots.includes(slot), 'Choose a time slot');
/** Platforms, each chosen once. */
export const platformListSchema = z
  .array(z.enum(platforms))
  .refine((list) => new Set(list).size === list.length, 'A platform is chosen only once');

/**
 * What a draft holds; every field optional while it is a draft (saved at any step). The
 * checkout checks that everything is there (`CONTENT_REQUEST_INCOMPLETE` names what is missing).
 * The script's maximum length is the business setting `script_max_length`, checked by the server.
 */
export const contentRequestDraftSchema = z.object({
  influencer_ids: z
    .array(idSchema)
    .max(100, contentRequestMessages.creatorsLimit)
    .refine((ids) => new Set(ids).size === ids.length, 'A creator is chosen only once')
    .optional(),
  title: safeText().trim().max(120, 'The title is at most 120 characters').optional(),
  content_type: z
    .enum(contentTypes.map((type) => type.key))
    .nullable()
    .optional(),
  video_duration: z
    .union(videoDurations.map((d) => z.literal(d)))
    .nullable()
    .optional(),
  format: z.enum(videoFormats).nullable().optional(),
  product_name: safeText().trim().max(120, 'The product name is at most 120 characters').optional(),
  description: safeText().trim().max(2000, 'The description is at most 2000 characters').optional(),
  platforms: platformListSchema.optional(),
  product_image_file_ids: z
    .array(idSchema)
    .max(PRODUCT_IMAGES_MAX, `At most ${PRODUCT_IMAGES_MAX} product images`)
    .optional(),
  /** Date (YYYY-MM-DD) and slot (HH:MM, spec §9) of the delivery deadline, Tunisia's time. */
  delivery_date: isoDateSchema.nullable().optional(),
  delivery_slot: timeSlotSchema.nullable().optional(),
  publishing_deadline: isoDateSchema.nullable().optional(),
  script: safeText().max(20_000, contentRequestMessages.scriptTooLong).optional(),
  /** The usage rights the request buys (issue 27 §1); null = the default terms. */
  licence: licenceTermsSchema.nullable().optional(),
});
export type ContentRequestDraftInput = z.input<typeof contentRequestDraftSchema>;

/**
 * `CR-000010`: a request's public reference, the one number people, the gateway, invoices,
 * notifications and payouts give it (its id, padded).
 */
export const contentRequestReference = (contentRequestId: number) =>
  `CR-${String(contentRequestId).padStart(6, '0')}`;

/** `CR-000010-1`: a creator's line in a request, by its place in the request (from 1). */
export const contentRequestLineReference = (contentRequestId: number, lineNumber: number) =>
  `${contentRequestReference(contentRequestId)}-${lineNumber}`;

/** A chosen creator as the advertiser sees them in their request. */
export const contentRequestCreatorSchema = z.object({
  influencer_id: z.number().int(),
  influencer_name: z.string(),
  profile_picture_url: z.string().nullable(),
  /**
   * Their price for the request's video length with the licence's add-ons (base + add-ons),
   * frozen once sent; null while no length.
   */
  price: z.number().int().nullable(),
  /**
   * How the price splits: the creator's base price and the licence's add-ons (issue 27 §1);
   * null while no length, and on lines sent before licences.
   */
  licence_price: licenceQuoteSchema.nullable(),
});

/** One line of a sent request, as its advertiser sees it. */
export const advertiserLineSchema = contentRequestCreatorSchema.extend({
  content_request_influencer_id: z.number().int(),
  /** The line's public reference, `CR-000010-1`. */
  reference: z.string(),
  status: z.enum(contentRequestLineStates),
  /** Why the creator declined (or why it was cancelled), when they said. */
  reason: z.string().nullable(),
  /** The content fee is reserved in the wallet (a ledger hold): creators see "funds secured". */
  funds_secured: z.boolean(),
  status_changed_at: z.string(),
  allowed_transitions: z.array(z.string()),
});
export type AdvertiserLine = z.infer<typeof advertiserLineSchema>;

export const contentRequestSchema = z.object({
  content_request_id: z.number().int(),
  /** The request's public reference, `CR-000010`. */
  reference: z.string(),
  status: z.enum(contentRequestStatuses),
  title: z.string(),
  content_type: z.string().nullable(),
  video_duration: z.number().int().nullable(),
  format: z.enum(videoFormats).nullable(),
  product_name: z.string(),
  description: z.string(),
  platforms: z.array(z.enum(platforms)),
  product_images: z.array(z.object({ file_id: z.number().int(), url: z.string() })),
  delivery_date: z.string().nullable(),
  delivery_slot: z.string().nullable(),
  /** The delivery deadline as an instant (ISO), once date and slot are set. */
  delivery_deadline: z.string().nullable(),
  publishing_deadline: z.string().nullable(),
  script: z.string(),
  /** The usage rights the request buys (the default terms on drafts saved before licences). */
  licence: licenceTermsOutputSchema,
  created_at: z.string(),
  updated_at: z.string(),
  sent_at: z.string().nullable(),
  /** Drafts: the chosen creators; sent requests: one line per creator. */
  creators: z.array(contentRequestCreatorSchema),
  lines: z.array(advertiserLineSchema),
});
export type ContentRequest = z.infer<typeof contentRequestSchema>;

export const contentRequestResponseSchema = z.object({ data: contentRequestSchema });

/**
 * GET /v2/content-requests/{id}/similar-creators: creators like those who let the request expire
 * or declined it, none of its own (issue 10 §5). Cards as discovery shows them.
 */
export const similarCreatorsResponseSchema = z.object({ data: z.array(influencerCardSchema) });

export const contentRequestListQuerySchema = z.object({
  /** `draft` lists drafts; the others filter sent requests by their lines' states (spec §4). */
  filter: z.enum([...advertiserRequestFilters, 'draft']).default('all'),
  /** Keyset pagination: the last `content_request_id` of the previous page. */
  before: idSchema.optional(),
  limit: pageLimitSchema,
});
export type ContentRequestListQuery = z.input<typeof contentRequestListQuerySchema>;

export const contentRequestListResponseSchema = keysetPageSchema(contentRequestSchema);

/** The checkout of a request (step 4): what is paid now, what is reserved, what is available. */
export const contentRequestQuoteBodySchema = z.object({ promo_code: promoCodeInputSchema });

export const contentRequestQuoteSchema = z.object({
  /** Paid now: the platform fee with VAT, stamp and promotion (ADR 015). */
  fee: checkoutQuoteSchema,
  /** The chosen creators' prices, paid when their video is approved (spec §9). */
  content_fees: z.array(contentRequestCreatorSchema),
  content_fees_total: z.number().int(),
  /** The wallet's available balance now. */
  wallet_available: z.number().int(),
  /** The wallet can pay the fee now. */
  wallet_covers_fee: z.boolean(),
  /** Paying from the wallet, the content fees are reserved too (the wallet covers fee + fees). */
  wallet_covers_content_fees: z.boolean(),
  /**
   * A payment of this request still open at the gateway (the payer went there and came back):
   * its page, to continue paying there. Paying by card again with the same price answers it.
   */
  open_payment: z
    .object({
      payment_id: z.number().int(),
      payment_url: z.string(),
      promo_code: z.string().nullable(),
      expires_at: z.string(),
    })
    .nullable(),
});
export type ContentRequestQuote = z.infer<typeof contentRequestQuoteSchema>;

export const contentRequestQuoteResponseSchema = z.object({ data: contentRequestQuoteSchema });

export const paymentMethods = ['wallet', 'gateway'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** POST …/checkout, with an `Idempotency-Key` header (DESIGN §7). */
export const contentRequestCheckoutBodySchema = z.object({
  method: z.enum(paymentMethods, { error: 'Choose how to pay' }),
  promo_code: promoCodeInputSchema,
});
export type ContentRequestCheckoutBody = z.input<typeof contentRequestCheckoutBodySchema>;

export const contentRequestCheckoutResponseSchema = z.object({
  data: z.object({
    content_request_id: z.number().int(),
    status: z.enum(contentRequestStatuses),
    /** Gateway: where to send the payer; wallet: null (the request is sent already). */
    payment_url: z.string().nullable(),
    payment_id: z.number().int().nullable(),
  }),
});

/** A line as its creator sees it: no other creator, no payment detail of the advertiser. */
/** Where a line came from (ADR 035): a content request, or an opportunity's approved application. */
export const lineSourceSchema = z.object({
  kind: z.enum(['content-request', 'opportunity']),
  /** The request's or the opportunity's id. */
  id: z.number().int(),
  /** The line's public reference, `CR-000010-1` or `OP-000010-1`. */
  reference: z.string(),
});

export type LineSource = z.infer<typeof lineSourceSchema>;

export const creatorLineSchema = z.object({
  content_request_influencer_id: z.number().int(),
  /** Null for an opportunity's line (`source` says where it came from). */
  content_request_id: z.number().int().nullable(),
  source: lineSourceSchema,
  /** The line's public reference, `CR-000010-1` (the advertiser's and the invoices' too). */
  reference: z.string(),
  status: z.enum(contentRequestLineStates),
  reason: z.string().nullable(),
  allowed_transitions: z.array(z.string()),
  /** The creator's price, frozen when the request was sent. */
  price: z.number().int(),
  funds_secured: z.boolean(),
  /** When the acceptance window closes (state `sent` only). */
  answer_by: z.string().nullable(),
  status_changed_at: z.string(),
  advertiser: z.object({
    /** Their user id: their measured figures (`GET /v2/reputation/advertisers/{id}`, issue 27 §2). */
    user_id: z.number().int(),
    name: z.string(),
    profile_picture_url: z.string().nullable(),
  }),
  title: z.string(),
  content_type: z.string().nullable(),
  video_duration: z.number().int(),
  format: z.enum(videoFormats).nullable(),
  product_name: z.string(),
  description: z.string(),
  platforms: z.array(z.enum(platforms)),
  product_images: z.array(z.object({ file_id: z.number().int(), url: z.string() })),
  delivery_deadline: z.string(),
  publishing_deadline: z.string().nullable(),
  script: z.string(),
  sent_at: z.string(),
});
export type CreatorLine = z.infer<typeof creatorLineSchema>;

export const creatorLineListQuerySchema = z.object({
  /** Accept Requests lists requests' lines; Track Content opportunities' (ADR 035). */
  source: z.enum(['content-request', 'opportunity']).default('content-request'),
  /** The requests' filter (source `content-request`). */
  filter: z.enum(creatorRequestFilters).default('all'),
  /** Spec §4 content status filter (source `opportunity`). */
  content_filter: z.enum(opportunityContentFilters).default('all'),
  before: idSchema.optional(),
  limit: pageLimitSchema,
});
export type CreatorLineListQuery = z.input<typeof creatorLineListQuerySchema>;

export const creatorLineListResponseSchema = keysetPageSchema(creatorLineSchema);

/**
 * `GET /v2/content-request-influencers/{id}`: the line for whoever asks — its creator gets the
 * creator's view, its advertiser the advertiser's (with the request around it).
 */
export const lineResponseSchema = z.object({
  data: z.union([
    creatorLineSchema.extend({ viewer: z.literal('creator'), ...lineDeliverySchema.shape }),
    advertiserLineSchema.extend({
      viewer: z.literal('advertiser'),
      /** Null for an opportunity's line (`source` says where it came from). */
      content_request_id: z.number().int().nullable(),
      source: lineSourceSchema,
      title: z.string(),
      /** What was asked for, whatever the source: the request's fields or the opportunity's brief. */
      brief: adminDisputeBriefSchema,
      ...lineDeliverySchema.shape,
    }),
  ]),
});

/** `POST /v2/content-request-influencers/{id}/transitions`. */
export const lineTransitionBodySchema = z.object({
  transition: safeText().trim().min(1, 'Choose what to do').max(40),
  /** Required by the transitions that say so (decline, debrief, …): shown to the other side. */
  reason: safeText().trim().max(1000, 'The reason is at most 1000 characters').optional(),
});
export type LineTransitionBody = z.input<typeof lineTransitionBodySchema>;

/** `GET /v2/content-requests/limits`: the business settings the request screens show. */
export const contentRequestLimitsResponseSchema = z.object({
  data: z.object({
    creators_per_request_max: z.number().int(),
    script_max_length: z.number().int(),
    platform_fee: z.number().int(),
    acceptance_window_hours: z.number().int(),
  }),
});
export type ContentRequestLimits = z.infer<typeof contentRequestLimitsResponseSchema>['data'];
