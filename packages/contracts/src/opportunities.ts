import { z } from 'zod';
import { contentTypes } from './content-types.js';
import {
  isoDateSchema,
  platformListSchema,
  PRODUCT_IMAGES_MAX,
  timeSlotSchema,
  videoDurations,
  videoFormats,
} from './content-requests.js';
import { videoPriceSchema } from './creator-prices.js';
import { platforms, sizeBands } from './enums.js';
import { idSchema, keysetPageSchema, pageLimitSchema, safeText } from './primitives.js';
import { opportunityFilters, opportunityStates } from './workflows/opportunity.js';

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
