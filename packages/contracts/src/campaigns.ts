import { z } from 'zod';
import { isoDateSchema } from './content-requests.js';
import { formatMoney } from './money-format.js';
import {
  idParamSchema,
  idSchema,
  keysetPageSchema,
  pageLimitSchema,
  safeText,
} from './primitives.js';

/**
 * Campaigns (issue 24 §1, spec §3 "Campaign visibility", "Campaign goals"): an advertiser groups
 * content requests and opportunities under a goal, dates and a budget, and follows what they
 * cost. Money in millimes; dates are Tunisia's calendar days (`YYYY-MM-DD`).
 */

/** Spec §3: the goals, in the spec's order. The goal picks a campaign's headline figure. */
export const campaignGoals = [
  'traffic',
  'brand-awareness',
  'product-launch',
  'store-opening',
  'engagement',
  'purchases-sales',
  'lead-generation',
  'customer-loyalty',
  'app-install',
] as const;
export type CampaignGoal = (typeof campaignGoals)[number];

/**
 * Spec §3: private — the advertiser selects the creators (content requests); public — creators
 * apply (opportunities). It says how the campaign finds creators first; either kind can still
 * be attached to any campaign (the "mixed" performance page shows both).
 */
export const campaignVisibilities = ['private', 'public'] as const;
export type CampaignVisibility = (typeof campaignVisibilities)[number];

/** Where a campaign stands on Tunisia's calendar today. */
export const campaignPhases = ['upcoming', 'running', 'ended'] as const;
export type CampaignPhase = (typeof campaignPhases)[number];

/** What can be attached to a campaign. */
export const campaignItemKinds = ['content-request', 'opportunity'] as const;
export type CampaignItemKind = (typeof campaignItemKinds)[number];

export const CAMPAIGN_NAME_MAX = 120;
export const CAMPAIGN_BUDGET_MAX_MILLIMES = 10_000_000_000;
/** A campaign runs at most this long (two years), so a typo in a year is caught. */
export const CAMPAIGN_DAYS_MAX = 731;

export const campaignMessages = {
  created: 'Campaign created successfully!',
  saved: 'Campaign saved successfully!',
  deleted: 'Campaign deleted successfully!',
  attached: 'Added to the campaign.',
  detached: 'Removed from the campaign.',
  endBeforeStart: 'The end date must be on or after the start date.',
  tooLong: `A campaign lasts at most ${CAMPAIGN_DAYS_MAX} days.`,
} as const;

const budgetSchema = z
  .number({ error: 'The budget is required' })
  .int('The budget is a whole number of millimes')
  .min(1_000, `The budget is at least ${formatMoney(1_000, 'en')}`)
  .max(
    CAMPAIGN_BUDGET_MAX_MILLIMES,
    `The budget is at most ${formatMoney(CAMPAIGN_BUDGET_MAX_MILLIMES, 'en')}`,
  )
  .refine((amount) => amount % 1000 === 0, 'The budget is a whole number of dinars');

/** The page tracked links lead to (issue 24 §5): https, no credentials in it. */
const targetUrlSchema = safeText()
  .trim()
  .max(500, 'The link has at most 500 characters')
  .transform((value) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`))
  .pipe(
    z.url({
      protocol: /^https$/,
      hostname: z.regexes.domain,
      error: 'Give a valid https link, such as https://brand.tn/offer',
    }),
  )
  // No `user:pass@` before the host (the part up to the first "/", "?" or "#").
  .refine(
    (value) => !/^https:\/\/[^/?#]*@/i.test(value),
    'A link cannot carry a user name or password',
  );

/** Campaign days lie in these years (PostgreSQL has no year 0000). */
export const CAMPAIGN_YEARS = { min: 2000, max: 9999 } as const;
const campaignDateSchema = isoDateSchema.refine((value) => {
  const year = Number(value.slice(0, 4));
  return year >= CAMPAIGN_YEARS.min && year <= CAMPAIGN_YEARS.max;
}, `Give a date between the years ${CAMPAIGN_YEARS.min} and ${CAMPAIGN_YEARS.max}.`);

const dayCount = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

const campaignFields = {
  name: safeText()
    .trim()
    .min(1, 'The name is required')
    .max(CAMPAIGN_NAME_MAX, `The name has at most ${CAMPAIGN_NAME_MAX} characters`),
  goal: z.enum(campaignGoals, { error: 'Choose a goal' }),
  visibility: z.enum(campaignVisibilities, { error: 'Choose how creators join' }),
  starts_on: campaignDateSchema,
  ends_on: campaignDateSchema,
  budget: budgetSchema,
  target_url: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    targetUrlSchema.nullable().default(null),
  ),
};

function checkDates(body: { starts_on: string; ends_on: string }, ctx: z.RefinementCtx) {
  const days = dayCount(body.starts_on, body.ends_on);
  if (days < 0) {
    ctx.addIssue({ code: 'custom', path: ['ends_on'], message: campaignMessages.endBeforeStart });
  } else if (days >= CAMPAIGN_DAYS_MAX) {
    ctx.addIssue({ code: 'custom', path: ['ends_on'], message: campaignMessages.tooLong });
  }
}

/** `POST /v2/campaigns` and `PUT /v2/campaigns/{campaign_id}` (BRAND, AGENCY): every field. */
export const campaignBodySchema = z.strictObject(campaignFields).superRefine(checkDates);
export type CampaignBody = z.input<typeof campaignBodySchema>;
export type CampaignInput = z.output<typeof campaignBodySchema>;

export const campaignParamsSchema = idParamSchema('campaign_id');

/** `POST /v2/campaigns/{campaign_id}/items`: one request or opportunity of the advertiser. */
export const campaignItemBodySchema = z.strictObject({
  kind: z.enum(campaignItemKinds),
  id: idSchema,
});
export type CampaignItemBody = z.input<typeof campaignItemBodySchema>;

export const campaignItemParamsSchema = z.object({
  campaign_id: idSchema,
  kind: z.enum(campaignItemKinds),
  item_id: idSchema,
});

/** What a campaign has cost so far, from the ledger (issue 24 §1). */
export const campaignMoneySchema = z.object({
  budget: z.number().int(),
  /** Left the advertiser's wallet for good: platform fees, content fees paid. */
  spent: z.number().int(),
  /** Reserved in the wallet for content fees not paid yet. */
  committed: z.number().int(),
});
export type CampaignMoney = z.infer<typeof campaignMoneySchema>;

export const campaignSchema = z.object({
  campaign_id: z.number().int(),
  name: z.string(),
  goal: z.enum(campaignGoals),
  visibility: z.enum(campaignVisibilities),
  starts_on: z.string(),
  ends_on: z.string(),
  target_url: z.string().nullable(),
  phase: z.enum(campaignPhases),
  money: campaignMoneySchema,
  counts: z.object({
    content_requests: z.number().int(),
    opportunities: z.number().int(),
    deliveries: z.number().int(),
    published: z.number().int(),
  }),
  created_at: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

/** `GET /v2/campaigns`: the advertiser's campaigns, newest first. */
export const campaignListQuerySchema = z.object({
  before: idSchema.optional(),
  limit: pageLimitSchema,
});
export type CampaignListQuery = z.input<typeof campaignListQuerySchema>;
export const campaignListResponseSchema = keysetPageSchema(campaignSchema);
export type CampaignListResponse = z.infer<typeof campaignListResponseSchema>;

/** A request or an opportunity of a campaign, as its page lists it. */
export const campaignItemSchema = z.object({
  kind: z.enum(campaignItemKinds),
  id: z.number().int(),
  /** `CR-000010` or `OP-000010`. */
  reference: z.string(),
  title: z.string(),
  /** The request's status or the opportunity's state (the web words it). */
  status: z.string(),
  created_at: z.string(),
});
export type CampaignItem = z.infer<typeof campaignItemSchema>;

/** A delivery line of one of the campaign's requests or opportunities. */
export const campaignDeliverySchema = z.object({
  content_request_influencer_id: z.number().int(),
  kind: z.enum(campaignItemKinds),
  /** `CR-000010-1` or `OP-000010-1`. */
  reference: z.string(),
  title: z.string(),
  creator_name: z.string(),
  /** The line's state (`content-request-line` process). */
  state: z.string(),
  price: z.number().int(),
  /** Approved publication links. */
  published_links: z.number().int(),
});
export type CampaignDelivery = z.infer<typeof campaignDeliverySchema>;

export const campaignDetailSchema = campaignSchema.extend({
  items: z.array(campaignItemSchema),
  deliveries: z.array(campaignDeliverySchema),
});
export type CampaignDetail = z.infer<typeof campaignDetailSchema>;
export const campaignDetailResponseSchema = z.object({ data: campaignDetailSchema });
export type CampaignDetailResponse = z.infer<typeof campaignDetailResponseSchema>;

/** A request or opportunity the advertiser could attach, with the campaign it is in now. */
export const attachableItemSchema = campaignItemSchema.extend({
  campaign_id: z.number().int().nullable(),
  campaign_name: z.string().nullable(),
});
export type AttachableItem = z.infer<typeof attachableItemSchema>;
export const attachableItemsResponseSchema = z.object({ data: z.array(attachableItemSchema) });
export type AttachableItemsResponse = z.infer<typeof attachableItemsResponseSchema>;

/**
 * Where a campaign stands on `today` (Tunisia's calendar, `YYYY-MM-DD`): before its start,
 * between its dates (both included), after its end.
 */
export function campaignPhaseOn(
  campaign: { starts_on: string; ends_on: string },
  today: string,
): CampaignPhase {
  if (today < campaign.starts_on) return 'upcoming';
  if (today > campaign.ends_on) return 'ended';
  return 'running';
}
