/**
 * Workflows as data (DESIGN §7, ADR 012): a process lists its states, the transitions between
 * them with the roles that may take each, and timers ("after D in state S, take transition T").
 * The API applies transitions with `applyTransition`; the web asks which transitions are allowed
 * from this same data instead of re-deriving the rules. Zod-free so the web's first download
 * does not grow.
 */
import type { Role } from './enums.js';

/** Who takes a transition: a signed-in role, or the system (timers, scheduled jobs). */
export type WorkflowActor = Role | 'SYSTEM';

/** A duration fixed in the process, or read from a business setting (in hours) at arming time. */
export type TimerDelay = { hours: number } | { settingHours: string };

export interface TransitionDefinition<S extends string> {
  from: readonly S[];
  to: S;
  actors: readonly WorkflowActor[];
  /** The actor must give a reason (kept in the audit row and shown to the other party). */
  requiresReason?: boolean;
}

export interface TimerDefinition<S extends string, T extends string> {
  in: S;
  after: TimerDelay;
  take: T;
}

export interface ProcessDefinition<S extends string = string, T extends string = string> {
  name: string;
  initial: S;
  states: readonly S[];
  /** States with no way out by design (the process has ended). */
  terminal: readonly S[];
  transitions: Readonly<Record<T, TransitionDefinition<S>>>;
  timers: readonly TimerDefinition<S, T>[];
}

export type StateOf<P> = P extends ProcessDefinition<infer S, string> ? S : never;
export type TransitionOf<P> = P extends ProcessDefinition<string, infer T> ? T : never;

/** Identity helper that checks a definition and keeps its literal types. */
export function defineProcess<const S extends string, const T extends string>(
  definition: Omit<ProcessDefinition<S, T>, 'timers'> & {
    // Timers name transitions; they must not narrow what the transitions define.
    timers: readonly TimerDefinition<NoInfer<S>, NoInfer<T>>[];
  },
): ProcessDefinition<S, T> {
  return definition;
}

/** The transitions `actor` may take from `state`, in the order the process lists them. */
export function allowedTransitions<S extends string, T extends string>(
  process: ProcessDefinition<S, T>,
  state: S,
  actor: WorkflowActor,
): T[] {
  return (Object.keys(process.transitions) as T[]).filter((name) => {
    const transition = process.transitions[name];
    return transition.from.includes(state) && transition.actors.includes(actor);
  });
}

/**
 * States other than terminal ones that nothing leads out of: no transition from them taken by
 * an admin or the system, and no timer. Each is a place where an object (money included) could
 * stay stuck for ever; the workflow tests fail on any.
 */
export function statesWithoutWayOut<S extends string, T extends string>(
  process: ProcessDefinition<S, T>,
): S[] {
  return process.states.filter((state) => {
    if (process.terminal.includes(state)) return false;
    const hasTimer = process.timers.some((timer) => timer.in === state);
    const hasAdminOrSystemExit = Object.values<TransitionDefinition<S>>(process.transitions).some(
      (t) => t.from.includes(state) && t.actors.some((a) => a === 'ADMIN' || a === 'SYSTEM'),
    );
    return !hasTimer && !hasAdminOrSystemExit;
  });
}
