import {
  contentRequestLineProcess,
  SUBMISSION_REMINDER_HOURS_BEFORE,
  type ContentRequestLineState,
  type ContentRequestLineTransition,
} from '@clipmarket/contracts/workflows/content-request-line';
import type { Db, Tx } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { defineJob, type JobQueue } from '../../platform/jobs/job-queue.js';
import { systemActor, type Actor, type Workflow } from '../../platform/workflow/workflow.js';
import type { LedgerService } from '../ledger/index.js';
import { deliveryLines } from './content-requests.delivery-lines.js';
import type { ContentRequestsEvents } from './content-requests.events.js';
import {
  contentRequestsRepository as repository,
  type LineRow,
} from './content-requests.repository.js';

/** States in which a line's reserved content fee goes back to the wallet. */
export const RELEASING_STATES: readonly ContentRequestLineState[] = [
  'declined',
  'expired',
  'cancelled',
  // A rejection that stands (not disputed in time, or upheld by an admin): nothing is paid.
  'closed',
];

/**
 * Whether a line's content fee is reserved and still to be paid from the reservation: no longer
 * once paid (the creator's page then says it was paid, not that it will be).
 */
export const fundsSecured = (line: LineRow) =>
  line.holdId !== null && line.paidAt === null && !RELEASING_STATES.includes(line.state);

/** A line entering a state: the step that brought it there and who took it. */
export interface LineEntered {
  lineId: number;
  state: ContentRequestLineState;
  from: ContentRequestLineState;
  version: number;
  transition: ContentRequestLineTransition;
  actor: Actor;
}

/** Work done in the transaction of a line entering a state (after the process's own work). */
export type LineEnteredHook = (tx: Tx, entered: LineEntered) => Promise<void>;

/**
 * The owner a step's actor must be on a line: its creator for a TALENT, its advertiser for a
 * BRAND or AGENCY; none for the others (ADMIN and SYSTEM are checked by the engine by role).
 */
function ownerFor(line: LineRow, actor: Actor): number | null {
  if (actor.role === 'TALENT') return line.influencerUserId;
  if (actor.role === 'BRAND' || actor.role === 'AGENCY') return line.advertiserUserId;
  return null;
}

/**
 * The `content-request-line` process on its rows (ADR 012, 021): the store the engine locks and
 * saves lines with, the money and jobs of entering a state (a line ending unpaid releases its
 * hold; `accepted` arms the delivery deadline and its reminder), and the hooks the module's
 * other parts (review, payment, publication) add — each told the step and its actor.
 */
export function createLineProcess(deps: {
  db: Db;
  workflow: Workflow;
  events: EventBus<ContentRequestsEvents>;
  jobs: JobQueue;
  ledger: LedgerService;
}) {
  const { db, workflow, events } = deps;
  const hooks: LineEnteredHook[] = [];

  workflow.register(contentRequestLineProcess, {
    async lock(tx, lineId, { actor }) {
      const line = await repository.lockLine(tx, lineId);
      if (!line) return undefined;
      return { state: line.state, version: line.version, ownerUserId: ownerFor(line, actor) };
    },
    async save(tx, lineId, next, { transition, actor, from }) {
      await repository.updateLine(tx, lineId, {
        state: next.state,
        version: next.version,
        enteredAt: next.enteredAt,
        ...(next.reason ? { reason: next.reason } : {}),
      });
      const entered = { lineId, state: next.state, from, version: next.version, transition, actor };
      await onEntered(tx, entered);
      for (const hook of hooks) await hook(tx, entered);
    },
  });

  /** In the transition's transaction: a line that ends unpaid gives its hold back; accepted arms the deadline. */
  async function onEntered(tx: Tx, { lineId, state, version }: LineEntered) {
    const line = (await repository.findLine(tx, lineId))!;
    if (RELEASING_STATES.includes(state) && line.holdId !== null) {
      await deps.ledger.release(tx, {
        holdId: line.holdId,
        idempotencyKey: `line:${lineId}:${state}`,
      });
    }
    if (state === 'accepted') {
      const deadline = (await deliveryLines.describe(tx, lineId)).deliveryDeadline!;
      await events.stageJob(tx, expireDeliveryJob, { lineId, version }, { startAfter: deadline });
      const remindAt = deadline.getTime() - SUBMISSION_REMINDER_HOURS_BEFORE * 3_600_000;
      if (remindAt > Date.now()) {
        await events.stageJob(
          tx,
          submissionReminderJob,
          { lineId, version },
          { startAfter: new Date(remindAt) },
        );
      }
    }
  }

  const expireDeliveryJob = defineJob<{ lineId: number; version: number }>({
    name: 'content-request-expire-delivery',
    retryLimit: 5,
    handle: async ({ lineId, version }) => {
      await workflow.applyIfStill({
        process: contentRequestLineProcess,
        subjectId: lineId,
        transition: 'expire_delivery',
        actor: systemActor,
        expectedVersion: version,
      });
    },
  });

  /** A reminder armed for a state and version: nothing when the line has moved on. */
  function reminderJob(
    name: string,
    kind: 'acceptance' | 'submission',
    state: ContentRequestLineState,
  ) {
    return defineJob<{ lineId: number; version: number }>({
      name,
      retryLimit: 5,
      handle: async ({ lineId, version }) => {
        const line = await repository.findLine(db, lineId);
        if (!line || line.state !== state || line.version !== version) return;
        await events.emit(db, 'content-request-line.reminder', {
          lineId,
          kind,
          influencerUserId: line.influencerUserId,
        });
      },
    });
  }
  const acceptanceReminderJob = reminderJob(
    'content-request-acceptance-reminder',
    'acceptance',
    'sent',
  );
  const submissionReminderJob = reminderJob(
    'content-request-submission-reminder',
    'submission',
    'accepted',
  );
  for (const job of [expireDeliveryJob, acceptanceReminderJob, submissionReminderJob]) {
    deps.jobs.register(job);
  }

  return {
    /** Armed for each line a request sends, for the acceptance window's last hours. */
    acceptanceReminderJob,
    /** Calls `hook` in the transaction of every line entering a state. */
    onEntered(hook: LineEnteredHook) {
      hooks.push(hook);
    },
  };
}

export type LineProcess = ReturnType<typeof createLineProcess>;
