/**
 * The media kit part of `npm run bench` (issue 25 §7; `npm run bench -- --media-kit` runs only
 * this part), written to the "Media kit rendering" section of docs/benchmarks.md.
 *
 * The API (built as `npm start` builds it, not listening) on the embedded database by default
 * (DATABASE_URL when set), with the demo data as `npm start` seeds it: the demo creator's kit
 * features two published videos with their posters. She saves her kit RENDERS_PER_LANGUAGE
 * times in each language, each time with another headline, and the bench waits for the render
 * job (`media-kit-render`) to make it `ready` before the next save. Timed per kit:
 * - save → ready: from the call of the service's `save` to the moment the job tells her
 *   browser (the `media_kit_is_ready` socket event, sent once the kit is `ready`);
 * - inside the job, from timestamps taken by wrapping what the job calls through shared
 *   objects (its module's code is not changed): the job's handler, the storage it reads the
 *   posters from and writes the files to, the temp folder `pdftoppm` works in, the socket.
 * Run with `node --import tsx`; bounded in time; the temp folder is removed at the end.
 */
import fs from 'node:fs';
import fsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { MediaKitView } from '@clipmarket/contracts/media-kit';
import { buildApp } from '../src/app.js';
import {
  seedDemoCampaigns,
  seedDemoContentRequests,
  seedDemoData,
  seedDemoDeliveries,
  seedDemoMediaKit,
  seedDemoMoney,
  seedDemoOpportunities,
  seedDemoPublicationFigures,
  seedDemoTrackedLinks,
} from '../src/demo/index.js';
import { openDatabase } from '../src/platform/db/client.js';
import { loadEnv, repoRoot } from '../src/platform/env.js';
import type { Language } from '../src/platform/i18n.js';
import { findAccountByEmail } from '../src/modules/users/index.js';
import { prepareDatabase } from '../src/prepare-database.js';

const RENDERS_PER_LANGUAGE = 10;
const LANGUAGES: readonly Language[] = ['en', 'fr', 'tn'];
const CREATOR_EMAIL = 'creator@clipmarket.tn';
/** One kit's wait for `ready` (the job alone takes a second or two). */
const RENDER_TIMEOUT_MS = 60_000;
/** The demo seed's own work (its videos' processing) must be over before measuring. */
const QUIET_TIMEOUT_MS = 120_000;
/** A headline in the kit's language (tn: Arabic, shaped right to left in the PDF). */
const HEADLINES: Record<Language, string> = {
  en: 'Quick recipes and good addresses in short videos that make Tunis hungry',
  fr: 'Recettes rapides et bonnes adresses en vidéos courtes qui donnent faim à Tunis',
  tn: 'وصفات سريعة وعناوين باهية في فيديوهات قصيرة تجوّع تونس الكل',
};

/** Milliseconds since the save, per moment of one kit's rendering. */
interface Marks {
  saved?: number;
  jobStart?: number;
  /** The first poster looked up (`buildContent` is over) and the last one read. */
  posterLookup?: number;
  postersRead?: number;
  /** `pdftoppm`'s temp folder made: the PDF is done. */
  pagesStart?: number;
  /** The first file written (the PDF): the page pictures are done. */
  storageStart?: number;
  storageEnd?: number;
  ready?: number;
  jobEnd?: number;
  pdfBytes: number;
  pages: number;
  posters: number;
}

export interface KitRender {
  language: Language;
  saveToReadyMs: number;
  /** The save's own answer (the job may start before it: it is staged in the save's transaction). */
  saveMs: number;
  /** From the save's call to the job's start: the outbox relay and the queue. */
  queueMs: number;
  /** From the job's start to `ready`. */
  jobMs: number;
  contentMs: number;
  postersMs: number;
  pdfMs: number;
  pagesMs: number;
  storageMs: number;
  /** Recording the rendering (a transaction), removing the previous one's files. */
  finishMs: number;
  pages: number;
  pdfBytes: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Nearest-rank percentile of a non-empty list. */
function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

/** ffmpeg children of this process (the demo videos' processing), from /proc. */
function ffmpegChildren(): number {
  try {
    const children = fs
      .readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return children.filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'ffmpeg';
      } catch {
        return false;
      }
    }).length;
  } catch {
    return 0;
  }
}

export async function benchMediaKit(): Promise<{
  renders: KitRender[];
  database: string;
  seedSeconds: number;
  cpus: number;
  loadBefore: number;
  loadAfter: number;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clipmarket-bench-media-kit-'));
  const env = loadEnv({
    ...process.env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.DATABASE_URL ?? '',
  });
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'db'),
  });
  try {
    await prepareDatabase(database, env.JOBS_SCHEMA);
    const { app, realtime, modules, konnectSandbox, socialSandbox } = await buildApp(env, database);
    await app.ready();
    try {
      // The demo data as `npm start` seeds it (apps/api/src/main.ts), her kit last.
      const seedStart = performance.now();
      await seedDemoData(database, env, {
        media: modules.media.service,
        settings: modules.settings.reader,
      });
      if (!konnectSandbox || !socialSandbox) {
        throw new Error('the demo needs the built-in payment and social sandboxes');
      }
      await seedDemoMoney(database.db, {
        wallet: modules.wallet.service,
        payments: modules.payments.service,
        promoCodes: modules.promoCodes.service,
        payAtGateway: async (paymentRef) => {
          await konnectSandbox.service.pay(paymentRef, '4509211111111119');
        },
      });
      await seedDemoContentRequests(database.db, {
        contentRequests: modules.contentRequests.service,
      });
      await seedDemoOpportunities(database.db, { opportunities: modules.opportunities });
      await seedDemoDeliveries(database.db, {
        contentRequests: modules.contentRequests.service,
        videos: modules.contentVideos,
        payouts: modules.payouts,
        settings: modules.settings.reader,
        delivery: modules.contentRequests,
        ffmpeg: env.FFMPEG_PATH,
        workDir: path.join(dataDir, 'tmp'),
        log: app.log,
      });
      await seedDemoCampaigns(database.db, { campaigns: modules.campaigns.service });
      await seedDemoPublicationFigures(database.db, {
        contentRequests: modules.contentRequests.service,
        metrics: modules.publicationMetrics,
        sandbox: socialSandbox.service,
        media: modules.media.service,
        log: app.log,
      });
      await seedDemoTrackedLinks(database.db, { trackedLinks: modules.trackedLinks.service });
      const seeded = await seedDemoMediaKit(database.db, {
        contentRequests: modules.contentRequests.service,
        mediaKit: modules.mediaKit.service,
        log: app.log,
      });
      const seedSeconds = (performance.now() - seedStart) / 1000;
      const creator = await findAccountByEmail(database.db, CREATOR_EMAIL);
      if (!creator) throw new Error('no demo creator');
      const actor = { userId: creator.id, role: creator.role };
      const kit = await modules.mediaKit.service.get(actor);
      if (kit.render_state !== 'ready' || seeded.kitsRendered !== 1) {
        throw new Error(`the demo media kit was not rendered: ${kit.render_state}`);
      }
      if (kit.settings.featured_line_ids.length < 2) {
        throw new Error(
          `the demo kit features ${kit.settings.featured_line_ids.length} videos, not 2`,
        );
      }
      // Measured alone: the demo videos' processing (ffmpeg, in jobs) over first.
      const quietDeadline = Date.now() + QUIET_TIMEOUT_MS;
      let quietSince = Date.now();
      while (Date.now() - quietSince < 2000 && Date.now() < quietDeadline) {
        if (ffmpegChildren() > 0) quietSince = Date.now();
        await sleep(200);
      }

      // Timestamps of the current kit's rendering, from what the job calls.
      let current: Marks | null = null;
      let t0 = 0;
      let inJob = false;
      const at = () => performance.now() - t0;
      let readySignal: (() => void) | null = null;

      const renderJob = modules.mediaKit.renderJob;
      const handle = renderJob.handle.bind(renderJob);
      renderJob.handle = async (payload, context) => {
        inJob = true;
        if (current) current.jobStart = at();
        try {
          await handle(payload, context);
        } finally {
          inJob = false;
          if (current) current.jobEnd = at();
        }
      };
      const storage = modules.media.storage;
      const { stat, get, put } = storage;
      storage.stat = async (key) => {
        if (inJob && current && current.posterLookup === undefined) current.posterLookup = at();
        return stat.call(storage, key);
      };
      storage.get = (key, range) => {
        const stream: Readable = get.call(storage, key, range);
        if (inJob && current) {
          const marks = current;
          stream.once('end', () => {
            marks.postersRead = at();
            marks.posters += 1;
          });
        }
        return stream;
      };
      storage.put = async (key, body, options) => {
        const marks = inJob && key.startsWith('media-kits/') ? current : null;
        if (marks && marks.storageStart === undefined) marks.storageStart = at();
        const written = await put.call(storage, key, body, options);
        if (marks) {
          marks.storageEnd = at();
          if (key.endsWith('/kit.pdf')) marks.pdfBytes = written.size;
          if (/\/page-\d+\.png$/.test(key)) marks.pages += 1;
        }
        return written;
      };
      const { mkdtemp } = fsPromises;
      fsPromises.mkdtemp = ((prefix: string, options?: unknown) => {
        if (inJob && current && prefix.includes('media-kit-')) current.pagesStart = at();
        return (mkdtemp as (p: string, o?: unknown) => Promise<string>)(prefix, options);
      }) as typeof fsPromises.mkdtemp;
      const emitToUser = realtime.emitToUser.bind(realtime) as (...args: unknown[]) => void;
      realtime.emitToUser = ((...args: unknown[]) => {
        if (args[1] === 'media_kit_is_ready' && current) {
          current.ready = at();
          readySignal?.();
        }
        emitToUser(...args);
      }) as typeof realtime.emitToUser;

      const renders: KitRender[] = [];
      const loadBefore = os.loadavg()[0]!;
      let settings = kit.settings;
      for (const language of LANGUAGES) {
        for (let i = 1; i <= RENDERS_PER_LANGUAGE; i += 1) {
          const marks: Marks = { pdfBytes: 0, pages: 0, posters: 0 };
          const ready = new Promise<void>((resolve) => {
            readySignal = resolve;
          });
          current = marks;
          t0 = performance.now();
          let view: MediaKitView = await modules.mediaKit.service.save(actor, {
            ...settings,
            language,
            headline: `${HEADLINES[language]} ${i}`,
          });
          marks.saved = at();
          const timedOut = await Promise.race([
            ready.then(() => false),
            sleep(RENDER_TIMEOUT_MS).then(() => true),
          ]);
          // The handler ends just after telling her (the bell's notification): the next save
          // waits for it, so one kit renders at a time.
          while (marks.jobEnd === undefined && !timedOut && at() < RENDER_TIMEOUT_MS) {
            await sleep(5);
          }
          current = null;
          view = await modules.mediaKit.service.get(actor);
          if (timedOut || view.render_state !== 'ready') {
            throw new Error(
              `kit ${language} #${i}: ${view.render_state} ${view.render_error ?? ''} after ${Math.round(at())} ms`,
            );
          }
          settings = view.settings;
          // The demo kit's two featured videos, each drawn with its poster.
          if (marks.posters < 2) throw new Error(`kit ${language} #${i}: ${marks.posters} posters`);
          const need = (value: number | undefined, what: string) => {
            if (value === undefined) throw new Error(`kit ${language} #${i}: no ${what} mark`);
            return value;
          };
          const jobStart = need(marks.jobStart, 'job start');
          const posterLookup = need(marks.posterLookup, 'poster lookup');
          const postersRead = need(marks.postersRead, 'posters read');
          const pagesStart = need(marks.pagesStart, 'pdftoppm');
          const storageStart = need(marks.storageStart, 'storage start');
          const storageEnd = need(marks.storageEnd, 'storage end');
          const readyAt = need(marks.ready, 'ready');
          const saved = need(marks.saved, 'saved');
          const render: KitRender = {
            language,
            saveToReadyMs: readyAt,
            saveMs: saved,
            queueMs: jobStart,
            jobMs: readyAt - jobStart,
            contentMs: posterLookup - jobStart,
            postersMs: postersRead - posterLookup,
            pdfMs: pagesStart - postersRead,
            pagesMs: storageStart - pagesStart,
            storageMs: storageEnd - storageStart,
            finishMs: readyAt - storageEnd,
            pages: marks.pages,
            pdfBytes: marks.pdfBytes,
          };
          renders.push(render);
          console.log(
            `${language} #${i}: save → ready ${Math.round(render.saveToReadyMs)} ms (job ${Math.round(render.jobMs)} ms: content ${Math.round(render.contentMs)}, PDF ${Math.round(render.pdfMs)}, pages ${Math.round(render.pagesMs)}, storage ${Math.round(render.storageMs)}), ${render.pages} pages, PDF ${(render.pdfBytes / 1024).toFixed(0)} KB`,
          );
        }
      }
      Object.assign(fsPromises, { mkdtemp });
      return {
        renders,
        database: database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)',
        seedSeconds,
        cpus: os.cpus().length,
        loadBefore,
        loadAfter: os.loadavg()[0]!,
      };
    } finally {
      await realtime.close();
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'en',
  fr: 'fr',
  tn: 'tn (Arabic, RTL)',
};
const ms = (value: number) => String(Math.round(value));

export function mediaKitBenchMarkdown(
  result: Awaited<ReturnType<typeof benchMediaKit>>,
  machine: string,
): string {
  const { renders } = result;
  const of = (language: Language) => renders.filter((r) => r.language === language);
  const median = (values: number[]) => percentile(values, 50);
  const spread = (values: number[]) =>
    `${ms(percentile(values, 50))} | ${ms(percentile(values, 95))} | ${ms(Math.max(...values))}`;
  const range = (values: number[]) => {
    const low = Math.min(...values);
    const high = Math.max(...values);
    return low === high ? String(low) : `${low}–${high}`;
  };
  const totals = LANGUAGES.map((language) => {
    const rows = of(language);
    return `| ${LANGUAGE_NAMES[language]} | ${rows.length} | ${spread(rows.map((r) => r.saveToReadyMs))} | ${spread(rows.map((r) => r.jobMs))} | ${range(rows.map((r) => r.pages))} | ${range(rows.map((r) => Math.round(r.pdfBytes / 1024)))} |`;
  });
  const steps: Array<[string, (r: KitRender) => number]> = [
    ['save → the job starts (outbox relay, queue)', (r) => r.queueMs],
    ['content (`buildContent`, the creator)', (r) => r.contentMs],
    ['posters (2, read from storage)', (r) => r.postersMs],
    ['PDF (`renderMediaKitPdf`)', (r) => r.pdfMs],
    ['page pictures (`pdftoppm`, 72 dpi)', (r) => r.pagesMs],
    ['storage (PDF, pages, posters)', (r) => r.storageMs],
    ['record + remove the previous files', (r) => r.finishMs],
  ];
  const stepRows = steps.map(
    ([name, pick]) =>
      `| ${name} | ${LANGUAGES.map((language) => {
        const values = of(language).map(pick);
        return `${ms(median(values))} / ${ms(percentile(values, 95))}`;
      }).join(' | ')} |`,
  );
  const all = (pick: (r: KitRender) => number) => median(renders.map(pick));
  const job = all((r) => r.jobMs);
  // Shares of all the kits' job time, so the steps add up to the whole.
  const total = (pick: (r: KitRender) => number) => renders.reduce((sum, r) => sum + pick(r), 0);
  const percent = (pick: (r: KitRender) => number) =>
    `${Math.round((100 * total(pick)) / total((r) => r.jobMs))} %`;
  // The job's steps, largest first, as the reading names them.
  const jobSteps: Array<[string, (r: KitRender) => number]> = [
    [
      'the page pictures (`pdftoppm`: a process per kit, every page rasterised, the PNGs written to a temp folder and read back)',
      (r) => r.pagesMs,
    ],
    [
      'the PDF (pdfkit, on the API’s own thread: layout, the fonts’ glyphs embedded, the two posters)',
      (r) => r.pdfMs,
    ],
    [
      'the content (the creator, her delivered work, figures and rate card: a few queries)',
      (r) => r.contentMs,
    ],
    ['writing the files to storage (local disk)', (r) => r.storageMs],
    ['reading the two posters', (r) => r.postersMs],
    ['recording the rendering and removing the previous one’s files', (r) => r.finishMs],
  ];
  jobSteps.sort((x, y) => total(y[1]) - total(x[1]));
  const pdfKb = (language: Language) => median(of(language).map((r) => r.pdfBytes / 1024));
  const jobOf = (language: Language) => ms(median(of(language).map((r) => r.jobMs)));
  return `## Media kit rendering

\`apps/api/scripts/bench-media-kit.ts\` (\`npm run bench -- --media-kit\` runs only this part), on
${new Date().toISOString().slice(0, 10)}. Machine: ${machine}. Database: ${result.database}.
The API built as \`npm start\` builds it, in the bench's process (no HTTP), its job workers on,
with the demo data as \`npm start\` seeds it (${result.seedSeconds.toFixed(0)} s): the demo creator's
kit features two published videos with their posters. She saves her kit
${RENDERS_PER_LANGUAGE} times in each language, each time with another headline in that language,
and the bench waits for the render job (\`media-kit-render\`) to make it \`ready\` before the next
save, one kit at a time. **Save → ready**: from the call of the service's \`save\` to the job's
\`media_kit_is_ready\` socket event (sent once the kit is \`ready\`), as her builder sees it. **Job**:
from the job's start to that event. The steps are timed from what the job calls through shared
objects (its handler, the storage, \`pdftoppm\`'s temp folder, the socket), the module's code
unchanged. Milliseconds. Load average (1 min) on ${result.cpus} CPUs: ${result.loadBefore.toFixed(1)} before the
kits, ${result.loadAfter.toFixed(1)} after: the work of others on the machine slows the job.

| language | kits | save → ready p50 | p95 | max | job p50 | p95 | max | pages | PDF KB |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${totals.join('\n')}

Per step, p50 / p95 (with ${RENDERS_PER_LANGUAGE} kits a language, the p95 is the slowest one):

| step | ${LANGUAGES.map((language) => LANGUAGE_NAMES[language]).join(' | ')} |
|---|${LANGUAGES.map(() => '---:').join('|')}|
${stepRows.join('\n')}

Reading: over all ${renders.length} kits, a save is \`ready\` in ${ms(all((r) => r.saveToReadyMs))} ms at the median
(p95 ${ms(
    percentile(
      renders.map((r) => r.saveToReadyMs),
      95,
    ),
  )}): the job starts ${ms(all((r) => r.queueMs))} ms after the save is called (the save itself answers in
${ms(all((r) => r.saveMs))} ms: its transaction stages the job, which an idle worker takes at once), so the
time is the job's own (median ${ms(job)} ms). Of all the jobs' time: ${jobSteps
    .map(([name, pick]) => `${name}, ${percent(pick)}`)
    .join('; ')}. By language, job p50: en ${jobOf('en')}, fr ${jobOf('fr')}, tn ${jobOf('tn')} ms
(tn's PDF is ${ms(pdfKb('tn') - pdfKb('en'))} KB larger than en's: the Arabic font's glyphs, shaped right to
left).
`;
}

/** Rewrites the `## <heading>` section of docs/benchmarks.md, keeping the others. */
function replaceSection(file: string, heading: string, section: string) {
  const pattern = new RegExp(
    `^## ${heading}\\b[^\\n]*\\n[\\s\\S]*?(?=^## (?!#)|(?![\\s\\S]))`,
    'm',
  );
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmarks\n';
  const updated = pattern.test(current)
    ? current.replace(pattern, `${section}\n`)
    : `${current.trimEnd()}\n\n${section}`;
  fs.writeFileSync(file, updated);
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
const machine = `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, ${os.platform()} ${os.release()}`;

const started = performance.now();
const result = await benchMediaKit();
const section = mediaKitBenchMarkdown(result, machine);
replaceSection(path.join(repoRoot, 'docs/benchmarks.md'), 'Media kit rendering', section);
console.log(section);
console.log(`media kit bench: ${((performance.now() - started) / 1000).toFixed(0)} s`);
process.exit(0);
