// `npm run bench`: API latency under load on PGlite and PostgreSQL, discovery search at
// 100,000 creators, the web's first load in a real browser (initial JavaScript, LCP,
// Lighthouse), money, the video pipeline (scripts/bench-video.mjs) and image uploads against other
// users' latency (scripts/bench-images.mjs). Writes docs/benchmarks.md.
//   npm run bench -- --web             only the web part (its section of docs/benchmarks.md)
//   npm run bench -- --web --no-lighthouse
//   npm run bench -- --money           only the money part (ledger postings, wallet purchases)
//   npm run bench -- --video           only the video part (200 MB tus upload, preview, latency
//                                      while transcoding; needs ffmpeg)
//   npm run bench -- --images          only the image part (another user's latency while one
//                                      uploads costly images; needs ffmpeg)
//   npm run bench -- --opportunities   only opportunities at 10,000 live (PostgreSQL)
//   npm run bench -- --campaigns       only campaigns and tracked links (PostgreSQL)
//   npm run bench -- --media-kit       only the media kit render job's time per kit (embedded
//                                      database, or DATABASE_URL; needs pdftoppm and ffmpeg)
//   npm run bench -- --scale           only 1 against 2 API processes behind a proxy (PostgreSQL)
//   npm run bench -- --soak [--soak-minutes N]
//                                      only the soak: 2 API processes and a worker under a mixed
//                                      load for N minutes (default 30), memory growth and errors
//                                      (PostgreSQL; not part of the full run)
// (BENCH_ONLY=web, money, video, images, opportunities, campaigns, media-kit, scale or soak does
// the same as the flag.)
import { buildWeb, ensureDependencies, ensureSystemPackages, run } from './lib.mjs';

const args = process.argv.slice(2);
const only = [
  'web',
  'money',
  'video',
  'images',
  'opportunities',
  'campaigns',
  'media-kit',
  'scale',
  'soak',
].find((part) => args.includes(`--${part}`) || process.env.BENCH_ONLY === part);
const runPart = (script, ...extra) =>
  run(process.execPath, ['--import', 'tsx', script, ...args, ...extra]);
const runVideo = () => runPart('scripts/bench-video.mjs');
const runImages = () => runPart('scripts/bench-images.mjs');
const runMediaKit = () => runPart('apps/api/scripts/bench-media-kit.ts');
const runScale = (...extra) => runPart('scripts/bench-scale.mjs', ...extra);

await ensureDependencies();
if (only === 'video' || only === 'images' || only === 'media-kit' || only === undefined) {
  await ensureSystemPackages([{ command: 'ffmpeg', package: 'ffmpeg' }]);
}
if (only === 'web' || only === undefined) {
  // Lighthouse measures the desktop browser, as users run it.
  await ensureSystemPackages([{ command: 'chromium', package: 'chromium' }]);
}
if (only === 'video') process.exit(await runVideo());
if (only === 'images') process.exit(await runImages());
if (only === 'media-kit' || only === undefined) {
  // The render job's page pictures; the demo videos (the kit's posters) need ffmpeg above.
  await ensureSystemPackages([{ command: 'pdftoppm', package: 'poppler-utils' }]);
}
if (only === 'media-kit') process.exit(await runMediaKit());
if (only === 'scale') process.exit(await runScale());
if (only === 'soak') process.exit(await runScale('--soak'));

if (only !== 'opportunities' && only !== 'money' && only !== 'campaigns') await buildWeb();
const code = await run('npx', ['tsx', 'apps/api/scripts/bench.ts', ...args]);
// The full run rewrites docs/benchmarks.md, then the video, image and media kit parts add their
// sections.
const videoCode = only === undefined ? await runVideo() : 0;
const imagesCode = only === undefined ? await runImages() : 0;
const mediaKitCode = only === undefined ? await runMediaKit() : 0;
const scaleCode = only === undefined ? await runScale() : 0;
process.exit(code || videoCode || imagesCode || mediaKitCode || scaleCode);
