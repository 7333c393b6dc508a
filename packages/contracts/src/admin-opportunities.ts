import { z } from 'zod';
import {
  applicationLabels,
  opportunityApplicationStates,
} from './workflows/opportunity-application.js';
import { contentRequestLineStates } from './workflows/content-request-line.js';
import {
  opportunityFilters,
  opportunityStates,
  opportunityStatesByFilter,
  type OpportunityState,
} from './workflows/opportunity.js';
import { platforms } from './enums.js';
import { opportunityVisibilities } from './opportunities.js';
import { idSchema, keysetPageSchema, pageLimitSchema, safeText } from './primitives.js';

/**
 * The product team's view of every opportunity (`/v2/admin/opportunities…`): the list by state
 * with a search, one opportunity with its applications and delivery lines, and the team's early
 * close (`admin_close`, workflows/opportunity.ts). Amounts in millimes.
 */

/**
 * The spec's status filter (§4, as the advertiser's list) plus the drafts and the opportunities
 * closed early, which the team also looks after. `all` is every opportunity past its draft.
 */
export const adminOpportunityFilters = [...opportunityFilters, 'draft', 'closed'] as const;
export type AdminOpportunityFilter = (typeof adminOpportunityFilters)[number];

/** The states a filter lists; null for `all` (every state but drafts and discarded ones). */
export function statesOfAdminOpportunityFilter(
  filter: AdminOpportunityFilter,
): readonly OpportunityState[] | null {
  if (filter === 'all') return null;
  if (filter === 'draft' || filter === 'closed') return [filter];
  return opportunityStatesByFilter[filter];
}

/** How long a search may be (a title is at most 120 characters). */
export const ADMIN_OPPORTUNITY_SEARCH_MAX = 120;

export const adminOpportunityListQuerySchema = z.object({
  filter: z.enum(adminOpportunityFilters).default('all'),
  /** Words of the title, or a reference (`OP-000010`, or its number). */
  search: safeText()
    .trim()
    .max(ADMIN_OPPORTUNITY_SEARCH_MAX, `At most ${ADMIN_OPPORTUNITY_SEARCH_MAX} characters`)
    .optional(),
  /** Keyset pagination: the last `content_opportunity_id` of the previous page. */
  before: idSchema.optional(),
  limit: pageLimitSchema,
});
export type AdminOpportunityListQuery = z.input<typeof adminOpportunityListQuerySchema>;

/** `OP-000010`, `op-10`, `OP10` or `10`: the id a search names, if it names one. */
export function opportunityIdOfReference(search: string): number | null {
  const match = /^(?:op-?)?0*(\d{1,9})$/i.exec(search.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id > 0 ? id : null;
}

/** One opportunity in the team's list. */
export const adminOpportunitySchema = z.object({
  content_opportunity_id: z.number().int(),
  /** `OP-000010`. */
  reference: z.string(),
  title: z.string(),
  state: z.enum(opportunityStates),
  /** Since when it is in its state. */
  entered_at: z.string(),
  visibility: z.enum(opportunityVisibilities),
  advertiser: z.object({ user_id: z.number().int(), name: z.string() }),
  spots: z.number().int().nullable(),
  spots_taken: z.number().int(),
  price_min: z.number().int().nullable(),
  price_max: z.number().int().nullable(),
  counts: z.object({
    interests: z.number().int(),
    applications: z.number().int(),
    /** Applications waiting for the advertiser's answer. */
    to_review: z.number().int(),
  }),
  created_at: z.string(),
  published_at: z.string().nullable(),
  application_deadline: z.string().nullable(),
  /** The delivery deadline as an instant (ISO). */
  delivery_deadline: z.string().nullable(),
  /** The steps the team may take on it now (`admin_close`), from the process. */
  allowed_transitions: z.array(z.string()),
});
export type AdminOpportunity = z.infer<typeof adminOpportunitySchema>;

export const adminOpportunityListResponseSchema = keysetPageSchema(adminOpportunitySchema);

/** An application as the team sees it on the opportunity's page. */
export const adminOpportunityApplicationSchema = z.object({
  content_opportunity_influencer_id: z.number().int(),
  state: z.enum(opportunityApplicationStates),
  /** The spec's label (accepted and approved / debriefed read the delivery line). */
  label: z.enum(applicationLabels),
  creator: z.object({ influencer_id: z.number().int(), name: z.string() }),
  price: z.number().int(),
  /** A debrief's or a decline's reason. */
  reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminOpportunityApplication = z.infer<typeof adminOpportunityApplicationSchema>;

/** A delivery line an accepted application opened (ADR 035). */
export const adminOpportunityLineSchema = z.object({
  content_request_influencer_id: z.number().int(),
  /** `OP-000010-1`. */
  reference: z.string(),
  state: z.enum(contentRequestLineStates),
  entered_at: z.string(),
  creator_name: z.string(),
  price: z.number().int(),
  /** The agreed price is held in the advertiser's wallet for it. */
  funds_secured: z.boolean(),
});
export type AdminOpportunityLine = z.infer<typeof adminOpportunityLineSchema>;

/** At most this many applications on the page, newest first (`counts.applications` tells all). */
export const ADMIN_OPPORTUNITY_APPLICATIONS_SHOWN = 200;

export const adminOpportunityDetailSchema = adminOpportunitySchema.extend({
  /** The reason given with the step that brought it to its state (a close's). */
  reason: z.string().nullable(),
  brief: z.string(),
  platforms: z.array(z.enum(platforms)),
  video_duration: z.number().int().nullable(),
  applications: z.array(adminOpportunityApplicationSchema),
  lines: z.array(adminOpportunityLineSchema),
});
export type AdminOpportunityDetail = z.infer<typeof adminOpportunityDetailSchema>;
export const adminOpportunityDetailResponseSchema = z.object({
  data: adminOpportunityDetailSchema,
});

/** The team's early close: the advertiser reads the reason. */
export const adminOpportunityCloseBodySchema = z.object({
  reason: safeText().trim().min(1, 'Give a reason').max(1000, 'At most 1000 characters'),
});
export type AdminOpportunityCloseBody = z.input<typeof adminOpportunityCloseBodySchema>;
