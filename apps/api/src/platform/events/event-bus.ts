import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { afterCommit } from '../db/transaction.js';
import { currentRequestId, runInWorkContext } from '../http/request-context.js';
import { defineJob, type JobDefinition, type JobQueue, type Logger } from '../jobs/job-queue.js';
import { outboxEvents } from './events.schema.js';

/**
 * Domain events through a transactional outbox (ADR 010).
 *
 * `emit(tx, type, payload)` writes the event in the caller's transaction, so an event exists
 * if and only if the change that caused it committed. After commit the relay turns each event
 * into one `event-delivery` job per registered handler (idempotently: one job id per event and
 * handler), and pg-boss runs the handlers with retries, backoff and a dead-letter queue.
 * Delivery is at least once: handlers are idempotent. `stageJob(tx, job, payload)` stages a
 * job the same way, so a job is queued only if its transaction commits.
 */

/** Event type → payload (an object); each module declares its own in `<module>.events.ts`. */
export type EventMap = object;

export interface EventMeta {
  eventId: number;
  occurredAt: string;
}

export type EventHandler<Payload> = (payload: Payload, meta: EventMeta) => Promise<void>;

export interface EventEmitter<Events extends EventMap> {
  emit<Type extends keyof Events & string>(
    db: DbOrTx,
    type: Type,
    payload: Events[Type],
  ): Promise<void>;
}

export interface EventSubscriber<Events extends EventMap> {
  /** `handlerName` is stable across releases: it names the handler's jobs. */
  on<Type extends keyof Events & string>(
    type: Type,
    handlerName: string,
    handler: EventHandler<Events[Type]>,
  ): void;
}

export interface JobStager {
  stageJob<Payload extends object>(
    db: DbOrTx,
    job: JobDefinition<Payload>,
    payload: Payload,
    options?: { startAfter?: Date; idempotencyKey?: string },
  ): Promise<void>;
}

export type EventBus<Events extends EventMap> = EventEmitter<Events> &
  EventSubscriber<Events> &
  JobStager & {
    /** Relays what is owed: the given events now, and any event older than the grace period. */
    relay(eventIds?: number[]): Promise<void>;
    start(): void;
    stop(): Promise<void>;
  };

interface DeliveryPayload {
  eventId: number;
  type: string;
  handler: string;
  payload: object;
  occurredAt: string;
}

interface StagedJobPayload {
  data: object;
  startAfter?: string;
  idempotencyKey?: string;
  /** The request that staged the job: the job carries it even when a sweep relays the row. */
  reqId?: string;
}

const JOB_EVENT_PREFIX = 'job:';
/**
 * The relay delivers an event right after its transaction commits; an event still waiting
 * after this long (its process died, or the send failed) is taken by any process's sweep.
 */
const SWEEP_GRACE_SECONDS = 10;
const RELAY_BATCH = 100;

export function createEventBus<Events extends EventMap>(options: {
  db: Db;
  jobs: JobQueue;
  log: Logger;
  /** The pg-boss schema of `jobs`: the relay takes only the events staged for it. */
  jobQueue: string;
  sweepIntervalMs?: number;
}): EventBus<Events> {
  const { db, jobs, log, jobQueue } = options;
  const handlers = new Map<string, Map<string, EventHandler<object>>>();
  let relaying: Promise<void> = Promise.resolve();
  let sweepTimer: NodeJS.Timeout | undefined;

  const deliveryJob = defineJob<DeliveryPayload>({
    name: 'event-delivery',
    retryLimit: 8,
    retryDelaySeconds: 2,
    concurrency: 5,
    async handle(delivery) {
      const handler = handlers.get(delivery.type)?.get(delivery.handler);
      if (!handler) {
        log.warn({ delivery }, 'event handler no longer exists: delivery dropped');
        return;
      }
      await handler(delivery.payload, {
        eventId: delivery.eventId,
        occurredAt: delivery.occurredAt,
      });
    },
  });
  jobs.register(deliveryJob);

  async function insertEvent(db: DbOrTx, type: string, payload: object) {
    const [row] = await db
      .insert(outboxEvents)
      .values({ type, payload, jobQueue })
      .returning({ id: outboxEvents.id });
    if (!row) throw new Error('outbox insert returned no row');
    const id = row.id;
    afterCommit(db, () => {
      void bus.relay([id]);
    });
  }

  async function relayOne(event: typeof outboxEvents.$inferSelect) {
    const occurredAt = event.createdAt.toISOString();
    if (event.type.startsWith(JOB_EVENT_PREFIX)) {
      const staged = event.payload as StagedJobPayload;
      const send = () =>
        jobs.send(event.type.slice(JOB_EVENT_PREFIX.length), staged.data, {
          ...(staged.startAfter ? { startAfter: new Date(staged.startAfter) } : {}),
          idempotencyKey: staged.idempotencyKey ?? `outbox:${event.id}`,
        });
      await (staged.reqId ? runInWorkContext({ reqId: staged.reqId }, send) : send());
      return;
    }
    for (const handler of handlers.get(event.type)?.keys() ?? []) {
      const delivery: DeliveryPayload = {
        eventId: event.id,
        type: event.type,
        handler,
        payload: event.payload as object,
        occurredAt,
      };
      await jobs.send(deliveryJob, delivery, {
        idempotencyKey: `event:${event.id}:${handler}`,
      });
    }
  }

  async function relayNow(eventIds: number[]) {
    const pending = await db
      .select()
      .from(outboxEvents)
      .where(
        and(
          isNull(outboxEvents.relayedAt),
          eq(outboxEvents.jobQueue, jobQueue),
          or(
            eventIds.length > 0 ? inArray(outboxEvents.id, eventIds) : undefined,
            lt(outboxEvents.createdAt, sql`now() - make_interval(secs => ${SWEEP_GRACE_SECONDS})`),
          ),
        ),
      )
      .orderBy(asc(outboxEvents.id))
      .limit(RELAY_BATCH);
    for (const event of pending) {
      try {
        // The request that called the relay caused the events it named; an older one swept
        // with them is not its own.
        await (eventIds.includes(event.id)
          ? relayOne(event)
          : runInWorkContext({}, () => relayOne(event)));
        await db
          .update(outboxEvents)
          .set({ relayedAt: new Date() })
          .where(eq(outboxEvents.id, event.id));
      } catch (error) {
        // Left unrelayed: the next sweep tries again; the idempotency keys make that safe.
        log.error({ err: error, eventId: event.id, type: event.type }, 'outbox relay failed');
      }
    }
  }

  const bus: EventBus<Events> = {
    async emit(db, type, payload) {
      await insertEvent(db, type, payload as object);
    },

    on(type, handlerName, handler) {
      const forType = handlers.get(type) ?? new Map<string, EventHandler<object>>();
      if (forType.has(handlerName))
        throw new Error(`${type} handler ${handlerName} registered twice`);
      forType.set(handlerName, handler as unknown as EventHandler<object>);
      handlers.set(type, forType);
    },

    async stageJob(db, job, payload, stageOptions = {}) {
      if (!jobs.isRegistered(job.name)) throw new Error(`job ${job.name} is not registered`);
      const reqId = currentRequestId();
      const staged: StagedJobPayload = {
        data: payload,
        ...(reqId ? { reqId } : {}),
        ...(stageOptions.startAfter ? { startAfter: stageOptions.startAfter.toISOString() } : {}),
        ...(stageOptions.idempotencyKey ? { idempotencyKey: stageOptions.idempotencyKey } : {}),
      };
      await insertEvent(db, `${JOB_EVENT_PREFIX}${job.name}`, staged);
    },

    relay(eventIds = []) {
      // One relay at a time in a process; other processes are kept apart by the job ids.
      relaying = relaying
        .then(() => relayNow(eventIds))
        .catch((error: unknown) => {
          log.error({ err: error }, 'outbox relay failed');
        });
      return relaying;
    },

    start() {
      if (sweepTimer) return;
      sweepTimer = setInterval(() => void bus.relay(), options.sweepIntervalMs ?? 5000);
      sweepTimer.unref();
    },

    async stop() {
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = undefined;
      await relaying;
    },
  };
  return bus;
}
