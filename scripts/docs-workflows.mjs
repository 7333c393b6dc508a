// `npm run docs:workflows`: draws the processes of contracts in docs/workflows.md and in the
// Workflows section of docs/ARCHITECTURE.md.
import { execFileSync } from 'node:child_process';

execFileSync(
  'npx',
  [
    'tsx',
    '-e',
    `import fs from 'node:fs';
     import { withWorkflowDiagrams, workflowsDocument } from './packages/contracts/src/workflow-diagram.ts';
     fs.writeFileSync('docs/workflows.md', workflowsDocument());
     const architecture = fs.readFileSync('docs/ARCHITECTURE.md', 'utf8');
     fs.writeFileSync('docs/ARCHITECTURE.md', withWorkflowDiagrams(architecture));`,
  ],
  { stdio: 'inherit', cwd: new URL('..', import.meta.url) },
);
console.log('docs/workflows.md and docs/ARCHITECTURE.md written');
