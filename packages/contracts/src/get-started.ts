import { z } from 'zod';
import type { ContentRequestLineState } from './workflows/content-request-line.js';

/**
 * Get started for creators (issue 25 §4, spec §1 "onboarding stepper"): the four steps — Ideate,
 * Inspire, Create first content, Upload video — each done or not from what the creator really did,
 * with the ids the web needs to link each step to where it is done.
 */

export const getStartedStepIds = ['ideate', 'inspire', 'create', 'upload'] as const;
export type GetStartedStepId = (typeof getStartedStepIds)[number];

/** What the Get inspired page records when a creator opens it (a user click, `POST /user-click/create`). */
export const GET_INSPIRED_OPENED_CLICK = { module: 'get_inspired', click: 'open' } as const;

/** A line the creator accepted (or was assigned): the request was taken on. */
export const acceptedOrLaterLineStates = [
  'accepted',
  'submitted',
  'debriefed',
  'rejected',
  'disputed',
  'approved',
  'paid',
  'link_submitted',
  'link_declined',
  'completed',
  'closed',
] as const satisfies readonly ContentRequestLineState[];

/** A line whose creator has submitted a video at least once. */
export const videoSubmittedLineStates = [
  'submitted',
  'debriefed',
  'rejected',
  'disputed',
  'approved',
  'paid',
  'link_submitted',
  'link_declined',
  'completed',
  'closed',
] as const satisfies readonly ContentRequestLineState[];

/** A line waiting for the creator's video (first one, or a new one after a debrief). */
export const awaitingVideoLineStates = [
  'accepted',
  'debriefed',
] as const satisfies readonly ContentRequestLineState[];

/** The line a step links to: its page is `/make-content/{id}` or `/track-content/{id}`. */
export const getStartedLineSchema = z.object({
  content_request_influencer_id: z.number().int(),
  source: z.enum(['content-request', 'opportunity']),
});
export type GetStartedLine = z.infer<typeof getStartedLineSchema>;

export const getStartedSchema = z.object({
  ideate: z.object({
    done: z.boolean(),
    /** The profile form's required fields are all filled (`is_completed`). */
    profile_completed: z.boolean(),
    has_bio: z.boolean(),
    has_categories: z.boolean(),
  }),
  inspire: z.object({
    /** The creator opened Get inspired at least once. */
    done: z.boolean(),
  }),
  create: z.object({
    /** A request accepted or an application approved: a line accepted or further on. */
    done: z.boolean(),
  }),
  upload: z.object({
    /** A video submitted on some line. */
    done: z.boolean(),
    /** The oldest line waiting for a video, if any: where to upload next. */
    open_line: getStartedLineSchema.nullable(),
  }),
});
export type GetStarted = z.infer<typeof getStartedSchema>;

export const getStartedResponseSchema = z.object({ data: getStartedSchema });
