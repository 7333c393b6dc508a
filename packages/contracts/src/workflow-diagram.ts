import type { ProcessDefinition } from './workflow.js';
import { allProcesses } from './workflows/index.js';

/** A Mermaid state diagram of a process: transitions with their actors, timers dashed. */
export function processToMermaid(process: ProcessDefinition): string {
  const lines = ['stateDiagram-v2', `  [*] --> ${process.initial}`];
  for (const [name, transition] of Object.entries(process.transitions)) {
    for (const from of transition.from) {
      const reason = transition.requiresReason ? ', reason' : '';
      lines.push(
        `  ${from} --> ${transition.to}: ${name} (${transition.actors.join(', ')}${reason})`,
      );
    }
  }
  for (const timer of process.timers) {
    const delay =
      'hours' in timer.after ? `${timer.after.hours} h` : `setting ${timer.after.settingHours}`;
    lines.push(
      `  ${timer.in} --> ${process.transitions[timer.take]?.to}: ⏱ ${timer.take} after ${delay}`,
    );
  }
  for (const state of process.terminal) lines.push(`  ${state} --> [*]`);
  return lines.join('\n');
}

/** The whole of docs/workflows.md (generated: `npm run docs:workflows`). */
export function workflowsDocument(): string {
  const sections = allProcesses.map(
    (process) => `## ${process.name}\n\n\`\`\`mermaid\n${processToMermaid(process)}\n\`\`\`\n`,
  );
  return [
    '# Workflows',
    '',
    '<!-- Generated from packages/contracts/src/workflows by `npm run docs:workflows`; do not edit. -->',
    '',
    'Each process is data in `packages/contracts/src/workflows/` (ADR 012). Arrows are transitions',
    'with the roles that may take them; ⏱ marks a timer the system takes when the state has lasted',
    'that long. `[*]` marks where a process starts and ends.',
    '',
    ...sections,
  ].join('\n');
}
