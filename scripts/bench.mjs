// `npm run bench`: API latency under load on PGlite and PostgreSQL, and the web's initial
// JavaScript per route. Writes docs/benchmarks.md.
import { buildWeb, ensureDependencies, run } from './lib.mjs';

await ensureDependencies();
await buildWeb();
process.exit(await run('npx', ['tsx', 'apps/api/scripts/bench.ts']));
