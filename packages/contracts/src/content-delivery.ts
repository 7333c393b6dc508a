import { z } from 'zod';
import { platforms } from './enums.js';
import { licenceSummarySchema } from './licence-lifecycle.js';
import { keysetPageSchema, pageLimitSchema, safeText } from './primitives.js';
import { contentRequestLineStates } from './workflows/content-request-line.js';

/**
 * Content delivery (issue 11, spec §2 "Manage content, 2 steps: review, pay", §3 feedback reasons,
 * §4, §5, §8): the creator's video on a request line (`content_request_influencer_id`), uploaded
 * with the tus protocol, made into a watermarked preview, reviewed by the advertiser (approve,
 * debrief, reject), paid (the HD original then downloadable), published (links checked by the
 * team), disputed. Amounts in millimes, set by the server only.
 */

// ---- Videos ----

/** Spec §5: the video types a creator may upload (checked by content with ffprobe, not by name). */
export const videoExtensions = ['mp4', 'avi', 'mkv', 'mov', 'hevc', 'h264'] as const;

/** The tus endpoint (issue 11 §1); each upload's `Upload-Metadata` carries `videoUploadMetadata`. */
export const VIDEO_UPLOAD_PATH = '/v2/content-videos/uploads';

/**
 * `Upload-Metadata` of a video upload (tus: base64 values, strings here): the line it is for,
 * the file's name and type as the browser saw them, and the promotional-use consent ("true").
 */
export const videoUploadMetadataSchema = z.object({
  content_request_influencer_id: z.string().regex(/^\d{1,10}$/, 'Unknown request'),
  filename: safeText().max(255).default('video'),
  filetype: safeText().max(100).optional(),
  consent: z.literal('true', { error: 'consent' }),
});

/** Spec §5 and §8 texts; `{limit}` is the real limit in MB (DESIGN §4). */
export const contentDeliveryMessages = {
  invalidVideoType: 'Invalid file type. Allowed types are: mp4, avi, mkv, mov, hevc, h264',
  videoTooLarge: 'File too large. The maximum file size allowed for video uploads is {limit} MB.',
  videoTooLong:
    'This video is much longer than the length ordered ({ordered} s): at most {limit} s is accepted.',
  resolutionTooHigh: 'This video’s resolution is above 4K: send it in 4K (3840 × 2160) or less.',
  uploadLimitReached:
    'You have too many unfinished uploads ({count}, {megabytes} MB in all): finish or cancel one first.',
  consentRequired: 'Please accept the conditions of the video by checking the box above.',
  videoSubmitted: 'Video submitted successfully!',
  cannotDeleteVideo: 'Sorry you cannot delete your {product} script video',
  noContentYet: "The creator didn't send content yet!",
  feesPaid: 'Fees paid successfully!',
  linksSubmitted: 'Links submitted and waiting for review',
} as const;

/** A video's processing (issue 11 §2): probe done at upload, then the preview is made in a job. */
export const videoStatuses = ['processing', 'ready', 'failed'] as const;
export type VideoStatus = (typeof videoStatuses)[number];

/**
 * Why processing failed, as a code each screen translates: `unreadable` (ffmpeg found the file
 * damaged or incomplete), `not_processed` (it failed on every retry).
 */
export const videoFailureReasons = ['unreadable', 'not_processed'] as const;
export type VideoFailureReason = (typeof videoFailureReasons)[number];

/** One uploaded version of the line's video, as either party sees it (never the original's key). */
export const contentVideoSchema = z.object({
  video_id: z.number().int(),
  /** 1, 2, … in upload order on the line: a debrief asks for the next version. */
  version: z.number().int(),
  status: z.enum(videoStatuses),
  /** Why processing failed (shown to the creator and the advertiser, translated). */
  failure_reason: z.enum(videoFailureReasons).nullable(),
  original_name: z.string(),
  size_bytes: z.number().int(),
  duration_seconds: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Short-lived signed URLs for the viewer (null until ready). */
  poster_url: z.string().nullable(),
  preview_url: z.string().nullable(),
  /**
   * The original itself, to play without the watermark (spec §4: payment removes it): only for
   * the line's advertiser once its content fee is paid, and for admins; null for anyone else.
   */
  original_url: z.string().nullable(),
  /** The original's media type (the player falls back to the preview when it cannot play it). */
  original_type: z.string().nullable(),
  created_at: z.string(),
});
export type ContentVideo = z.infer<typeof contentVideoSchema>;

/** `GET /v2/content-request-influencers/{id}/videos`: newest version first. */
export const contentVideoListResponseSchema = z.object({ data: z.array(contentVideoSchema) });

/** `GET /v2/content-request-influencers/{id}/videos/{video_id}/original`: after payment only. */
export const originalLinkResponseSchema = z.object({
  data: z.object({ url: z.string(), expires_at: z.string(), file_name: z.string() }),
});

/** `GET /v2/content-videos/limits`: what the upload screen tells before a file is chosen. */
export const videoLimitsResponseSchema = z.object({
  data: z.object({ max_bytes: z.number().int(), extensions: z.array(z.string()) }),
});

// ---- Review (spec §3 feedback reasons) ----

export const positiveFeedbackReasons = [
  'creativity',
  'brief_compliance',
  'on_time_submission',
  'brand_aligned',
  'storytelling',
  'engaging_script',
  'expressive',
  'production_quality',
  'format_and_length',
] as const;
export const negativeFeedbackReasons = [
  'lack_of_creativity',
  'script_and_storytelling',
  'tone',
  'brand_visibility',
  'video_sound_quality',
  'format_and_length',
  'late_delivery',
  'lack_of_social_presence',
  'limited_spots',
] as const;

export const reviewDecisions = ['approve', 'debrief', 'reject'] as const;
export type ReviewDecision = (typeof reviewDecisions)[number];

const comment = safeText().trim().max(2000, 'The comment is at most 2000 characters');
const reasonsOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(z.enum(values))
    .max(values.length)
    .refine((list) => new Set(list).size === list.length, 'A reason is chosen only once');

// ---- Revision notes (issue 27 §3: frame-accurate notes placed when debriefing) ----

/** At most this many notes per debrief. */
export const REVISION_NOTES_MAX = 20;
/** A note's text is at most this long (trimmed). */
export const REVISION_NOTE_MAX_LENGTH = 500;

/** The English texts of a refused note (the API's messages; the web translates the same rules). */
export const revisionNoteMessages = {
  timeNegative: 'A note’s time cannot be before the start of the video',
  timePastEnd: 'This note is past the end of the video ({duration})',
  noteRequired: 'Write the note',
  noteTooLong: `A note is at most ${REVISION_NOTE_MAX_LENGTH} characters`,
  regionOutside: 'The region must lie inside the frame',
  tooMany: `At most ${REVISION_NOTES_MAX} notes per revision`,
} as const;

const fraction = z
  .number()
  .min(0, revisionNoteMessages.regionOutside)
  .max(1, revisionNoteMessages.regionOutside);

/**
 * A region of the frame as fractions of its width and height (0–1, from the top-left corner in
 * the video's own coordinates, whatever the page's direction); it lies wholly inside the frame.
 */
export const revisionNoteRegionSchema = z
  .object({ x: fraction, y: fraction, width: fraction, height: fraction })
  .refine(
    // A tolerance for the sums of floats: 0.7 + 0.3 is 1.0000000000000002.
    (region) => region.x + region.width <= 1 + 1e-9 && region.y + region.height <= 1 + 1e-9,
    { message: revisionNoteMessages.regionOutside },
  );
export type RevisionNoteRegion = z.infer<typeof revisionNoteRegionSchema>;

/**
 * One note placed on the reviewed version's timeline: milliseconds from the start (at most the
 * version's duration, checked by the API against the probed `duration_seconds`), the note and
 * optionally the region of the frame it is about.
 */
export const revisionNoteInputSchema = z.object({
  time_ms: z
    .number()
    .int()
    .min(0, revisionNoteMessages.timeNegative)
    .max(24 * 3_600_000, revisionNoteMessages.timePastEnd.replace(' ({duration})', '')),
  note: safeText()
    .trim()
    .min(1, revisionNoteMessages.noteRequired)
    .max(REVISION_NOTE_MAX_LENGTH, revisionNoteMessages.noteTooLong),
  region: revisionNoteRegionSchema.nullish(),
});
export type RevisionNoteInput = z.input<typeof revisionNoteInputSchema>;

/** A debrief's notes: none to `REVISION_NOTES_MAX`. */
export const revisionNotesSchema = z
  .array(revisionNoteInputSchema)
  .max(REVISION_NOTES_MAX, revisionNoteMessages.tooMany);

/**
 * A time code as `m:ss.t` (minutes, seconds, tenths; tenths cut, not rounded, so a note never
 * reads past where it is), in Latin digits like every figure of the app: 7_449 → `0:07.4`.
 */
export function formatTimeCode(ms: number): string {
  const tenths = Math.floor(Math.max(0, ms) / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${minutes}:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
}

/** The greatest time a note may have on a version `durationSeconds` long, in milliseconds. */
export const noteTimeLimitMs = (durationSeconds: number) => Math.ceil(durationSeconds * 1000);

/**
 * A note as both parties read it (in the line's delivery): the version it is about, where, what,
 * and when the creator ticked it as addressed (null until then).
 */
export const revisionNoteSchema = z.object({
  id: z.number().int(),
  video_version: z.number().int(),
  time_ms: z.number().int(),
  note: z.string(),
  region: z
    .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
    .nullable(),
  addressed_at: z.string().nullable(),
  created_at: z.string(),
});
export type RevisionNote = z.infer<typeof revisionNoteSchema>;

/** `PUT /v2/content-request-influencers/{id}/revision-notes/{note_id}` (the line's creator). */
export const revisionNoteAddressedBodySchema = z.object({
  addressed: z.boolean({ error: 'Say whether the note is addressed' }),
});

export const revisionNoteResponseSchema = z.object({ data: revisionNoteSchema });

/** `POST /v2/content-request-influencers/{id}/review` (the line's advertiser, state `submitted`). */
export const reviewBodySchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approve'),
    feedback_reasons: reasonsOf(positiveFeedbackReasons).default([]),
    rating: z.number().int().min(1, 'Rate from 1 to 5').max(5, 'Rate from 1 to 5'),
    comment: comment.optional(),
  }),
  z.object({
    decision: z.literal('debrief'),
    feedback_reasons: reasonsOf(negativeFeedbackReasons).min(1, 'Choose at least one reason'),
    comment: comment.min(1, 'Tell the creator what to change'),
    /** Issue 27 §3: points on the reviewed version's timeline, for the next version. */
    notes: revisionNotesSchema.default([]),
  }),
  z.object({
    decision: z.literal('reject'),
    feedback_reasons: reasonsOf(negativeFeedbackReasons).min(1, 'Choose at least one reason'),
    comment: comment.min(1, 'Tell the creator what to change'),
  }),
]);
export type ReviewBody = z.input<typeof reviewBodySchema>;

/** One review of one version: what the creator reads and the advertiser wrote. */
export const feedbackSchema = z.object({
  decision: z.enum([...reviewDecisions, 'auto_approve']),
  feedback_reasons: z.array(z.string()),
  rating: z.number().int().nullable(),
  comment: z.string().nullable(),
  video_version: z.number().int().nullable(),
  created_at: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

// ---- Payment of the content fee (spec §4: approval → payment → HD) ----

export const contentPaymentMethods = ['wallet', 'gateway'] as const;

/** `POST /v2/content-request-influencers/{id}/payment` with an `Idempotency-Key` (DESIGN §7). */
export const contentPaymentBodySchema = z.object({
  method: z.enum(contentPaymentMethods, { error: 'Choose how to pay' }),
});

/** `GET …/payment`: what paying the line costs and how it can be paid. */
export const contentPaymentQuoteResponseSchema = z.object({
  data: z.object({
    content_fee: z.number().int(),
    /** The fee was reserved at sending: paying captures it, nothing else is taken. */
    funds_secured: z.boolean(),
    wallet_available: z.number().int(),
    wallet_covers: z.boolean(),
  }),
});

export const contentPaymentResponseSchema = z.object({
  data: z.object({
    status: z.enum(['paid', 'awaiting_payment']),
    /** The gateway's page; null when paid already (reserved funds or wallet). */
    payment_url: z.string().nullable(),
  }),
});

// ---- Publication (spec §4: links approved by the product team) ----

export const linkStates = ['submitted', 'approved', 'declined'] as const;
export type LinkState = (typeof linkStates)[number];

type Platform = (typeof platforms)[number];

/** The WHATWG URL of Node and browsers (the contracts compile without DOM or Node types). */
declare const URL: new (input: string) => {
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  port: string;
};

/**
 * The hosts a post's link may name, per platform: an Instagram post is on instagram.com, a
 * TikTok one on tiktok.com or its short-link hosts. Any other host is refused (the team would
 * otherwise open links to anywhere).
 */
export const publicationLinkHosts = {
  instagram: ['instagram.com', 'www.instagram.com', 'm.instagram.com'],
  tiktok: ['tiktok.com', 'www.tiktok.com', 'm.tiktok.com', 'vm.tiktok.com', 'vt.tiktok.com'],
} as const satisfies Record<Platform, readonly string[]>;

/**
 * Why a post's link is refused, as a code each screen translates: `invalid` (not an https
 * address, or one with a port), `credentials` (a `user:pass@` part), `wrong_platform` (a host
 * that is not the platform's, e.g. a TikTok link given as the Instagram one).
 */
export const publicationLinkProblems = ['invalid', 'credentials', 'wrong_platform'] as const;
export type PublicationLinkProblem = (typeof publicationLinkProblems)[number];

/** The English texts of the problems (the API's messages; the web translates the code). */
export const publicationLinkMessages: Record<PublicationLinkProblem, string> = {
  invalid: 'Paste the https link of your post',
  credentials: 'A link to a post holds no user name or password',
  wrong_platform: 'This is not a link of your {platform} post: it is on {host}',
};

/** The problem of a post's link on `platform`, or null when it is acceptable. */
export function publicationLinkProblem(
  platform: Platform,
  url: string,
): PublicationLinkProblem | null {
  let parsed: InstanceType<typeof URL>;
  try {
    parsed = new URL(url.trim());
  } catch {
    return 'invalid';
  }
  if (parsed.protocol !== 'https:' || parsed.port !== '') return 'invalid';
  if (parsed.username !== '' || parsed.password !== '') return 'credentials';
  const hosts: readonly string[] = publicationLinkHosts[platform];
  return hosts.includes(parsed.hostname.toLowerCase()) ? null : 'wrong_platform';
}

/** The English message of a link's problem, naming the platform and the host given. */
export function publicationLinkMessage(
  problem: PublicationLinkProblem,
  platform: Platform,
  url: string,
): string {
  let host = '';
  try {
    host = new URL(url.trim()).hostname;
  } catch {
    // An unreadable link has no host: its message names none.
  }
  return publicationLinkMessages[problem]
    .replace('{platform}', platform === 'instagram' ? 'Instagram' : 'TikTok')
    .replace('{host}', host);
}

/** A public post of the video on one of the request's platforms, on that platform's host. */
export const publicationLinkInputSchema = z
  .object({
    platform: z.enum(platforms),
    url: safeText().trim().max(500, 'The link is at most 500 characters'),
  })
  .superRefine((link, ctx) => {
    const problem = publicationLinkProblem(link.platform, link.url);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        path: ['url'],
        message: publicationLinkMessage(problem, link.platform, link.url),
        params: { problem },
      });
    }
  });

/** `POST /v2/content-request-influencers/{id}/links` (creator, state `paid` or `link_declined`). */
export const publicationLinksBodySchema = z.object({
  links: z
    .array(publicationLinkInputSchema)
    .min(1, 'Add the link of your post')
    .max(platforms.length)
    .refine(
      (links) => new Set(links.map((l) => l.platform)).size === links.length,
      'One link per platform',
    ),
});
export type PublicationLinksBody = z.input<typeof publicationLinksBodySchema>;

export const publicationLinkSchema = z.object({
  link_id: z.number().int(),
  platform: z.enum(platforms),
  url: z.string(),
  state: z.enum(linkStates),
  reason: z.string().nullable(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
});
export type PublicationLink = z.infer<typeof publicationLinkSchema>;

/** `POST /v2/admin/publications/links/{link_id}`: the team's decision on one link. */
export const linkDecisionBodySchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approve') }),
  z.object({
    decision: z.literal('decline'),
    reason: safeText().trim().min(1, 'Say why the link is declined').max(1000),
  }),
]);

// ---- Disputes (a creator contests a rejection; an admin settles) ----

/** `POST /v2/admin/disputes/{content_request_influencer_id}`. */
export const disputeDecisionBodySchema = z.discriminatedUnion('decision', [
  /** The creator is right: the line is approved and the advertiser pays. */
  z.object({ decision: z.literal('approve'), reason: safeText().trim().max(1000).optional() }),
  /** The rejection stands: the line is closed and the reserved fee goes back. */
  z.object({
    decision: z.literal('uphold'),
    reason: safeText().trim().min(1, 'Say why the rejection stands').max(1000),
  }),
]);

// ---- What a line adds in part 2 (both views of `GET /v2/content-request-influencers/{id}`) ----

/** A creator's dispute of a rejection as both parties read it (from the line's history). */
export const lineDisputeSchema = z.object({
  /** The creator's words. */
  reason: z.string().nullable(),
  opened_at: z.string(),
  /** `for_creator`: the video is approved (the fee due or captured); `for_advertiser`: closed. */
  outcome: z.enum(['for_creator', 'for_advertiser']).nullable(),
  /** The team's reason, when given. */
  decision_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type LineDispute = z.infer<typeof lineDisputeSchema>;

export const lineDeliverySchema = z.object({
  videos: z.array(contentVideoSchema),
  feedback: z.array(feedbackSchema),
  /**
   * Issue 27 §3: the debriefs' notes on each version's timeline, by version then time; the
   * creator ticks them as addressed, the advertiser sees the ticks.
   */
  revision_notes: z.array(revisionNoteSchema),
  links: z.array(publicationLinkSchema),
  revisions_used: z.number().int(),
  revision_cap: z.number().int(),
  /** When a submitted video is approved automatically if not reviewed. */
  review_due_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** When the creator is paid (payout delay after the advertiser paid). */
  expected_payout_at: z.string().nullable(),
  /**
   * How the fee was paid once paid: `reserved_funds` (the fee reserved at sending, captured by
   * an approval: the advertiser's, the timer's or the team's after a dispute) or `payment` (the
   * advertiser paid it from the wallet or by card); null until paid.
   */
  paid_from: z.enum(['reserved_funds', 'payment']).nullable(),
  /** The creator's dispute of a rejection, with the team's decision once taken; null if none. */
  dispute: lineDisputeSchema.nullable(),
  /**
   * The advertiser allowed the creator to show the published video in their media kit and in
   * Get inspired (issue 25); false until they do.
   */
  showcase_allowed: z.boolean(),
  /**
   * The creator allowed showing the published video in Get inspired (issue 25 §3); it shows
   * there only while `showcase_allowed` is on too. False until the creator turns it on.
   */
  creator_showcase_allowed: z.boolean(),
  /**
   * The line's usage licence (issue 27 §1): its state, term, expiry and renewal price; null on
   * lines sold before licences existed (no term frozen). Not `licence`: the advertiser's line
   * already names the price split of its licence so (`contentRequestCreatorSchema`).
   */
  usage_licence: licenceSummarySchema.nullable(),
});
export type LineDelivery = z.infer<typeof lineDeliverySchema>;

// ---- Admin queues of publication links and disputes (issue 11 §5, §7) ----

/** `GET /v2/admin/publications` and `GET /v2/admin/disputes`: oldest first, keyset on id. */
export const adminQueueQuerySchema = z.object({
  after: z.coerce.number().int().positive().optional(),
  limit: pageLimitSchema,
});
export type AdminQueueQuery = z.input<typeof adminQueueQuerySchema>;

/** One link waiting for the team's decision, with what it needs to be checked. */
export const adminPublicationLinkSchema = z.object({
  link_id: z.number().int(),
  content_request_influencer_id: z.number().int(),
  /** Null for an opportunity's line (its reference names the opportunity). */
  content_request_id: z.number().int().nullable(),
  /** The line's public reference, `CR-000010-1` (an opportunity's: `OP-000010-1`). */
  reference: z.string(),
  title: z.string(),
  creator_name: z.string(),
  advertiser_name: z.string(),
  platform: z.enum(platforms),
  url: z.string(),
  submitted_at: z.string(),
  publishing_deadline: z.string().nullable(),
});
export type AdminPublicationLink = z.infer<typeof adminPublicationLinkSchema>;

export const adminPublicationListResponseSchema = z.object({
  data: z.array(adminPublicationLinkSchema),
  /** Pass as `after` for the next page; null on the last one. */
  next_after: z.number().int().nullable(),
});

/** `POST /v2/admin/publications/links/{link_id}`: the link after the decision, and its line's state. */
export const linkDecisionResponseSchema = z.object({
  data: z.object({
    link: publicationLinkSchema,
    content_request_influencer_id: z.number().int(),
    line_state: z.string(),
  }),
});

/** One recorded step of a line's workflow (`workflow_audit`), as admins read it. */
export const lineHistoryEntrySchema = z.object({
  transition: z.string(),
  from_state: z.string(),
  to_state: z.string(),
  /** `TALENT`, `BRAND`, `AGENCY`, `ADMIN` or `SYSTEM` (timers and payments). */
  actor_role: z.string(),
  reason: z.string().nullable(),
  at: z.string(),
});
export type LineHistoryEntry = z.infer<typeof lineHistoryEntrySchema>;

/** The request's brief as its creator received it. */
export const adminDisputeBriefSchema = z.object({
  content_type: z.string().nullable(),
  video_duration: z.number().int().nullable(),
  format: z.string().nullable(),
  product_name: z.string().nullable(),
  description: z.string().nullable(),
  platforms: z.array(z.enum(platforms)),
  delivery_deadline: z.string().nullable(),
  publishing_deadline: z.string().nullable(),
  script: z.string().nullable(),
});

/** One disputed line: the advertiser's rejection and the creator's answer. */
export const adminDisputeSchema = z.object({
  content_request_influencer_id: z.number().int(),
  /** Null for an opportunity's line (its reference names the opportunity). */
  content_request_id: z.number().int().nullable(),
  /** The opportunity of an opportunity's line; null for a request's. */
  content_opportunity_id: z.number().int().nullable(),
  /** The line's public reference, `CR-000010-1` (an opportunity's: `OP-000010-1`). */
  reference: z.string(),
  /** Its request's (or opportunity's) public reference, `CR-000010` (`OP-000010`). */
  request_reference: z.string(),
  title: z.string(),
  creator_name: z.string(),
  advertiser_name: z.string(),
  price: z.number().int(),
  /** The advertiser's rejection (its reasons and comment; null when none was recorded). */
  rejection: z
    .object({
      feedback_reasons: z.array(z.string()),
      comment: z.string().nullable(),
      created_at: z.string(),
    })
    .nullable(),
  /** The creator's reason for the dispute. */
  dispute_reason: z.string().nullable(),
  disputed_at: z.string(),
  /** The newest video of the line (the previews are read through the videos routes). */
  video_id: z.number().int().nullable(),
  /** Every version of the line's video, newest first, signed for the admin (original included). */
  videos: z.array(contentVideoSchema),
  /** What the advertiser asked for: the brief and the script the video is judged against. */
  brief: adminDisputeBriefSchema,
  /** The line's history, oldest first: every step of its workflow, who took it and why. */
  history: z.array(lineHistoryEntrySchema),
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;

export const adminDisputeListResponseSchema = z.object({
  data: z.array(adminDisputeSchema),
  /** Pass as `after` for the next page; null on the last one. */
  next_after: z.number().int().nullable(),
});

/** `POST /v2/admin/disputes/{content_request_influencer_id}`: the line's state after the decision. */
export const disputeDecisionResponseSchema = z.object({
  data: z.object({
    content_request_influencer_id: z.number().int(),
    line_state: z.string(),
  }),
});

/**
 * `/admin/content-requests` (ADMIN): every creator's line of the sent content requests, to see
 * where each stands and step in when one is stuck. `open`: not ended yet; `ended`: declined,
 * expired, cancelled, completed or closed; `all`. Newest first (`before` a line id).
 */
export const adminLineFilters = ['open', 'ended', 'all'] as const;
export type AdminLineFilter = (typeof adminLineFilters)[number];

export const adminLineListQuerySchema = z.object({
  filter: z.enum(adminLineFilters).default('open'),
  /** One request's lines only (a dispute links to its request). */
  content_request_id: z.coerce.number().int().positive().optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: pageLimitSchema,
});
export type AdminLineListQuery = z.input<typeof adminLineListQuerySchema>;

export const adminLineSchema = z.object({
  content_request_influencer_id: z.number().int(),
  /** Null for an opportunity's line (its reference names the opportunity). */
  content_request_id: z.number().int().nullable(),
  /** The line's public reference, `CR-000010-1` (an opportunity's: `OP-000010-1`). */
  reference: z.string(),
  title: z.string(),
  advertiser_name: z.string(),
  creator_name: z.string(),
  /** The line's state (the content-request-line process). */
  state: z.enum(contentRequestLineStates),
  /** Since when the line is in its state. */
  entered_at: z.string(),
  price: z.number().int(),
  delivery_deadline: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type AdminLine = z.infer<typeof adminLineSchema>;

export const adminLineListResponseSchema = keysetPageSchema(adminLineSchema);
