// The image part of `npm run bench` (`npm run bench -- --images` runs only this part), written
// to the "Image uploads and other users' latency" section of docs/benchmarks.md. The goal: while
// one user uploads costly images as fast as the limits let them, another signed-in user's p99
// stays within 2 × idle (images are checked from their header before decoding and processed off
// the request thread, in a child process at nice 19, in a bounded queue with a per-user bound:
// image-variants.ts).
//   1. The images, made in the run (ffmpeg): an animated GIF of about 1.4 MB with 200 frames, an
//      animated GIF within the animation budget (every frame kept and re-encoded), a 24 MP JPEG
//      and a 25 MP PNG of about 9 MB each, and a PNG over the pixel limit.
//   2. A real API process (`apps/api/src/main.ts` on PGlite in a temp data folder, demo data).
//      Idle window: the demo creator's GET /v2/user/getMe and GET /v2/health, open loop, paced.
//   3. A demo account uploads those images in turn (profile pictures, multipart) for 15 s from
//      several connections at once, retrying when refused, while the same paced load is timed;
//      then idle again. Three rounds (brand, agency, new creator), judged on the median one.
// Run with `node --import tsx` (it reads the product's limits); loopback only, bounded in time;
// the temp folder and the API process (its process group) are removed at the end, on failure
// or Ctrl-C too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  MAX_ANIMATION_FRAMES,
  MAX_ANIMATION_PIXELS,
  MAX_CONCURRENT_IMAGES,
  MAX_IMAGES_PER_USER,
  MAX_INPUT_PIXELS,
  MAX_WAITING_IMAGES,
} from '../apps/api/src/modules/media/image-variants.ts';
import {
  machine,
  MB,
  median,
  ok,
  pacedLoad,
  replaceSection,
  round,
  runTool,
  seconds,
  signIn,
  sleep,
  withBenchWorkspace,
  waitForNoFfmpeg,
} from './bench-support.mjs';
import { uploadInThread } from './bench-uploader.mjs';
import { root } from './lib.mjs';

const GOALS = { p99Ratio: 2 };
/** Paced load of the latency windows: requests per second, alternating the two endpoints. */
const LATENCY_RATE = 100;
const IDLE_SECONDS = 12;
/** New uploads are started for this long; the window lasts until the last one answers. */
const UPLOAD_SECONDS = 15;
/** Connections the uploader sends from at once: one more than the per-user bound. */
const UPLOADERS = MAX_IMAGES_PER_USER + 1;
/**
 * One round per account (each with its own upload limits): the p99 of ~650 requests moves by
 * half from one window to the next on this machine, so the goal is judged on the median round.
 */
const UPLOADER_ACCOUNTS = [
  'brand@clipmarket.tn',
  'agency@clipmarket.tn',
  'newcreator@clipmarket.tn',
];
/** A refused upload is sent again after this (IMAGE_QUEUE_FULL), or after Retry-After (RATE_LIMITED). */
const RETRY_MS = 1000;
/** The upload limit (`MAX_IMAGE_BYTES`) and rate limit (`UPLOAD_RATE_LIMIT_PER_MINUTE`), defaults. */
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const UPLOAD_RATE_LIMIT = 30;

/** Generated with ffmpeg's test patterns; `budget` says what the product is expected to do. */
const IMAGES = [
  {
    key: 'gif200',
    file: 'animated-200-frames.gif',
    mime: 'image/gif',
    label: 'animated GIF, 200 frames',
    // 336 × 252 at 10 frames/s for 20 s, one palette: about 1.4 MB.
    args: [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=336x252:rate=10:duration=20',
      '-vf',
      'split[a][b];[a]palettegen[p];[b][p]paletteuse',
      '-loop',
      '0',
    ],
  },
  {
    key: 'gif100',
    file: 'animated-100-frames.gif',
    mime: 'image/gif',
    label: 'animated GIF within the budget, 100 frames',
    // 140 × 140 × 100 frames = 1.96 MP: every frame is kept and re-encoded.
    args: [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=140x140:rate=10:duration=10',
      '-vf',
      'split[a][b];[a]palettegen[p];[b][p]paletteuse',
      '-loop',
      '0',
    ],
  },
  {
    key: 'jpeg',
    file: 'photo-24mp.jpg',
    mime: 'image/jpeg',
    label: 'JPEG 6000 × 4000 (24 MP)',
    args: [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=6000x4000:rate=1:duration=1',
      '-vf',
      'noise=alls=10',
      '-frames:v',
      '1',
      '-q:v',
      '2',
    ],
  },
  {
    key: 'png',
    file: 'image-25mp.png',
    mime: 'image/png',
    label: 'PNG 5000 × 5000 (25 MP)',
    // Noise at 2000 × 2000 scaled up: real detail, within the 10 MiB upload limit.
    args: [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=2000x2000:rate=1:duration=1',
      '-vf',
      'noise=alls=4,scale=5000:5000:flags=neighbor',
      '-frames:v',
      '1',
      '-pred',
      'mixed',
    ],
  },
  {
    key: 'overLimit',
    file: 'over-limit-64mp.png',
    mime: 'image/png',
    label: 'PNG 8000 × 8000 (64 MP, over the limit)',
    args: ['-f', 'lavfi', '-i', 'color=c=gray:size=8000x8000:duration=1', '-frames:v', '1'],
  },
];

/** Makes every image with ffmpeg and reads its size and frames back (ffprobe). */
async function makeImages(dir) {
  const images = [];
  for (const image of IMAGES) {
    const file = path.join(dir, image.file);
    const started = performance.now();
    await runTool('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...image.args, file], 120_000);
    const probed = JSON.parse(
      await runTool('ffprobe', [
        '-v',
        'error',
        '-count_frames',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=width,height,nb_read_frames',
        '-of',
        'json',
        file,
      ]),
    ).streams[0];
    const bytes = fs.statSync(file).size;
    if (bytes > MAX_IMAGE_BYTES) throw new Error(`${image.file}: ${bytes} bytes, over the limit`);
    images.push({
      ...image,
      path: file,
      body: fs.readFileSync(file),
      bytes,
      width: probed.width,
      height: probed.height,
      frames: Number(probed.nb_read_frames) || 1,
      seconds: seconds(started),
    });
  }
  return images;
}

/** CPU seconds (user + system) a process has used so far, from /proc (0 once it is gone). */
function processCpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** One profile-picture upload (multipart, as the web client sends it): status, code, seconds. */
/** Process ids under `pid` (its children, theirs…), from /proc: the image worker among them. */
function descendantsOf(pid) {
  const children = [];
  try {
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      const list = fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8');
      children.push(...list.split(' ').filter(Boolean).map(Number));
    }
  } catch {
    // gone
  }
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

/** CPU seconds used so far by the processes under `pid` that are still running. */
const childrenCpuSeconds = (pid) =>
  descendantsOf(pid).reduce((sum, child) => sum + processCpuSeconds(child), 0);

async function benchImages() {
  const loadBefore = os.loadavg()[0];
  const started = performance.now();
  return withBenchWorkspace('clipmarket-bench-images-', async ({ work, start, stop }) => {
    console.log('Making the images…');
    const images = await makeImages(work);
    console.log(images.map(({ body: _body, args: _args, ...image }) => image));

    console.log('Starting the API (PGlite, demo data)…');
    let t = performance.now();
    const server = await start();
    const bootSeconds = seconds(t);
    const pid = server.child.pid;
    const token = await signIn(server, 'creator@clipmarket.tn');
    await waitForNoFfmpeg(pid);
    const endpoints = [
      { label: 'GET /v2/health', url: '/v2/health', auth: false },
      { label: 'GET /v2/user/getMe (signed in)', url: '/v2/user/getMe', auth: true },
    ];

    await sleep(3000);
    await pacedLoad(server, token, endpoints, 3, { rate: LATENCY_RATE });
    const rounds = [];
    for (const uploaderEmail of UPLOADER_ACCOUNTS) {
      const uploaderToken = await signIn(server, uploaderEmail);
      console.log(`Round ${rounds.length + 1} (${uploaderEmail} uploads). Latency, idle…`);
      const idleLoad = os.loadavg()[0];
      let cpu = processCpuSeconds(pid);
      t = performance.now();
      const idle = await pacedLoad(server, token, endpoints, IDLE_SECONDS, { rate: LATENCY_RATE });
      const idleApiCpu = (processCpuSeconds(pid) - cpu) / seconds(t);
      console.log(idle, { idleApiCpu });

      console.log(`Latency while ${uploaderEmail} uploads images (${UPLOAD_SECONDS} s)…`);
      const busyLoad = os.loadavg()[0];
      let uploading = true;
      cpu = processCpuSeconds(pid);
      const childrenCpu = childrenCpuSeconds(pid);
      t = performance.now();
      const [uploads, busy] = await Promise.all([
        uploadInThread(
          server,
          uploaderToken,
          images,
          { seconds: UPLOAD_SECONDS, connections: UPLOADERS, retryMs: RETRY_MS },
          () => (uploading = false),
        ),
        pacedLoad(server, token, endpoints, UPLOAD_SECONDS + 120, {
          rate: LATENCY_RATE,
          keepGoing: () => uploading,
        }),
      ]);
      const busyApiCpu = (processCpuSeconds(pid) - cpu) / seconds(t);
      const busyWorkerCpu = (childrenCpuSeconds(pid) - childrenCpu) / seconds(t);
      console.log(busy, { busyApiCpu, busyWorkerCpu });
      // Idle again once every upload has answered (the queue is empty): how much the idle
      // figures themselves move on this machine.
      await sleep(2000);
      console.log('Latency, idle again…');
      const idleAfter = await pacedLoad(server, token, endpoints, IDLE_SECONDS, {
        rate: LATENCY_RATE,
      });
      console.log(idleAfter);
      rounds.push({
        uploaderEmail,
        idle,
        busy,
        uploads,
        idleApiCpu,
        busyApiCpu,
        busyWorkerCpu,
        idleAfter,
        idleLoad,
        busyLoad,
      });
    }
    await stop();
    // The round whose worse ratio is the median one is reported in full; the others by ratio.
    const worstRatio = (round) => Math.max(...p99Ratios(round));
    const reported = [...rounds].sort((a, b) => worstRatio(a) - worstRatio(b))[
      Math.floor(rounds.length / 2)
    ];
    return {
      date: new Date().toISOString().slice(0, 10),
      images,
      bootSeconds,
      ...reported,
      rounds: rounds.map((round) => ({
        uploaderEmail: round.uploaderEmail,
        ratios: p99Ratios(round),
        reported: round === reported,
      })),
      loadBefore,
      loadAfter: os.loadavg()[0],
      totalSeconds: seconds(started),
    };
  });
}

/**
 * The idle p99 each endpoint is judged against: the lower of the two idle windows (before and
 * after the uploads), the closer estimate of idle on a machine whose other work comes and goes.
 */
const idleP99 = (r, i) => Math.min(r.idle[i].p99, r.idleAfter[i].p99);
const p99Ratios = (r) => r.busy.map((busy, i) => busy.p99 / idleP99(r, i));

function imageBenchFailures(r) {
  const failures = [];
  p99Ratios(r).forEach((ratio, i) => {
    if (ratio > GOALS.p99Ratio)
      failures.push(
        `${r.idle[i].endpoint}: p99 while uploading ${round(ratio, 1)} × idle > ${GOALS.p99Ratio}`,
      );
  });
  return failures;
}

/** The uploads of one image (or all): sent, accepted, refused by status and code, seconds. */
function uploadSummary(results) {
  const accepted = results.filter((u) => u.status === 200);
  const refused = new Map();
  for (const u of results.filter((u) => u.status !== 200)) {
    const key = `${u.status || 'network'} ${u.code}`.trim();
    refused.set(key, (refused.get(key) ?? 0) + 1);
  }
  const times = (list) =>
    list.length === 0
      ? '–'
      : `${round(median(list.map((u) => u.seconds)), 2)} / ${round(Math.max(...list.map((u) => u.seconds)), 2)}`;
  return {
    sent: results.length,
    accepted: accepted.length,
    refused: [...refused].map(([key, count]) => `${count} × ${key}`).join(', ') || '–',
    acceptedTimes: times(accepted),
    refusedTimes: times(results.filter((u) => u.status !== 200)),
  };
}

function imageBenchMarkdown(r) {
  const ratios = p99Ratios(r);
  const latencyRow = (row, state, note = '') =>
    `| ${row.endpoint} | ${state} | ${row.requests} | ${round(row.p50)} | ${round(row.p99)} | ${round(row.max)} | ${row.errors} | ${note} |`;
  const latencyRows = r.idle
    .flatMap((idle, i) => [
      latencyRow(idle, `idle (${round(idle.seconds)} s)`),
      latencyRow(
        r.busy[i],
        `uploads (${round(r.busy[i].seconds)} s)`,
        `${round(ratios[i], 1)} × idle (goal ≤ ${GOALS.p99Ratio} ×) ${ok(ratios[i] <= GOALS.p99Ratio)}`,
      ),
      latencyRow(
        r.idleAfter[i],
        `idle again, after (${round(r.idleAfter[i].seconds)} s)`,
        `${round(r.idleAfter[i].p99 / idle.p99, 1)} × the first idle`,
      ),
    ])
    .join('\n');
  const uploadRow = (label, results) => {
    const s = uploadSummary(results);
    return `| ${label} | ${s.sent} | ${s.accepted} | ${s.refused} | ${s.acceptedTimes} | ${s.refusedTimes} |`;
  };
  const all = r.uploads.results;
  const uploadRows = [
    ...r.images.map((image) =>
      uploadRow(
        image.label,
        all.filter((u) => u.image === image.key),
      ),
    ),
    uploadRow('**all**', all),
  ].join('\n');
  const imageList = r.images
    .map(
      (image) =>
        `${image.label}: ${image.width} × ${image.height}, ${image.frames} frame${image.frames > 1 ? 's' : ''}, ${(image.bytes / MB).toFixed(2)} MB`,
    )
    .join('; ');
  const accepted = all.filter((u) => u.status === 200);
  const missed = imageBenchFailures(r);
  const lastAnswer = Math.max(...all.map((u) => u.at + u.seconds));
  const queueRefused = all.filter((u) => u.code === 'IMAGE_QUEUE_FULL');
  const tooLarge = all.filter((u) => u.code === 'IMAGE_TOO_LARGE');
  const networkErrors = all.filter((u) => u.status === 0);
  const idleSpread = Math.max(...r.idle.map((row) => row.p99 / row.p50));
  const idleDrift = Math.max(
    ...r.idle.map((row, i) => Math.max(r.idleAfter[i].p99 / row.p99, row.p99 / r.idleAfter[i].p99)),
  );
  const noisy = idleSpread > 10 || idleDrift > GOALS.p99Ratio;
  const notes = [];
  if (noisy) {
    notes.push(
      `**The machine**: its load average was ${round(r.idleLoad)} and ${round(r.busyLoad)} on ${os.cpus().length} CPUs when the ` +
        `idle and upload windows started (other work); idle, the p99 is up to ${round(idleSpread)} × the p50, and the two idle ` +
        `windows' p99 differ by up to ${round(idleDrift, 1)} ×, so the p99 of any window is mostly the machine's and this ` +
        `run's verdict (${missed.length === 0 ? 'met' : 'missed'}) is weak evidence either way. The p50 ` +
        `went from ${r.idle.map((row) => round(row.p50)).join(' and ')} ms idle to ${r.busy.map((row) => round(row.p50)).join(' and ')} ms ` +
        'while uploading. Run the part again on a quiet machine to judge the product alone.',
    );
  }
  if (missed.length > 0) {
    notes.push(
      `**The API's own share**: its process used ${round(r.busyApiCpu * 100)} % of a CPU during the uploads against ` +
        `${round(r.idleApiCpu * 100)} % idle, and its image worker ${round(r.busyWorkerCpu * 100)} % during the uploads. ` +
        `Decoding and encoding run in that child process at nice 19, ${MAX_CONCURRENT_IMAGES} image at a time on one ` +
        'libvips thread; the event loop streams each admitted upload to a temporary file and the re-encoded sizes to ' +
        'storage. A user whose images fill their share is refused before the body is read ' +
        `(${queueRefused.length} IMAGE_QUEUE_FULL here, answered in ${round(median(queueRefused.map((u) => u.seconds)) || 0, 2)} s median)` +
        (tooLarge.length > 0
          ? ', and an image over the pixel limit from its first bytes before it waits in the queue ' +
            `(IMAGE_TOO_LARGE in ${round(median(tooLarge.map((u) => u.seconds)), 2)} s median).`
          : '.') +
        (networkErrors.length > 0
          ? ` ${networkErrors.length} upload(s) ended in a network error (${[...new Set(networkErrors.map((u) => u.code))].join(', ')}).`
          : ''),
      '**What was tried** (29 November 2026): the paced load used to run on the thread that sends the uploads, ' +
        'whose 9 MB bodies delayed its requests: in a thread of its own, the same product measured GET /v2/health ' +
        'at 2.9 × idle instead of 6–7 × and getMe at 1.9 × instead of 3.5 ×. A CPU profile of the API during the ' +
        "uploads: its event loop busy about a third of the time, mostly with PGlite's queries for the paced load " +
        '(embedded, they run on the loop); the upload path itself (writes, fstat, garbage collection) about half a ' +
        'second over the 15 s. The image worker at the idle scheduling class (`SCHED_IDLE`) instead of nice 19 ' +
        'changed nothing. Later the same day the uploader moved to a thread of its own at nice 10 (a user on ' +
        'another machine), and the part became three rounds judged on the median one: single runs had given ' +
        '2.0–3.0 × for health and 1.6–2.3 × for getMe, and the idle windows before and after one round differ as ' +
        'much (see "idle again"). What is left is the two CPUs\' share between the API, its worker and the ' +
        'measuring thread: compare on a quiet machine, or with the load generator on another.',
    );
  }
  return `## Image uploads and other users' latency

Measured by \`npm run bench\` (or \`npm run bench -- --images\`: \`scripts/bench-images.mjs\`) on ${r.date}.
Machine: ${machine}. Load average (1 min): ${round(r.loadBefore)} at the start, ${round(r.loadAfter)} at the end
(${round(r.idleLoad)} when the idle window started, ${round(r.busyLoad)} when the uploads started), on ${os.cpus().length} CPUs shared
with other work; the part took ${Math.round(r.totalSeconds)} s. Goal: while one user uploads costly images as fast as
the limits let them, another signed-in user's p99 ≤ ${GOALS.p99Ratio} × idle. ${missed.length === 0 ? 'Met in this run.' : `**Missed in this run**: ${missed.join('; ')}.`}${noisy ? " The machine's other work dominates these figures (see below)." : ''}

The API is a process of its own (\`apps/api/src/main.ts\` through tsx, PGlite in a temp data folder, demo
data), booted in ${round(r.bootSeconds)} s; the bench talks to it on loopback. Its limits: images over
${MAX_INPUT_PIXELS / 1_000_000} MP refused from the header before decoding (IMAGE_TOO_LARGE); animations over ${MAX_ANIMATION_FRAMES} frames or
${MAX_ANIMATION_PIXELS / 1_000_000} MP of frames keep their first frame; ${MAX_CONCURRENT_IMAGES} image processed at once, at most ${MAX_IMAGES_PER_USER} of one user and
${MAX_WAITING_IMAGES} waiting in all (more: 429 IMAGE_QUEUE_FULL); ${UPLOAD_RATE_LIMIT} uploads a minute per user (429 RATE_LIMITED);
${MAX_IMAGE_BYTES / 1_048_576} MiB per file.

**The images**, made by ffmpeg in the run (test patterns, noise for real detail): ${imageList}.
**The uploader**: in each of ${r.rounds.length} rounds one demo account (${r.rounds.map((x) => x.uploaderEmail.split('@')[0]).join(', ')}) sends them in turn as profile pictures (\`POST /v2/media/upload?purpose=profile\`,
multipart) from ${UPLOADERS} connections at once (one more than its per-user bound), each sending the next as soon as
its previous one answered, for ${UPLOAD_SECONDS} s; a refused image is sent again ${RETRY_MS} ms after IMAGE_QUEUE_FULL, or after
the Retry-After of RATE_LIMITED. It stands for a user on another machine: it runs in a thread of the bench at nice 10
(\`scripts/bench-uploader.mjs\`), so that building and sending its bodies on the same two CPUs does not count as the API's
latency. **The other user**: the demo creator, signed in; an open-loop paced load of
${LATENCY_RATE} requests/s from a thread of the bench process of its own, apart from the uploader's (\`GET /v2/user/getMe\` with its token and \`GET /v2/health\` in turn,
${LATENCY_RATE / 2}/s each; each request timed from when it was due, so queueing counts), ${IDLE_SECONDS} s idle, then from the
first upload until the last one answered (${round(lastAnswer)} s), then ${IDLE_SECONDS} s idle again. The p99 while uploading is judged
against the lower idle p99 of the two. Milliseconds; the round reported is the one whose worse ratio is the median
(${r.uploaderEmail.split('@')[0]} uploading), the goal judged on it. Every round, p99 while uploading ÷ idle (${r.idle
    .map((row) => row.endpoint)
    .join(' / ')}): ${r.rounds
    .map(
      (x) =>
        `${x.uploaderEmail.split('@')[0]} ${x.ratios.map((ratio) => `${round(ratio, 1)} ×`).join(' / ')}`,
    )
    .join('; ')}.

| endpoint | while | requests | p50 | p99 | max | errors | p99 |
|---|---|---:|---:|---:|---:|---:|---|
${latencyRows}

The uploads: ${accepted.length} accepted of ${all.length} sent. Seconds from sending to the answer, median / max.

| image | sent | accepted | refused (status, code) | accepted, s | refused, s |
|---|---:|---:|---|---:|---:|
${uploadRows}

The API process used ${round(r.idleApiCpu * 100)} % of a CPU during the idle window and ${round(r.busyApiCpu * 100)} % during the uploads; its image worker (a child process at nice 19) ${round(r.busyWorkerCpu * 100)} % during the uploads.
${notes.length > 0 ? `\n### ${missed.length > 0 ? 'Goal missed: why, and what would help' : 'How far to trust this run'}\n\n${notes.map((n) => `- ${n}`).join('\n')}\n` : ''}`;
}

const results = await benchImages();
const section = imageBenchMarkdown(results);
replaceSection(
  path.join(root, 'docs/benchmarks.md'),
  "Image uploads and other users' latency",
  section,
  { before: 'CI' },
);
console.log(section);
const failures = imageBenchFailures(results);
if (failures.length > 0) {
  // Reported, not fatal, like the web budget: the goal is what the figures above track.
  console.error(`\nImage goals missed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
}
process.exit(0);
