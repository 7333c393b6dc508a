// `npm run bench`: API latency under load on PGlite and PostgreSQL, discovery search at
// 100,000 creators, the web's first load in a real browser (initial JavaScript, LCP,
// Lighthouse), money, and the video pipeline (scripts/bench-video.mjs). Writes docs/benchmarks.md.
//   npm run bench -- --web             only the web part (its section of docs/benchmarks.md)
//   npm run bench -- --web --no-lighthouse
//   npm run bench -- --money           only the money part (ledger postings, wallet purchases)
//   npm run bench -- --video           only the video part (200 MB tus upload, preview, latency
//                                      while transcoding; needs ffmpeg)
// (BENCH_ONLY=web, money or video does the same as the flag.)
import { buildWeb, ensureDependencies, ensureSystemPackages, run } from './lib.mjs';

const args = process.argv.slice(2);
const only = ['web', 'money', 'video'].find(
  (part) => args.includes(`--${part}`) || process.env.BENCH_ONLY === part,
);
const runVideo = () =>
  run(process.execPath, ['--import', 'tsx', 'scripts/bench-video.mjs', ...args]);

await ensureDependencies();
if (only === 'video' || only === undefined) {
  await ensureSystemPackages([{ command: 'ffmpeg', package: 'ffmpeg' }]);
}
if (only === 'video') process.exit(await runVideo());

await buildWeb();
const code = await run('npx', ['tsx', 'apps/api/scripts/bench.ts', ...args]);
// The full run rewrites docs/benchmarks.md, then the video part adds its section.
const videoCode = only === undefined ? await runVideo() : 0;
process.exit(code || videoCode);
