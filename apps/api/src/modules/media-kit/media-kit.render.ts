import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { MediaKitContent } from '@clipmarket/contracts/media-kit';
import type { Db } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { defineJob, type JobQueue, type Logger } from '../../platform/jobs/job-queue.js';
import type { Storage } from '../../platform/storage/storage.js';
import { buildContent, type ContentDeps } from './media-kit.content.js';
import type {
  CreatorsForMediaKit,
  NotificationsForMediaKit,
  RealtimeForMediaKit,
  VideosForMediaKit,
} from './media-kit.ports.js';
import { renderMediaKitPdf } from './media-kit.pdf.js';
import { mediaKitRepository as repository } from './media-kit.repository.js';
import type { MediaKitRow } from './media-kit.schema.js';

const run = promisify(execFile);

/** The picture of each page: 72 dpi is 595 × 842 pixels, enough for the flipbook and previews. */
const PAGE_DPI = 72;

/** Where a rendering's files are kept: a fresh random folder per rendering (cacheable for ever). */
export const renderFileKey = (renderKey: string, file: string) => `media-kits/${renderKey}/${file}`;
/** A rendering's file on the app's address (`/v2/media-kit-files/{key}/{file}`). */
export const renderFileUrl = (renderKey: string, file: string) =>
  `/v2/media-kit-files/${renderKey}/${file}`;
export const KIT_PDF_FILE = 'kit.pdf';
export const pageFile = (page: number) => `page-${page}.png`;
/** A featured video's poster, copied from its private file into the rendering's folder. */
export const posterFile = (lineId: number) => `poster-${lineId}.jpg`;
export const renderKeyPattern = /^[A-Za-z0-9_-]{22}$/;

/** Every file of a rendering: its PDF, its pages and the posters its snapshot names. */
export function filesOfRendering(rendering: {
  pageCount: number;
  content: MediaKitContent | null;
}): string[] {
  const posters = (rendering.content?.videos ?? []).flatMap((video) =>
    video.poster_url === null ? [] : [posterFile(video.line_id)],
  );
  return [
    KIT_PDF_FILE,
    ...Array.from({ length: rendering.pageCount }, (_, i) => pageFile(i + 1)),
    ...posters,
  ];
}

/** Why a rendering failed, as the code the builder words. */
export type RenderErrorCode = 'content_failed' | 'pdf_failed' | 'pages_failed' | 'storage_failed';

class RenderError extends Error {
  constructor(
    readonly code: RenderErrorCode,
    cause: unknown,
  ) {
    super(`media kit rendering failed: ${code}`, { cause });
  }
}

const step = async <T>(code: RenderErrorCode, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw error instanceof RenderError ? error : new RenderError(code, error);
  }
};

/** Each page of the PDF as a PNG, in page order (poppler's `pdftoppm`). */
async function pagesOf(pdf: Buffer): Promise<Buffer[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-kit-'));
  try {
    const input = path.join(dir, 'kit.pdf');
    await fs.writeFile(input, pdf);
    await run('pdftoppm', ['-png', '-r', String(PAGE_DPI), input, path.join(dir, 'page')], {
      timeout: 60_000,
    });
    // `page-1.png` or `page-01.png`, as the page count needs: sorted by number.
    const names = (await fs.readdir(dir))
      .filter((name) => /^page-\d+\.png$/.test(name))
      .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
    if (names.length === 0) throw new Error('pdftoppm made no page');
    // Awaited here: the folder is removed in `finally` only once every page is read.
    return await Promise.all(names.map((name) => fs.readFile(path.join(dir, name))));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export interface RenderDeps extends ContentDeps {
  db: Db;
  jobs: JobQueue;
  storage: Storage;
  creators: CreatorsForMediaKit;
  videos: VideosForMediaKit;
  notifications: NotificationsForMediaKit;
  realtime: RealtimeForMediaKit;
  now: () => Date;
  log: Logger;
}

/**
 * The render job (issue 25 §1, ADR 042): the kit's snapshot built by `buildContent` as the
 * public sees it, its PDF, a picture per page and its videos' posters, all stored under a new
 * folder; then the kit is
 * `ready` with them, its name recorded, and the creator told (socket and bell). A job of a
 * version a newer save replaced does nothing (that save staged its own). A failure marks the
 * kit `failed` with its code and keeps the previous rendering public; saving again retries.
 */
export function createMediaKitRendering(deps: RenderDeps) {
  const { db, log } = deps;

  /**
   * The posters of the featured videos the snapshot shows (issue 25 §1): each read from the
   * line's approved video and named in the snapshot under this rendering's folder, so a video
   * no longer shown loses its poster with the next rendering. A poster that cannot be read is
   * left out; the kit renders without it.
   */
  async function postersOf(content: MediaKitContent, renderKey: string) {
    const posters = new Map<number, Buffer>();
    for (const video of content.videos ?? []) {
      try {
        const poster = await deps.videos.posterOfLine(db, video.line_id);
        if (!poster) continue;
        posters.set(video.line_id, poster);
        video.poster_url = renderFileUrl(renderKey, posterFile(video.line_id));
      } catch (error) {
        log.warn({ err: error, lineId: video.line_id }, 'a media kit poster could not be read');
      }
    }
    return posters;
  }

  async function render(kit: MediaKitRow) {
    const creator = await step('content_failed', async () => {
      const found = await deps.creators.describeMediaKitCreator(db, kit.userId, kit.language);
      if (!found) throw new Error(`no creator of media kit ${kit.id}`);
      return found;
    });
    const renderKey = randomBytes(16).toString('base64url');
    const content: MediaKitContent = await step('content_failed', () =>
      buildContent(deps, db, {
        creator,
        settings: {
          headline: kit.headline,
          cover_file_id: kit.coverFileId,
          hidden_sections: kit.hiddenSections,
          featured_line_ids: kit.featuredLineIds,
        },
        forPublic: true,
        now: deps.now(),
      }),
    );
    const posters = await postersOf(content, renderKey);
    const pdf = await step('pdf_failed', () =>
      renderMediaKitPdf(content, kit.theme, kit.language, posters),
    );
    const pages = await step('pages_failed', () => pagesOf(pdf));
    await step('storage_failed', async () => {
      await deps.storage.put(renderFileKey(renderKey, KIT_PDF_FILE), Readable.from(pdf), {
        contentType: 'application/pdf',
      });
      for (const [index, page] of pages.entries()) {
        await deps.storage.put(renderFileKey(renderKey, pageFile(index + 1)), Readable.from(page), {
          contentType: 'image/png',
        });
      }
      for (const [lineId, poster] of posters) {
        await deps.storage.put(
          renderFileKey(renderKey, posterFile(lineId)),
          Readable.from(poster),
          {
            contentType: 'image/jpeg',
          },
        );
      }
    });
    return { content, renderKey, pageCount: pages.length, influencerName: creator.influencerName };
  }

  async function removeFiles(renderKey: string, files: readonly string[]) {
    for (const file of files) {
      await deps.storage.delete(renderFileKey(renderKey, file)).catch((error: unknown) => {
        log.warn({ err: error, renderKey }, 'an old media kit file could not be removed');
      });
    }
  }

  const renderJob = defineJob<{ kitId: number; version: number }>({
    name: 'media-kit-render',
    retryLimit: 2,
    expireInSeconds: 300,
    async handle({ kitId, version }) {
      const kit = await repository.findById(db, kitId);
      if (!kit || kit.version !== version) return;
      let rendered: Awaited<ReturnType<typeof render>>;
      try {
        rendered = await render(kit);
      } catch (error) {
        const code = error instanceof RenderError ? error.code : 'content_failed';
        log.error({ err: error, kitId, version }, 'media kit rendering failed');
        await repository.markFailed(db, kitId, version, code);
        return;
      }
      const renderedAt = deps.now();
      const previous = await inTransaction(db, async (tx) => {
        const locked = await repository.lock(tx, kitId);
        // A newer save came meanwhile: its own job renders it; these files are not used.
        if (!locked || locked.version !== version) return undefined;
        await repository.saveRendering(tx, kitId, {
          content: rendered.content,
          renderKey: rendered.renderKey,
          pageCount: rendered.pageCount,
          renderedVersion: version,
          renderedAt,
        });
        if (rendered.influencerName) {
          await repository.recordName(tx, rendered.influencerName, locked.influencerId, renderedAt);
        }
        return locked;
      });
      if (!previous) {
        await removeFiles(rendered.renderKey, filesOfRendering(rendered));
        return;
      }
      if (previous.renderKey) await removeFiles(previous.renderKey, filesOfRendering(previous));
      deps.realtime.emitToUser(previous.userId, 'media_kit_is_ready', {
        influencer_id: previous.influencerId,
      });
      await deps.notifications.notify({
        receiverUserId: previous.userId,
        type: 'media_kit_is_ready',
        module: 'account',
        idempotencyKey: `media-kit-ready:${kitId}:${version}`,
      });
    },
  });

  deps.jobs.register(renderJob);
  return { renderJob };
}
