// `npm run build -w @clipmarket/api`: the API compiled to plain JavaScript in apps/api/dist
// (ADR 030), what `npm start`, `npm run worker` and `npm run db:migrate` run in production.
// Four entry points (server, worker, migrations, image worker) share chunks; the workspace packages
// (@clipmarket/contracts, TypeScript sources) are bundled in, every installed package stays
// an import resolved from node_modules at run time. Files read at run time: the migrations
// (apps/api/drizzle, found from dist), the PDF fonts of invoices and campaign reports
// (platform/pdf/fonts) and the TEIF schema of electronic invoices, both copied beside the code.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const apiDir = import.meta.dirname;
// `--outdir <folder of apps/api>`: another output folder (a test builds its own copy).
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = path.resolve(apiDir, values.outdir ?? 'dist');

/** Bare imports other than the workspace's own packages are left to Node (node_modules). */
const installedPackagesExternal = {
  name: 'installed-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@clipmarket/') ? undefined : { path: args.path, external: true },
    );
  },
};

fs.rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  absWorkingDir: apiDir,
  entryPoints: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    'migrate-cli': 'src/migrate-cli.ts',
    // Forked by the media module (image-variants.ts) to render images at a low priority.
    'image-worker': 'src/modules/media/image-worker.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  // Every file directly in the output folder: whichever chunk holds a module, its
  // import.meta.url's folder is that one (platform/api-dir.ts, platform/pdf's fonts).
  chunkNames: '[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  tsconfig: path.join(apiDir, 'tsconfig.json'),
  sourcemap: true,
  logLevel: 'warning',
  plugins: [installedPackagesExternal],
});
fs.cpSync(path.join(apiDir, 'src/platform/pdf/fonts'), path.join(outdir, 'fonts'), {
  recursive: true,
});
// The TEIF schema of electronic invoices (modules/invoices/teif/teif-schema.ts reads it there).
fs.copyFileSync(
  path.join(apiDir, 'src/modules/invoices/teif/teif-1.8.8.xsd'),
  path.join(outdir, 'teif-1.8.8.xsd'),
);
console.log(`API built into ${path.relative(process.cwd(), outdir)} in ${Date.now() - started} ms`);
