import { z } from 'zod';
import { licenceTermsOutputSchema, licenceTermsSchema } from './licences.js';
import { checkoutQuoteSchema, promoCodeInputSchema } from './checkout.js';
import { contentTypes } from './content-types.js';
import {
  isoDateSchema,
  paymentMethods,
  platformListSchema,
  PRODUCT_IMAGES_MAX,
  timeSlotSchema,
  videoDurations,
  videoFormats,
} from './content-requests.js';
import { videoPriceSchema } from './creator-prices.js';
import { platforms, sizeBands, type SizeBand } from './enums.js';
import { idSchema, keysetPageSchema, pageLimitSchema, safeText } from './primitives.js';
import { opportunityFilters, opportunityStates } from './workflows/opportunity.js';
import {
  applicationLabels,
  creatorOpportunityLabels,
  opportunityApplicationStates,
} from './workflows/opportunity-application.js';

/**
 * Opportunities (issue 23, spec §2 "Opportunity, 3 steps: info, brief, checkout"): an advertiser
 * publishes a brief that creators apply to; each accepted application becomes a delivery line.
 * Their processes are `workflows/opportunity.ts` and `workflows/opportunity-application.ts`.
 * Shapes fixed so other clients can rely on them; amounts in millimes.
 */

/** Spec §8 and §4 texts. */
export const opportunityMessages = {
  briefTooLong: 'You have reached the maximum numbers of characters.',
  requiredFields: 'Please fill in the required fields.',
  draftSaved: 'Opportunity saved as draft successfully!',
  draftDeleted: 'Draft Deleted successfully!',
  applicationSubmitted: 'Application has been submitted successfully!',
  applicationApproved: 'Application approved successfully!',
  applicationDebriefed: 'Application debriefed successfully!',
  applicationDeclined: 'Application declined successfully!',
  noApplications: "You haven't received any application yet!",
  acceptBrief: 'Please accept the brief and its deadlines to apply.',
  /** The price band's field error when its maximum is under the suggested prices. */
  priceBelowSuggested:
    'The maximum price is below what creators of these sizes usually ask for this video length.',
} as const;

/** Public: every validated creator who matches sees it. Private: only the invited creators. */
export const opportunityVisibilities = ['public', 'private'] as const;
export type OpportunityVisibility = (typeof opportunityVisibilities)[number];

export const SCREENING_QUESTIONS_MAX = 3;
export const CHECKLIST_ITEMS_MAX = 10;
export const OPPORTUNITY_SPOTS_MAX = 50;
export const INVITED_CREATORS_MAX = 100;

const unique = <T>(list: readonly T[]) => new Set(list).size === list.length;

/**
 * Step 1 (info) and step 2 (brief) of a draft: every field optional while it is a draft (saved
 * at any step); the checkout checks that everything is there. What holds between fields holds
 * whenever both are given: the price band's minimum is at most its maximum, and the application
 * deadline comes before the delivery, which comes before the publishing deadline (dates in
 * Tunisia's time). The brief's maximum length is the business setting `brief_max_length`,
 * checked by the server.
 */
export const opportunityDraftSchema = z
  .object({
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
    /** Where the video is published. */
    platforms: platformListSchema.optional(),
    /** The accounts a creator must have to apply. */
    creator_platforms: platformListSchema.optional(),
    category_ids: z
      .array(idSchema)
      .max(20)
      .refine(unique, 'A category is chosen only once')
      .optional(),
    /** ISO country code and cities (English names, as profiles store them) of the creators. */
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'Choose a country')
      .nullable()
      .optional(),
    cities: z.array(safeText().trim().min(1).max(80)).max(30).optional(),
    size_bands: z
      .array(z.enum(sizeBands.map((band) => band.value)))
      .refine(unique, 'A size is chosen only once')
      .optional(),
    spots: z
      .number()
      .int('The number of creators is a whole number')
      .min(1, 'At least one creator')
      .max(OPPORTUNITY_SPOTS_MAX, `At most ${OPPORTUNITY_SPOTS_MAX} creators`)
      .nullable()
      .optional(),
    /** The price band per video, whole dinars in millimes. */
    price_min: videoPriceSchema.nullable().optional(),
    price_max: videoPriceSchema.nullable().optional(),
    application_deadline: isoDateSchema.nullable().optional(),
    delivery_date: isoDateSchema.nullable().optional(),
    delivery_slot: timeSlotSchema.nullable().optional(),
    publishing_deadline: isoDateSchema.nullable().optional(),
    product_image_file_ids: z
      .array(idSchema)
      .max(PRODUCT_IMAGES_MAX, `At most ${PRODUCT_IMAGES_MAX} product images`)
      .optional(),
    /** A PDF brief (a media file of the advertiser). */
    attachment_file_id: idSchema.nullable().optional(),
    screening_questions: z
      .array(safeText().trim().min(1, 'A question cannot be empty').max(300))
      .max(SCREENING_QUESTIONS_MAX, `At most ${SCREENING_QUESTIONS_MAX} questions`)
      .optional(),
    visibility: z.enum(opportunityVisibilities).optional(),
    /** Private opportunities: the creators invited (influencer ids). */
    invited_influencer_ids: z
      .array(idSchema)
      .max(INVITED_CREATORS_MAX, `At most ${INVITED_CREATORS_MAX} creators`)
      .refine(unique, 'A creator is invited only once')
      .optional(),
    brief: safeText().max(20_000, opportunityMessages.briefTooLong).optional(),
    /** What the video must show, one line each. */
    checklist: z
      .array(safeText().trim().min(1, 'A checklist line cannot be empty').max(200))
      .max(CHECKLIST_ITEMS_MAX, `At most ${CHECKLIST_ITEMS_MAX} checklist lines`)
      .optional(),
    /** The usage rights the opportunity buys (issue 27 §1); null = the default terms. */
    licence: licenceTermsSchema.nullable().optional(),
  })
  .superRefine((draft, context) => {
    if (draft.price_min != null && draft.price_max != null && draft.price_min > draft.price_max) {
      context.addIssue({
        code: 'custom',
        path: ['price_max'],
        message: 'The maximum price is at least the minimum',
      });
    }
    const ordered: Array<[keyof typeof draft, string | null | undefined]> = [
      ['application_deadline', draft.application_deadline],
      ['delivery_date', draft.delivery_date],
      ['publishing_deadline', draft.publishing_deadline],
    ];
    const given = ordered.filter((entry): entry is [keyof typeof draft, string] => !!entry[1]);
    for (let i = 1; i < given.length; i += 1) {
      const [field, date] = given[i]!;
      const [previousField, previous] = given[i - 1]!;
      // ISO dates compare as text.
      if (date < previous) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: `This date comes after the ${String(previousField).replace(/_/g, ' ')}`,
        });
      }
    }
  });
export type OpportunityDraftInput = z.input<typeof opportunityDraftSchema>;

/** `OP-000010`: an opportunity's public reference (its id, padded), as `CR-` for requests. */
export const opportunityReference = (opportunityId: number) =>
  `OP-${String(opportunityId).padStart(6, '0')}`;

/**
 * A creator's application (issue 23 §3): a price inside the opportunity's band (checked by the
 * server against the band), a pitch, optionally one of their approved videos, the answers to the
 * screening questions in their order, and the explicit acceptance of the brief and deadlines.
 */
export const applicationBodySchema = z.object({
  price: videoPriceSchema,
  pitch: safeText()
    .trim()
    .min(1, 'Tell the advertiser why you fit')
    .max(2000, 'The pitch is at most 2000 characters'),
  /** A delivery line of theirs whose video was approved, shown as a sample. */
  sample_line_id: idSchema.nullable().optional(),
  answers: z
    .array(safeText().trim().min(1, 'Answer every question').max(1000))
    .max(SCREENING_QUESTIONS_MAX),
  accepts_brief: z.literal(true, { error: opportunityMessages.acceptBrief }),
});
export type ApplicationBody = z.input<typeof applicationBodySchema>;

/** The advertiser's answer to an application; debriefs and declines say why. */
export const applicationDecisionBodySchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('accept') }),
  z.object({
    decision: z.enum(['debrief', 'decline']),
    reason: safeText().trim().min(1, 'Give a reason').max(1000),
  }),
]);
export type ApplicationDecisionBody = z.input<typeof applicationDecisionBodySchema>;

/** An opportunity as its advertiser sees it (the draft's fields, its state, its spots). */
export const opportunitySchema = z.object({
  content_opportunity_id: z.number().int(),
  /** The opportunity's public reference, `OP-000010`. */
  reference: z.string(),
  state: z.enum(opportunityStates),
  title: z.string(),
  content_type: z.string().nullable(),
  video_duration: z.number().int().nullable(),
  format: z.enum(videoFormats).nullable(),
  platforms: z.array(z.enum(platforms)),
  creator_platforms: z.array(z.enum(platforms)),
  category_ids: z.array(z.number().int()),
  country: z.string().nullable(),
  cities: z.array(z.string()),
  size_bands: z.array(z.enum(sizeBands.map((band) => band.value))),
  spots: z.number().int().nullable(),
  spots_taken: z.number().int(),
  price_min: z.number().int().nullable(),
  price_max: z.number().int().nullable(),
  application_deadline: z.string().nullable(),
  delivery_date: z.string().nullable(),
  delivery_slot: z.string().nullable(),
  /** The delivery deadline as an instant (ISO), once date and slot are set. */
  delivery_deadline: z.string().nullable(),
  publishing_deadline: z.string().nullable(),
  product_image_file_ids: z.array(z.number().int()),
  attachment_file_id: z.number().int().nullable(),
  screening_questions: z.array(z.string()),
  visibility: z.enum(opportunityVisibilities),
  invited_influencer_ids: z.array(z.number().int()),
  brief: z.string(),
  checklist: z.array(z.string()),
  /** The usage rights it buys (the default terms on drafts saved before licences). */
  licence: licenceTermsOutputSchema,
  created_at: z.string(),
  updated_at: z.string(),
  published_at: z.string().nullable(),
});
export type Opportunity = z.infer<typeof opportunitySchema>;

export const opportunityResponseSchema = z.object({ data: opportunitySchema });

export const opportunityListQuerySchema = z.object({
  /** `draft` lists drafts; the others are the spec's status filter (`all`: every published one). */
  filter: z.enum([...opportunityFilters, 'draft']).default('all'),
  /** Keyset pagination: the last `content_opportunity_id` of the previous page. */
  before: idSchema.optional(),
  limit: pageLimitSchema,
});
export type OpportunityListQuery = z.input<typeof opportunityListQuerySchema>;

export const opportunityListResponseSchema = keysetPageSchema(opportunitySchema);

/** The advertiser's counts on each opportunity of their list (spec: interests, applications). */
export const opportunityCountsSchema = z.object({
  interests: z.number().int(),
  applications: z.number().int(),
  /** Applications waiting for the advertiser's answer. */
  to_review: z.number().int(),
});

export const opportunityWithCountsSchema = opportunitySchema.extend({
  counts: opportunityCountsSchema,
});
export type OpportunityWithCounts = z.infer<typeof opportunityWithCountsSchema>;

export const opportunityWithCountsListResponseSchema = keysetPageSchema(
  opportunityWithCountsSchema,
);

/**
 * Step 3, the checkout (spec §9): the platform fee with VAT, stamp and promotion, paid from the
 * wallet or through the gateway; nothing else is paid now (each creator's price is held when
 * their application is approved).
 */
export const opportunityQuoteSchema = z.object({
  fee: checkoutQuoteSchema,
  wallet_available: z.number().int(),
  wallet_covers_fee: z.boolean(),
  /** A gateway payment of this draft still open (the payer went there and came back). */
  open_payment: z
    .object({
      payment_id: z.number().int(),
      payment_url: z.string(),
      promo_code: z.string().nullable(),
      expires_at: z.string(),
    })
    .nullable(),
});
export type OpportunityQuote = z.infer<typeof opportunityQuoteSchema>;
export const opportunityQuoteResponseSchema = z.object({ data: opportunityQuoteSchema });
export const opportunityQuoteQuerySchema = z.object({ promo_code: promoCodeInputSchema });

/** POST …/checkout, with an `Idempotency-Key` header (DESIGN §7). */
export const opportunityCheckoutBodySchema = z.object({
  method: z.enum(paymentMethods, { error: 'Choose how to pay' }),
  promo_code: promoCodeInputSchema,
});
export type OpportunityCheckoutBody = z.input<typeof opportunityCheckoutBodySchema>;

export const opportunityCheckoutResponseSchema = z.object({
  data: z.object({
    content_opportunity_id: z.number().int(),
    /** `live` once paid from the wallet; `draft` while a gateway payment is open. */
    state: z.enum(opportunityStates),
    /** Gateway: where to send the payer; wallet: null (the opportunity is live already). */
    payment_url: z.string().nullable(),
    payment_id: z.number().int().nullable(),
  }),
});

/** The advertiser as creators see them on a card. */
export const opportunityAdvertiserSchema = z.object({
  /** Their user id: their measured figures (`GET /v2/reputation/advertisers?ids=…`, issue 27 §2). */
  user_id: z.number().int(),
  name: z.string(),
  /** Median hours from an application to the advertiser's answer, over their answered ones. */
  median_answer_hours: z.number().nullable(),
});

/** The caller's application to an opportunity, on the creator's cards. */
export const ownApplicationSummarySchema = z.object({
  content_opportunity_influencer_id: z.number().int(),
  state: z.enum(opportunityApplicationStates),
  label: z.enum(applicationLabels),
  created_at: z.string(),
});

/**
 * Spec §3 opportunity card as a creator sees it in Discover Opportunities: deadlines,
 * platforms, creator platforms, price band, spots left, the advertiser and how fast they answer.
 */
export const opportunityCardSchema = z.object({
  content_opportunity_id: z.number().int(),
  reference: z.string(),
  title: z.string(),
  content_type: z.string().nullable(),
  video_duration: z.number().int().nullable(),
  format: z.enum(videoFormats).nullable(),
  platforms: z.array(z.enum(platforms)),
  creator_platforms: z.array(z.enum(platforms)),
  category_ids: z.array(z.number().int()),
  country: z.string().nullable(),
  cities: z.array(z.string()),
  visibility: z.enum(opportunityVisibilities),
  spots_left: z.number().int(),
  price_min: z.number().int(),
  price_max: z.number().int(),
  application_deadline: z.string(),
  delivery_deadline: z.string().nullable(),
  publishing_deadline: z.string().nullable(),
  published_at: z.string().nullable(),
  has_attachment: z.boolean(),
  advertiser: opportunityAdvertiserSchema,
  /** Whether the caller opened "learn more" already. */
  interested: z.boolean(),
  application: ownApplicationSummarySchema.nullable(),
  /** Spec §4 opportunity label for the caller: published, accepted, expired, declined. */
  label: z.enum(creatorOpportunityLabels).nullable(),
});
export type OpportunityCard = z.infer<typeof opportunityCardSchema>;

/** "Learn more": the card and the brief (recorded as the caller's interest). */
export const opportunityDetailSchema = opportunityCardSchema.extend({
  brief: z.string(),
  checklist: z.array(z.string()),
  screening_questions: z.array(z.string()),
  /** The PDF brief, readable by the creators who may see the opportunity. */
  attachment_file_id: z.number().int().nullable(),
  product_image_file_ids: z.array(z.number().int()),
  /**
   * The usage rights it buys (issue 27 §1) and what they add to the creator's price at their
   * own rates: the add-ons' rate (basis points) and their amount on the band's ends (millimes).
   */
  licence: z.object({
    terms: licenceTermsOutputSchema,
    add_on_basis_points: z.number().int(),
    add_on_min: z.number().int(),
    add_on_max: z.number().int(),
  }),
});
export type OpportunityDetail = z.infer<typeof opportunityDetailSchema>;
export const opportunityDetailResponseSchema = z.object({ data: opportunityDetailSchema });

export const discoverySorts = ['newest', 'best_paid'] as const;

const idListParam = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'A comma-separated list of ids')
  .transform((value) => value.split(',').map(Number))
  .optional();

/**
 * Spec §3 campaign filter for creators (categories, country, cities, start and end date, min and
 * max price), newest or best paid first, keyset paged with an opaque `cursor`. Start and end
 * dates bound the application deadline. Only what the caller matches is listed: their country,
 * city, size band and platforms, or an invitation.
 */
export const discoverOpportunitiesQuerySchema = z.object({
  category_ids: idListParam,
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  cities: z
    .string()
    .max(800)
    .transform((value) => value.split(',').filter(Boolean))
    .optional(),
  start_date: isoDateSchema.optional(),
  end_date: isoDateSchema.optional(),
  min_price: z.coerce.number().int().min(0).optional(),
  max_price: z.coerce.number().int().min(0).optional(),
  sort: z.enum(discoverySorts).default('newest'),
  cursor: z
    .string()
    .regex(/^\d+(:\d+)?$/)
    .optional(),
  limit: pageLimitSchema,
});
export type DiscoverOpportunitiesQuery = z.input<typeof discoverOpportunitiesQuerySchema>;

export const opportunityCardPageSchema = z.object({
  data: z.array(opportunityCardSchema),
  next_cursor: z.string().nullable(),
});

/** A figure of the creator's audience, with where it comes from and when it was measured. */
export const audienceFigureSchema = z.object({
  platform: z.enum(platforms),
  followers: z.number().int().nullable(),
  engagement_rate: z.number().nullable(),
  source: z.string(),
  measured_at: z.string().nullable(),
});

/**
 * An application as its opportunity's advertiser compares it (issue 23 §4): the price, the
 * pitch, the answers, and the creator's public figures — never their private data.
 */
export const applicationSchema = z.object({
  content_opportunity_influencer_id: z.number().int(),
  content_opportunity_id: z.number().int(),
  state: z.enum(opportunityApplicationStates),
  label: z.enum(applicationLabels),
  reason: z.string().nullable(),
  price: z.number().int(),
  pitch: z.string(),
  answers: z.array(z.string()),
  sample_line_id: z.number().int().nullable(),
  debriefs_used: z.number().int(),
  /** The delivery line an accepted application became. */
  line: z.object({ content_request_influencer_id: z.number().int(), state: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  creator: z.object({
    influencer_id: z.number().int(),
    name: z.string(),
    city: z.string().nullable(),
    profile_file_id: z.number().int().nullable(),
    audience: z.array(audienceFigureSchema),
    /** Mean of the advertisers' ratings of their delivered videos, 1–5. */
    rating: z.number().nullable(),
    ratings: z.number().int(),
    /** Share of their finished deliveries submitted by the deadline, 0–1. */
    on_time_rate: z.number().nullable(),
    deliveries: z.number().int(),
  }),
});
export type Application = z.infer<typeof applicationSchema>;

export const applicationFilters = ['all', 'under_review', 'accepted', 'declined'] as const;
export const applicationSorts = ['newest', 'price_low', 'price_high', 'rating'] as const;

export const applicationListQuerySchema = z.object({
  filter: z.enum(applicationFilters).default('all'),
  sort: z.enum(applicationSorts).default('newest'),
  cursor: z
    .string()
    .regex(/^\d+(:\d+)?$/)
    .optional(),
  limit: pageLimitSchema,
});
export type ApplicationListQuery = z.input<typeof applicationListQuerySchema>;

export const applicationPageSchema = z.object({
  data: z.array(applicationSchema),
  next_cursor: z.string().nullable(),
});
export const applicationResponseSchema = z.object({ data: applicationSchema });

/**
 * `GET …/applications/{id}/approval-payment`: what approving an application under review
 * takes from the wallet, and, when the wallet does not cover it, what is missing — the amount a
 * card payment brings into the wallet before the price is held (spec §4 "from the wallet; when
 * the wallet does not cover it, through the checkout"). Amounts in millimes.
 */
export const approvalQuoteSchema = z.object({
  price: z.number().int(),
  wallet_available: z.number().int(),
  wallet_covers: z.boolean(),
  /** price − wallet_available, 0 when the wallet covers the price. */
  missing: z.number().int(),
});
export type ApprovalQuote = z.infer<typeof approvalQuoteSchema>;
export const approvalQuoteResponseSchema = z.object({ data: approvalQuoteSchema });

/**
 * `POST …/applications/{id}/approval-payment` (with an `Idempotency-Key`): a card payment of
 * what the wallet is missing; once paid, the application is approved in the payment's
 * transaction. Pressed again while its session is open for the same amount, the same payment.
 */
export const approvalPaymentResponseSchema = z.object({
  data: z.object({
    payment_id: z.number().int(),
    payment_url: z.string(),
    amount: z.number().int(),
  }),
});
export type ApprovalPayment = z.infer<typeof approvalPaymentResponseSchema>['data'];

/** A creator who opened "learn more" (the advertiser's interests page). */
export const interestSchema = z.object({
  influencer_id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  profile_file_id: z.number().int().nullable(),
  created_at: z.string(),
  applied: z.boolean(),
});
export const interestListResponseSchema = z.object({ data: z.array(interestSchema) });

/** The creator's own application (Track Opportunities), with its opportunity's card. */
export const ownApplicationSchema = z.object({
  content_opportunity_influencer_id: z.number().int(),
  state: z.enum(opportunityApplicationStates),
  label: z.enum(applicationLabels),
  reason: z.string().nullable(),
  price: z.number().int(),
  pitch: z.string(),
  answers: z.array(z.string()),
  sample_line_id: z.number().int().nullable(),
  /** Whether the advertiser may still ask for a revision (one debrief per application). */
  debriefs_used: z.number().int(),
  line: z
    .object({
      content_request_influencer_id: z.number().int(),
      state: z.string(),
      /** The content fee is held in the ledger for this line ("funds secured"). */
      funds_secured: z.boolean(),
    })
    .nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  opportunity: opportunityCardSchema,
});
export type OwnApplication = z.infer<typeof ownApplicationSchema>;
export const ownApplicationResponseSchema = z.object({ data: ownApplicationSchema });
export const ownApplicationListQuerySchema = z.object({
  before: idSchema.optional(),
  limit: pageLimitSchema,
});
export const ownApplicationListResponseSchema = keysetPageSchema(ownApplicationSchema);

/** After a debrief, the creator sends another price or pitch. */
export const applicationRevisionBodySchema = z.object({
  price: videoPriceSchema,
  pitch: applicationBodySchema.shape.pitch,
});

/** `GET /v2/opportunities/limits`: the business settings the publishing screens show. */
const bandPricesSchema = z.object(
  Object.fromEntries(sizeBands.map((band) => [band.value, z.number().int()])) as Record<
    SizeBand,
    z.ZodNumber
  >,
);

export const opportunityLimitsResponseSchema = z.object({
  data: z.object({
    brief_max_length: z.number().int(),
    platform_fee: z.number().int(),
    application_answer_window_days: z.number().int(),
    /**
     * The suggested prices grid (`suggested-prices.ts`): per video length, each creator size's
     * usual price in millimes. Step 1 shows the chosen sizes' range under the price band, whose
     * maximum may not be under its lowest (PRICE_BELOW_SUGGESTED at the checkout).
     */
    suggested_prices: z.object({
      '15': bandPricesSchema,
      '30': bandPricesSchema,
      '60': bandPricesSchema,
    }),
  }),
});
export type OpportunityLimits = z.infer<typeof opportunityLimitsResponseSchema>['data'];
