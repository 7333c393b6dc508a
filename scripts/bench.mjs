// `npm run bench`: API latency under load on PGlite and PostgreSQL, discovery search at
// 100,000 creators, and the web's first load in a real browser (initial JavaScript, LCP,
// Lighthouse). Writes docs/benchmarks.md.
//   npm run bench -- --web             only the web part (its section of docs/benchmarks.md)
//   npm run bench -- --web --no-lighthouse
//   npm run bench -- --money           only the money part (ledger postings, wallet purchases)
// (BENCH_ONLY=web does the same as --web.)
import { buildWeb, ensureDependencies, run } from './lib.mjs';

await ensureDependencies();
await buildWeb();
process.exit(await run('npx', ['tsx', 'apps/api/scripts/bench.ts', ...process.argv.slice(2)]));
