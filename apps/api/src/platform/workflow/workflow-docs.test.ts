import fs from 'node:fs';
import path from 'node:path';
import { workflowsDocument } from '@clipmarket/contracts/workflow-diagram';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../env.js';

describe('docs/workflows.md', () => {
  it('draws every process as the contracts define it (run `npm run docs:workflows`)', () => {
    const file = path.join(repoRoot, 'docs/workflows.md');
    expect(fs.readFileSync(file, 'utf8')).toBe(workflowsDocument());
  });
});
