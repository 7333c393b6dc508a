// `npm run docs:workflows`: writes docs/workflows.md from the processes in contracts.
import { execFileSync } from 'node:child_process';

execFileSync(
  'npx',
  [
    'tsx',
    '-e',
    `import fs from 'node:fs';
     import { workflowsDocument } from './packages/contracts/src/workflow-diagram.ts';
     fs.writeFileSync('docs/workflows.md', workflowsDocument());`,
  ],
  { stdio: 'inherit', cwd: new URL('..', import.meta.url) },
);
console.log('docs/workflows.md written');
