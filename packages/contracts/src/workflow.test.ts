import { describe, expect, it } from 'vitest';
import { allowedTransitions, statesWithoutWayOut, type ProcessDefinition } from './workflow.js';
import { creatorValidationProcess } from './workflows/creator-validation.js';
import { allProcesses as processes } from './workflows/index.js';

describe.each(processes.map((p) => [p.name, p] as const))('process %s', (_name, process) => {
  it('leaves no non-terminal state without a way out (timer, expiry or admin transition)', () => {
    expect(statesWithoutWayOut(process)).toEqual([]);
  });

  it('only names its own states, and starts in one of them', () => {
    expect(process.states).toContain(process.initial);
    for (const state of process.terminal) expect(process.states).toContain(state);
    for (const [name, transition] of Object.entries(process.transitions)) {
      expect(process.states, name).toContain(transition.to);
      for (const from of transition.from) expect(process.states, name).toContain(from);
    }
    for (const timer of process.timers) {
      expect(process.states).toContain(timer.in);
      expect(Object.keys(process.transitions)).toContain(timer.take);
      expect(process.transitions[timer.take]?.from).toContain(timer.in);
    }
  });

  it('reaches every state from the initial one', () => {
    const reached = new Set([process.initial]);
    for (let grew = true; grew;) {
      grew = false;
      for (const transition of Object.values(process.transitions)) {
        if (transition.from.some((s) => reached.has(s)) && !reached.has(transition.to)) {
          reached.add(transition.to);
          grew = true;
        }
      }
    }
    expect([...reached].sort()).toEqual([...process.states].sort());
  });

  it('has no transition out of a terminal state', () => {
    for (const transition of Object.values(process.transitions)) {
      for (const terminal of process.terminal) expect(transition.from).not.toContain(terminal);
    }
  });
});

describe('statesWithoutWayOut', () => {
  it('finds a waiting state that only its owner could leave', () => {
    const stuck: ProcessDefinition = {
      name: 'stuck',
      initial: 'a',
      states: ['a', 'b'],
      terminal: ['b'],
      transitions: { go: { from: ['a'], to: 'b', actors: ['TALENT'] } },
      timers: [],
    };
    expect(statesWithoutWayOut(stuck)).toEqual(['a']);
    expect(
      statesWithoutWayOut({ ...stuck, timers: [{ in: 'a', after: { hours: 1 }, take: 'go' }] }),
    ).toEqual([]);
  });
});

describe('allowedTransitions', () => {
  it('lists what an actor may do from a state', () => {
    expect(allowedTransitions(creatorValidationProcess, 'pending', 'ADMIN')).toEqual([
      'validate',
      'reject',
    ]);
    expect(allowedTransitions(creatorValidationProcess, 'rejected', 'TALENT')).toEqual([
      'resubmit',
    ]);
    expect(allowedTransitions(creatorValidationProcess, 'validated', 'ADMIN')).toEqual([]);
  });
});
