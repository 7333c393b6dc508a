import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The request id of the work under way, carried through AsyncLocalStorage from an HTTP request
 * into what it stages (outbox rows, jobs) and from a job into what it stages in turn, so one id
 * ties a request's log lines to those of the jobs it caused, in whatever process they run.
 */
export interface WorkContext {
  /** Absent for a job no request caused (a schedule, a sweep of an old outbox row). */
  reqId?: string;
  /** Set while a job runs: its log lines name it (a request's logger binds its own fields). */
  job?: { name: string; id: string };
}

const storage = new AsyncLocalStorage<WorkContext>();

export const REQUEST_ID_HEADER = 'x-request-id';
/**
 * An incoming id (the load balancer's) is kept when it looks like an id: anything else (too
 * long, spaces, quotes) would be written to every log line of the request, so a new one is made.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the load balancer's `X-Request-Id` when sane, else a new UUID. */
export function requestIdOf(request: { headers: Record<string, string | string[] | undefined> }) {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The request id of the work under way, if any (a request, or a job that carries one). */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.reqId;
}

/** Runs `work` in `context`: a job, as part of the request that caused it. */
export function runInWorkContext<T>(context: WorkContext, work: () => T): T {
  return storage.run(context, work);
}

/**
 * For pino's `mixin`: a job's log lines get its request id and its name. A request's own lines
 * already have `reqId` from Fastify's child logger (a second one would repeat the key).
 */
export function jobLogFields(): object {
  const context = storage.getStore();
  if (!context?.job) return {};
  return { reqId: context.reqId, job: context.job.name, jobId: context.job.id };
}

const resourceOf = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Answers the request id in a response header and runs each request inside its context. The
 * body is read from socket events, outside any request's context: the context is entered again
 * after parsing (as @fastify/request-context does), so the handler and its hooks see it.
 */
export function installRequestContext(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    storage.run({ reqId: request.id }, () => {
      resourceOf.set(request, new AsyncResource('clipmarket-request'));
      done();
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const resource = resourceOf.get(request);
    if (resource) resource.runInAsyncScope(done);
    else done();
  });
}
