// The architecture rules of eslint.config.js, tested: each fixture text is linted as if it lived at
// a given path of the repository (ESLint's `lintText` with a `filePath`), importing real files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

// Import and syntax rules only: the type-aware rules need TypeScript programs (tens of seconds
// for the API and the web); they are checked below on the small contracts project.
const withoutTypes = new ESLint({
  cwd: root,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

const architectureRules = new Set([
  'import-x/no-restricted-paths',
  'import-x/no-cycle',
  'no-restricted-syntax',
  '@typescript-eslint/no-floating-promises',
  '@typescript-eslint/no-misused-promises',
]);

/** The architecture rules that `code` breaks at `filePath` (fatal parse errors fail the test). */
async function violations(filePath: string, code: string, eslint = withoutTypes) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  const messages = result?.messages ?? [];
  const fatal = messages.filter((message) => message.fatal || !message.ruleId);
  expect(fatal.map((message) => message.message)).toEqual([]);
  return messages
    .filter((message) => architectureRules.has(message.ruleId ?? ''))
    .map((message) => message.ruleId);
}

describe('API: platform and modules', () => {
  it('platform never imports a module or the composition root', async () => {
    expect(
      await violations('apps/api/src/platform/fixture.ts', "import '../modules/media/index.js';"),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(await violations('apps/api/src/platform/fixture.ts', "import '../app.js';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(
      await violations('apps/api/src/platform/fixture.ts', "import './db/client.js';"),
    ).toEqual([]);
  });

  it('a platform test may build the app but not import a module', async () => {
    expect(
      await violations('apps/api/src/platform/fixture.test.ts', "import '../app.js';"),
    ).toEqual([]);
    expect(
      await violations(
        'apps/api/src/platform/fixture.test.ts',
        "import '../modules/media/media.service.js';",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it("a module reaches another only through its index.ts, never another module's internals", async () => {
    const file = 'apps/api/src/modules/support/fixture.ts';
    expect(await violations(file, "import '../media/index.js';")).toEqual([]);
    expect(await violations(file, "import './support.repository.js';")).toEqual([]);
    for (const internal of ['media.repository', 'media.service', 'media.routes', 'media.schema']) {
      expect(await violations(file, `import '../media/${internal}.js';`), internal).toEqual([
        'import-x/no-restricted-paths',
      ]);
    }
  });

  it("schema files import other modules' schema files (foreign keys), nothing else of theirs", async () => {
    const file = 'apps/api/src/modules/support/fixture.schema.ts';
    expect(await violations(file, "import '../media/media.schema.js';")).toEqual([]);
    expect(await violations(file, "import '../media/media.repository.js';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it("tests reach other modules' schema and test helpers, not their services", async () => {
    const file = 'apps/api/src/modules/support/fixture.test.ts';
    expect(await violations(file, "import '../media/media.schema.js';")).toEqual([]);
    expect(await violations(file, "import '../users/test-users.js';")).toEqual([]);
    expect(
      await violations(file, "import '../content-requests/delivery/review.test-support.js';"),
    ).toEqual([]);
    for (const internal of ['media/media.service', 'content-requests/delivery/review']) {
      expect(await violations(file, `import '../${internal}.js';`), internal).toEqual([
        'import-x/no-restricted-paths',
      ]);
    }
  });

  it("a module's sub-folder is part of it: it reaches its module's files, others reach neither", async () => {
    const inside = 'apps/api/src/modules/content-requests/delivery/fixture.ts';
    expect(await violations(inside, "import '../content-requests.repository.js';")).toEqual([]);
    expect(await violations(inside, "import '../../media/index.js';")).toEqual([]);
    expect(await violations(inside, "import '../../media/media.service.js';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    // Another module reaches content-requests through its index.ts, not the sub-folder's.
    const outside = 'apps/api/src/modules/support/fixture.ts';
    expect(await violations(outside, "import '../content-requests/index.js';")).toEqual([]);
    expect(await violations(outside, "import '../content-requests/delivery/index.js';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });
});

describe('API: the demo data', () => {
  it('reaches the modules only through their index.ts, never their tables or repositories', async () => {
    const file = 'apps/api/src/demo/fixture.ts';
    expect(await violations(file, "import '../modules/users/index.js';")).toEqual([]);
    expect(await violations(file, "import './demo-accounts.js';")).toEqual([]);
    expect(await violations(file, "import '../platform/db/client.js';")).toEqual([]);
    for (const internal of [
      'users/users.schema',
      'users/users.repository',
      'notifications/notifications.service',
      'discovery/lists.repository',
    ]) {
      expect(await violations(file, `import '../modules/${internal}.js';`), internal).toEqual([
        'import-x/no-restricted-paths',
      ]);
    }
  });

  it("its tests read modules' tables and test helpers, not their services", async () => {
    const file = 'apps/api/src/demo/fixture.test.ts';
    expect(await violations(file, "import '../modules/users/users.schema.js';")).toEqual([]);
    expect(await violations(file, "import '../modules/users/test-users.js';")).toEqual([]);
    expect(await violations(file, "import '../modules/users/users.repository.js';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('no module and no platform file imports it', async () => {
    expect(
      await violations('apps/api/src/modules/support/fixture.ts', "import '../../demo/index.js';"),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await violations('apps/api/src/platform/fixture.ts', "import '../demo/index.js';"),
    ).toEqual(['import-x/no-restricted-paths']);
  });
});

describe('web: features, shared code and build-time settings', () => {
  it('features never import each other', async () => {
    const file = 'apps/web/src/features/support/fixture.ts';
    expect(await violations(file, "import '../auth/api/login';")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await violations(file, "import '../../lib/api-client';")).toEqual([]);
    expect(await violations(file, "import './pages/contact-us-page';")).toEqual([]);
  });

  it('lib/ and components/ import no feature', async () => {
    expect(
      await violations('apps/web/src/lib/fixture.ts', "import '../features/auth/api/login';"),
    ).toEqual(['import-x/no-restricted-paths']);
    expect(
      await violations(
        'apps/web/src/components/fixture.ts',
        "import '../features/auth/api/login';",
      ),
    ).toEqual(['import-x/no-restricted-paths']);
  });

  it('import.meta.env is read in lib/config.ts only', async () => {
    const code = 'export const value = import.meta.env.VITE_APP_ENV;';
    expect(await violations('apps/web/src/features/support/fixture.ts', code)).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await violations('apps/web/src/lib/config.ts', code)).toEqual([]);
  });
});

describe('import cycles', () => {
  // Two real files on disk: the rule follows imports through the files themselves.
  let dir = '';
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-lint-cycle-'));
    fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = b + 1;\n");
    fs.writeFileSync(path.join(dir, 'b.ts'), "import { c } from './c';\nexport const b = c + 1;\n");
    fs.writeFileSync(path.join(dir, 'c.ts'), 'export const c = 1;\n');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('fails on a cycle, passes without one', async () => {
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: path.join(root, 'eslint.config.js'),
      overrideConfig: {
        languageOptions: { parserOptions: { projectService: false } },
        rules: {
          '@typescript-eslint/no-floating-promises': 'off',
          '@typescript-eslint/no-misused-promises': 'off',
        },
      },
    });
    const lint = async (name: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(dir, name) });
      return (result?.messages ?? []).map((message) => message.ruleId);
    };
    expect(await lint('c.ts', "import { a } from './a';\nexport const c = a;\n")).toEqual([
      'import-x/no-cycle',
    ]);
    expect(await lint('c.ts', 'export const c = 1;\n')).toEqual([]);
  });
});

describe('promises (type-aware)', () => {
  const typed = new ESLint({ cwd: root });
  // The project service types files of its projects only: the text stands in for a real file.
  const file = 'packages/contracts/src/support.ts';

  it('a promise is awaited, returned or explicitly voided', async () => {
    const save = 'async function save(): Promise<void> {}\n';
    expect(await violations(file, `${save}save();\n`, typed)).toEqual([
      '@typescript-eslint/no-floating-promises',
    ]);
    expect(await violations(file, `${save}void save();\n`, typed)).toEqual([]);
    expect(await violations(file, `${save}[1, 2].forEach(async () => save());\n`, typed)).toEqual([
      '@typescript-eslint/no-misused-promises',
    ]);
  });
});
