import fs from 'node:fs';
import path from 'node:path';
import { withWorkflowDiagrams, workflowsDocument } from '@clipmarket/contracts/workflow-diagram';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../env.js';

describe('workflow diagrams in the docs', () => {
  it('draws every process as the contracts define it (run `npm run docs:workflows`)', () => {
    const file = path.join(repoRoot, 'docs/workflows.md');
    expect(fs.readFileSync(file, 'utf8')).toBe(workflowsDocument());
  });

  it('draws them in docs/ARCHITECTURE.md too', () => {
    const architecture = fs.readFileSync(path.join(repoRoot, 'docs/ARCHITECTURE.md'), 'utf8');
    expect(architecture).toBe(withWorkflowDiagrams(architecture));
  });
});
