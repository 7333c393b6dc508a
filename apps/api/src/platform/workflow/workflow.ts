import {
  allowedTransitions,
  type ProcessDefinition,
  type TimerDelay,
  type WorkflowActor,
} from '@clipmarket/contracts/workflow';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../db/client.js';
import { inTransaction } from '../db/transaction.js';
import type { EventBus } from '../events/event-bus.js';
import { AppError, forbidden, notFound } from '../http/errors.js';
import { defineJob, type JobQueue, type Logger } from '../jobs/job-queue.js';
import { workflowAudit } from './workflow.schema.js';

/**
 * Applies the processes of `packages/contracts` (ADR 012). The module that owns a process's
 * rows hands in a store (lock + save on its own table); the engine checks the actor, the state
 * and the ownership, saves the new state, writes the audit row and emits the events, all in
 * one transaction; it arms the target state's timers after commit, through the outbox.
 */

export interface SubjectSnapshot<S extends string> {
  state: S;
  /** Bumped by every transition: timers armed for an older version do nothing. */
  version: number;
  /** The user a TALENT/BRAND/AGENCY actor must be to act on it; null if none may. */
  ownerUserId: number | null;
}

export type Actor = { role: WorkflowActor; userId: number | null };
export const systemActor: Actor = { role: 'SYSTEM', userId: null };

/**
 * The step being taken, handed to the store with the subject: who takes it and which one, so a
 * store answers the owner for this actor and its hooks know what moved the subject (never an
 * ambient flag).
 */
export interface TransitionContext<T extends string = string> {
  transition: T;
  actor: Actor;
}

export interface SubjectStore<S extends string, T extends string = string> {
  /**
   * Locks the subject's row for the rest of the transaction (SELECT … FOR UPDATE) and answers
   * its snapshot, its owner being the user `context.actor` must be to take the step.
   */
  lock(
    tx: Tx,
    subjectId: number,
    context: TransitionContext<T>,
  ): Promise<SubjectSnapshot<S> | undefined>;
  /** Saves the new state; `context` says which step from which state brought it. */
  save(
    tx: Tx,
    subjectId: number,
    next: { state: S; version: number; enteredAt: Date; reason: string | null },
    context: TransitionContext<T> & { from: S },
  ): Promise<void>;
}

export interface TransitionRequest<S extends string, T extends string> {
  process: ProcessDefinition<S, T>;
  subjectId: number;
  transition: T;
  actor: Actor;
  reason?: string | null;
  /** Timers pass the version they were armed for: a subject that has moved on is left alone. */
  expectedVersion?: number;
}

export interface TransitionResult<S extends string, T extends string> {
  subjectId: number;
  transition: T;
  from: S;
  to: S;
  version: number;
  at: Date;
}

/** One recorded step of a subject (`workflow_audit`). */
export interface WorkflowStep<S extends string = string, T extends string = string> {
  transition: T;
  from: S;
  to: S;
  actor: Actor;
  reason: string | null;
  at: Date;
}

export interface WorkflowEvents {
  'workflow.transitioned': {
    process: string;
    subjectId: number;
    transition: string;
    from: string;
    to: string;
    version: number;
    at: string;
    actorRole: WorkflowActor;
    actorUserId: number | null;
    reason: string | null;
  };
}

export class InvalidTransitionError extends AppError {
  constructor(process: string, transition: string, state: string) {
    super(
      'INVALID_TRANSITION',
      `“${transition}” is not possible while the ${process} is ${state}.`,
    );
  }
}

interface TimerPayload {
  process: string;
  subjectId: number;
  transition: string;
  version: number;
}

export type Workflow = ReturnType<typeof createWorkflow>;

export function createWorkflow(deps: {
  db: Db;
  events: EventBus<WorkflowEvents>;
  jobs: JobQueue;
  log: Logger;
  /** Reads a duration setting in hours (timers with `settingHours`). */
  readSettingHours(key: string): Promise<number>;
}) {
  const registered = new Map<
    string,
    { process: ProcessDefinition<string, string>; store: SubjectStore<string, string> }
  >();

  const timerJob = defineJob<TimerPayload>({
    name: 'workflow-timer',
    retryLimit: 5,
    async handle(timer) {
      const entry = registered.get(timer.process);
      if (!entry) return;
      await workflow.applyIfStill({
        process: entry.process,
        subjectId: timer.subjectId,
        transition: timer.transition,
        actor: systemActor,
        expectedVersion: timer.version,
      });
    },
  });
  deps.jobs.register(timerJob);

  deps.events.on('workflow.transitioned', 'workflow.arm-timers', async (moved) => {
    const entry = registered.get(moved.process);
    if (!entry) return;
    for (const timer of entry.process.timers.filter((t) => t.in === moved.to)) {
      const hours = await delayHours(timer.after);
      await deps.jobs.send(
        timerJob,
        {
          process: moved.process,
          subjectId: moved.subjectId,
          transition: timer.take,
          version: moved.version,
        },
        {
          startAfter: new Date(new Date(moved.at).getTime() + hours * 3_600_000),
          idempotencyKey: `timer:${moved.process}:${moved.subjectId}:${moved.version}:${timer.take}`,
        },
      );
    }
  });

  async function delayHours(delay: TimerDelay): Promise<number> {
    return 'hours' in delay ? delay.hours : deps.readSettingHours(delay.settingHours);
  }

  const workflow = {
    /** Declares who stores a process's subjects; call once per process at start. */
    register<S extends string, T extends string>(
      process: ProcessDefinition<S, T>,
      store: SubjectStore<S, T>,
    ) {
      if (registered.has(process.name)) throw new Error(`process ${process.name} registered twice`);
      registered.set(process.name, {
        process: process as unknown as ProcessDefinition<string, string>,
        store: store as unknown as SubjectStore<string, string>,
      });
    },

    /**
     * Takes `transition` on the subject, or throws: 404 when the subject does not exist or
     * is not the actor's, 403 when the actor's role may never take it, 409 when the subject's
     * state does not allow it now, 400 when a required reason is missing.
     */
    async apply<S extends string, T extends string>(
      db: DbOrTx,
      request: TransitionRequest<S, T>,
    ): Promise<TransitionResult<S, T>> {
      const { process, transition: name, actor } = request;
      const entry = registered.get(process.name);
      if (!entry) throw new Error(`process ${process.name} is not registered`);
      const store = entry.store as unknown as SubjectStore<S, T>;
      const definition = process.transitions[name];
      if (!definition.actors.includes(actor.role)) {
        throw forbidden();
      }
      const reason = request.reason?.trim() || null;
      if (definition.requiresReason && !reason) {
        throw new AppError('VALIDATION_FAILED', 'Please give a reason.', [
          { field: 'reason', message: 'Please give a reason.' },
        ]);
      }
      return inTransaction(db, async (tx) => {
        const context = { transition: name, actor };
        const subject = await store.lock(tx, request.subjectId, context);
        const isOwnerOrStaff =
          actor.role === 'ADMIN' ||
          actor.role === 'SYSTEM' ||
          (subject?.ownerUserId != null && subject.ownerUserId === actor.userId);
        if (!subject || !isOwnerOrStaff) throw notFound();
        if (
          (request.expectedVersion !== undefined && subject.version !== request.expectedVersion) ||
          !definition.from.includes(subject.state)
        ) {
          throw new InvalidTransitionError(process.name, name, subject.state);
        }
        const at = new Date();
        const version = subject.version + 1;
        await store.save(
          tx,
          request.subjectId,
          { state: definition.to, version, enteredAt: at, reason },
          { ...context, from: subject.state },
        );
        await tx.insert(workflowAudit).values({
          process: process.name,
          subjectId: request.subjectId,
          transition: name,
          fromState: subject.state,
          toState: definition.to,
          actorUserId: actor.userId,
          actorRole: actor.role,
          reason,
          createdAt: at,
        });
        await deps.events.emit(tx, 'workflow.transitioned', {
          process: process.name,
          subjectId: request.subjectId,
          transition: name,
          from: subject.state,
          to: definition.to,
          version,
          at: at.toISOString(),
          actorRole: actor.role,
          actorUserId: actor.userId,
          reason,
        });
        return {
          subjectId: request.subjectId,
          transition: name,
          from: subject.state,
          to: definition.to,
          version,
          at,
        };
      });
    },

    /** Like `apply`, but a subject that has moved on (timers, scheduled jobs) is no error. */
    async applyIfStill<S extends string, T extends string>(
      request: TransitionRequest<S, T>,
    ): Promise<TransitionResult<S, T> | null> {
      try {
        return await workflow.apply(deps.db, request);
      } catch (error) {
        if (error instanceof AppError && ['INVALID_TRANSITION', 'NOT_FOUND'].includes(error.code)) {
          deps.log.info(
            {
              process: request.process.name,
              subjectId: request.subjectId,
              transition: request.transition,
            },
            'timer found its subject moved on: nothing to do',
          );
          return null;
        }
        throw error;
      }
    },

    /** Arms the initial state's timers of a subject just created in `tx`. */
    async started<S extends string>(
      tx: DbOrTx,
      process: ProcessDefinition<S, string>,
      subjectId: number,
      at: Date,
    ) {
      await deps.events.emit(tx, 'workflow.transitioned', {
        process: process.name,
        subjectId,
        transition: 'start',
        from: process.initial,
        to: process.initial,
        version: 0,
        at: at.toISOString(),
        actorRole: 'SYSTEM',
        actorUserId: null,
        reason: null,
      });
    },

    /**
     * The recorded steps of one subject, oldest first (the audit `apply` writes): for the
     * screens that show how a subject came to its state (a disputed line to the admin).
     */
    async history<S extends string, T extends string>(
      q: DbOrTx,
      process: ProcessDefinition<S, T>,
      subjectId: number,
    ): Promise<WorkflowStep<S, T>[]> {
      const rows = await q
        .select()
        .from(workflowAudit)
        .where(and(eq(workflowAudit.process, process.name), eq(workflowAudit.subjectId, subjectId)))
        .orderBy(asc(workflowAudit.id));
      return rows.map((row) => ({
        transition: row.transition as T,
        from: row.fromState as S,
        to: row.toState as S,
        actor: { role: row.actorRole as WorkflowActor, userId: row.actorUserId },
        reason: row.reason,
        at: row.createdAt,
      }));
    },

    allowed<S extends string, T extends string>(
      process: ProcessDefinition<S, T>,
      state: S,
      actor: WorkflowActor,
    ): T[] {
      return allowedTransitions(process, state, actor);
    },
  };
  return workflow;
}
