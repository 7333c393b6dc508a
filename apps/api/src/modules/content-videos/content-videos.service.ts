import type { Readable } from 'node:stream';
import {
  contentDeliveryMessages,
  videoExtensions,
  type ContentVideo,
  type VideoStatus,
} from '@clipmarket/contracts/content-delivery';
import type { Role } from '@clipmarket/contracts/enums';
import type { ContentRequestLineState } from '@clipmarket/contracts/workflows/content-request-line';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { ByteRange, Storage } from '../../platform/storage/storage.js';
import { createUrlSigner, type UrlSigner } from '../media/index.js';
import type { SettingsReader } from '../settings/index.js';
import { mimeTypeOf, type VideoExtension } from './content-videos.probe.js';
import {
  contentVideosRepository as repository,
  type VideoRow,
} from './content-videos.repository.js';

/** The line as the uploader sees it (`LinesForVideos.lineForUpload`). */
export interface LineForUpload {
  lineId: number;
  state: ContentRequestLineState;
  advertiserUserId: number;
  advertiserName: string;
  influencerUserId: number;
  title: string;
  productName: string;
  /** The video length ordered (15, 30 or 60 s); null on a request without one. */
  videoDurationSeconds: number | null;
}

export type Viewer = { userId: number; role: Role };

/** Who a caller is on a line (`LinesForVideos.lineAccess`): the videos' reads are authorized with it. */
export interface LineAccess {
  side: 'creator' | 'advertiser' | 'admin';
  isPaid: boolean;
  state: ContentRequestLineState;
}

/**
 * What content-videos needs of the lines it takes videos for: the one declaration of this port,
 * implemented by content-requests' delivery part and handed in by the composition root.
 */
export interface LinesForVideos {
  lineForUpload(
    db: DbOrTx,
    lineId: number,
    creatorUserId: number,
  ): Promise<LineForUpload | undefined>;
  lineAccess(db: DbOrTx, lineId: number, caller: Viewer): Promise<LineAccess | undefined>;
  /** Optional `db`: the processing job submits the line in the transaction that makes it ready. */
  submitVideo(lineId: number, creatorUserId: number, db?: DbOrTx): Promise<boolean>;
}

/**
 * The licences module's HD gate (issue 27 §1), handed in by app.ts: the passed expiry of the
 * line's usage licence (at that module's clock), or null while it runs, is perpetual, or the
 * line has none.
 */
export interface LicencesForVideos {
  expiredLicenceOf(db: DbOrTx, lineId: number): Promise<{ expiresAt: Date } | null>;
}

/** States in which a line takes a (new) video: before the first review, or after a debrief. */
export const UPLOADABLE_STATES: readonly ContentRequestLineState[] = ['accepted', 'debriefed'];

/** Poster and preview links: long enough to watch and seek a preview, then refreshed by a reload. */
export const PREVIEW_URL_TTL_SECONDS = 30 * 60;
/** The HD original's link (issue 11 §9: it expires). */
export const ORIGINAL_URL_TTL_SECONDS = 5 * 60;

export const mediaKinds = ['poster', 'preview', 'original'] as const;
export type MediaKind = (typeof mediaKinds)[number];

/** What a signed URL grants: one kind of one video (never a path or storage key). */
const signedFile = (videoId: number, kind: MediaKind) => `content-video:${videoId}:${kind}`;

export const extensionOfKey = (key: string): VideoExtension => {
  const extension = key.slice(key.lastIndexOf('.') + 1) as VideoExtension;
  return videoExtensions.includes(extension) ? extension : 'mp4';
};

/** The download name: the creator's name for it with the extension its content decided. */
function downloadNameOf(row: VideoRow): string {
  const extension = extensionOfKey(row.originalKey);
  const stem = row.originalName.replace(/\.[^.]*$/, '').trim() || 'video';
  return `${stem}.${extension}`;
}

export function createContentVideosService(deps: {
  db: Db;
  storage: Storage;
  settings: SettingsReader;
  lines: LinesForVideos;
  serverSecret: string;
  licences?: LicencesForVideos;
}) {
  const { db, storage, lines } = deps;
  const previewSigner = createUrlSigner(deps.serverSecret, PREVIEW_URL_TTL_SECONDS);
  const originalSigner = createUrlSigner(deps.serverSecret, ORIGINAL_URL_TTL_SECONDS);
  const signerOf = (kind: MediaKind): UrlSigner =>
    kind === 'original' ? originalSigner : previewSigner;

  function signedUrl(
    videoId: number,
    kind: MediaKind,
    userId: number,
    signer: UrlSigner = signerOf(kind),
  ) {
    const grant = signer.sign(signedFile(videoId, kind), userId);
    const query = new URLSearchParams({
      expires: String(grant.expires),
      user: String(grant.user),
      signature: grant.signature,
    });
    return {
      url: `/v2/content-videos/${videoId}/${kind}?${query.toString()}`,
      expiresAt: new Date(grant.expires * 1000).toISOString(),
    };
  }

  /**
   * `withOriginal`: the viewer may play the original (an admin, or the advertiser of a paid
   * line). Its playing link lives as long as the preview's, to watch and seek it; the download
   * link (`originalLink`) stays short.
   */
  function toContentVideo(row: VideoRow, viewer: Viewer, withOriginal = false): ContentVideo {
    const isReady = row.status === 'ready';
    const playsOriginal = withOriginal && isReady;
    return {
      video_id: row.id,
      version: row.version,
      status: row.status,
      failure_reason: row.failureReason,
      original_name: row.originalName,
      size_bytes: row.sizeBytes,
      duration_seconds: row.durationSeconds,
      width: row.width,
      height: row.height,
      poster_url: isReady && row.posterKey ? signedUrl(row.id, 'poster', viewer.userId).url : null,
      preview_url:
        isReady && row.previewKey ? signedUrl(row.id, 'preview', viewer.userId).url : null,
      original_url: playsOriginal
        ? signedUrl(row.id, 'original', viewer.userId, previewSigner).url
        : null,
      original_type: playsOriginal ? mimeTypeOf[extensionOfKey(row.originalKey)] : null,
      created_at: row.createdAt.toISOString(),
    };
  }

  /** The caller's side on the line, or 404 (a foreign line does not exist, DESIGN §3). */
  async function accessOf(q: DbOrTx, lineId: number, caller: Viewer) {
    const access = await lines.lineAccess(q, lineId, caller);
    if (!access) throw notFound('Content request line');
    return access;
  }

  /** Admins, and the line's advertiser once its content fee is paid, play the original. */
  const playsOriginal = (access: LineAccess | undefined) =>
    access?.side === 'admin' || (access?.side === 'advertiser' && access.isPaid);

  /** The advertiser's licence has ended: the original no longer plays nor downloads. */
  async function licenceExpiredOf(q: DbOrTx, lineId: number) {
    return (await deps.licences?.expiredLicenceOf(q, lineId)) ?? null;
  }

  async function listForLine(q: DbOrTx, lineId: number, viewer: Viewer): Promise<ContentVideo[]> {
    const rows = await repository.listOfLine(q, lineId);
    if (rows.length === 0) return [];
    const access = await lines.lineAccess(q, lineId, viewer);
    const plays =
      playsOriginal(access) &&
      !(access?.side === 'advertiser' && (await licenceExpiredOf(q, lineId)) !== null);
    return rows.map((row) => toContentVideo(row, viewer, plays));
  }

  return {
    toContentVideo,
    listForLine,

    async latestOf(
      q: DbOrTx,
      lineId: number,
    ): Promise<{ videoId: number; version: number; status: VideoStatus } | undefined> {
      const row = await repository.latestOfLine(q, lineId);
      return row && { videoId: row.id, version: row.version, status: row.status };
    },

    /**
     * The poster (JPEG) of the line's latest ready video: on a delivered line, the video its
     * advertiser approved (no version comes after an approval). Undefined when it has none or
     * its file is gone. For the media kit, which copies it into its public rendering; whether
     * the line may be shown is the caller's rule.
     */
    async posterOfLine(q: DbOrTx, lineId: number): Promise<Buffer | undefined> {
      const row = await repository.latestReadyWithPosterOfLine(q, lineId);
      if (!row?.posterKey || !(await storage.stat(row.posterKey))) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of storage.get(row.posterKey)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },

    async limits() {
      const megabytes = await deps.settings.get(db, 'video_upload_max_megabytes');
      return { max_bytes: megabytes * 1_048_576, extensions: [...videoExtensions] };
    },

    /** `GET /content-request-influencers/{id}/videos`: the line's creator, advertiser or admins. */
    async listForCaller(caller: Viewer, lineId: number) {
      await accessOf(db, lineId, caller);
      return listForLine(db, lineId, caller);
    },

    /**
     * The HD original's short-lived link: its creator and admins always, its advertiser once
     * the content fee is paid (spec §4: payment opens the HD download), anybody else 404.
     */
    async originalLink(caller: Viewer, lineId: number, videoId: number) {
      const access = await accessOf(db, lineId, caller);
      const row = await repository.findOfLine(db, lineId, videoId);
      if (!row) throw notFound('Video');
      if (access.side === 'advertiser' && !access.isPaid) {
        throw new AppError(
          'CONTENT_NOT_PAID',
          'The HD video can be downloaded once its content fee is paid.',
        );
      }
      // Issue 27 §1: at the licence's end the HD download stops (decided now, not by the job).
      const expired = access.side === 'advertiser' ? await licenceExpiredOf(db, lineId) : null;
      if (expired) {
        throw new AppError(
          'LICENCE_EXPIRED',
          `The usage licence of this video expired on ${expired.expiresAt.toISOString().slice(0, 10)}: renew it to download the HD video again.`,
        );
      }
      const link = signedUrl(row.id, 'original', caller.userId);
      return { url: link.url, expires_at: link.expiresAt, file_name: downloadNameOf(row) };
    },

    /**
     * The creator removes a version that failed processing; a processing or ready one is part
     * of the line's record (spec §5: "Sorry you cannot delete your {product} script video").
     */
    async remove(caller: Viewer, lineId: number, videoId: number) {
      const keys = await inTransaction(db, async (tx) => {
        const line = await lines.lineForUpload(tx, lineId, caller.userId);
        const row = line ? await repository.lock(tx, videoId) : undefined;
        if (!line || !row || row.lineId !== lineId || caller.role !== 'TALENT') {
          throw notFound('Video');
        }
        if (row.status !== 'failed') {
          throw new AppError(
            'INVALID_TRANSITION',
            contentDeliveryMessages.cannotDeleteVideo.replace('{product}', line.productName),
          );
        }
        await repository.delete(tx, row.id);
        return [row.originalKey, row.posterKey, row.previewKey];
      });
      await Promise.all(
        keys.filter((key): key is string => key !== null).map((key) => storage.delete(key)),
      );
    },

    /**
     * Opens a signed media file, whole or the asked byte range. An expired or forged signature
     * reads like a missing file (404), as media's private files do.
     */
    async openSigned(input: {
      videoId: number;
      kind: MediaKind;
      grant: {
        expires?: number | undefined;
        user?: number | undefined;
        signature?: string | undefined;
      };
      range: string | undefined;
    }): Promise<SignedMedia> {
      const { videoId, kind } = input;
      if (!signerOf(kind).verify(signedFile(videoId, kind), input.grant)) throw notFound('File');
      const row = await repository.find(db, videoId);
      const key =
        kind === 'original'
          ? row?.originalKey
          : kind === 'poster'
            ? row?.posterKey
            : row?.previewKey;
      if (!row || !key) throw notFound('File');
      const stat = await storage.stat(key);
      if (!stat) throw notFound('File');
      const mimeType =
        kind === 'poster'
          ? 'image/jpeg'
          : kind === 'preview'
            ? 'video/mp4'
            : mimeTypeOf[extensionOfKey(row.originalKey)];
      const base = {
        mimeType,
        totalBytes: stat.size,
        downloadName:
          kind === 'original'
            ? downloadNameOf(row)
            : `video-${row.id}-${kind}.${kind === 'poster' ? 'jpg' : 'mp4'}`,
        expires: input.grant.expires!,
      };
      const range = parseRange(input.range, stat.size);
      if (range === 'unsatisfiable') return { ...base, status: 416, stream: null, range: null };
      return {
        ...base,
        status: range ? 206 : 200,
        range,
        stream: storage.get(key, range ?? undefined),
      };
    },
  };
}

export type ContentVideosService = ReturnType<typeof createContentVideosService>;

export interface SignedMedia {
  status: 200 | 206 | 416;
  stream: Readable | null;
  range: ByteRange | null;
  totalBytes: number;
  mimeType: string;
  downloadName: string;
  /** Unix seconds when the URL stops working (caching stops then too). */
  expires: number;
}

/**
 * One `bytes=` range of RFC 9110 (`a-b`, `a-`, `-n`); several ranges or another unit are
 * answered whole (allowed), a range past the end is unsatisfiable (416).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
