import type { VideoDuration } from '@clipmarket/contracts/content-requests';
import type { Efile } from '@clipmarket/contracts/media';
import type { ServerToClientEvents } from '@clipmarket/contracts/realtime';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Language } from '../../platform/i18n.js';
import type { DeliveredLine } from '../content-requests/index.js';
import type { OwnedFile } from '../media/index.js';
import type { NotifyInput, NotifyResult } from '../notifications/index.js';
import type { LinkMetrics } from '../publication-metrics/index.js';
import type { MediaKitCreator } from '../users/index.js';

/** Users: the creator's profile facts, a creator by public name, and the kit's flag. */
export interface CreatorsForMediaKit {
  describeMediaKitCreator(
    q: DbOrTx,
    userId: number,
    language: Language,
  ): Promise<MediaKitCreator | undefined>;
  findCreatorByInfluencerName(
    q: DbOrTx,
    name: string,
  ): Promise<{ influencerId: number; userId: number } | undefined>;
  setMediaKitFlag(q: DbOrTx, userId: number, on: boolean): Promise<boolean>;
}

/** Users: the brands named on the delivered work. */
export interface AdvertisersForMediaKit {
  describeRequestAdvertisers(
    q: DbOrTx,
    userIds: readonly number[],
  ): Promise<Map<number, { name: string; profileFileId: number | null }>>;
}

/** Content-requests: the creator's delivered lines (`mediaKitReadsOfRequests`). */
export interface LinesForMediaKit {
  deliveredLinesOf(q: DbOrTx, creatorUserId: number): Promise<DeliveredLine[]>;
}

/** Creator-prices: the rate card, every length. */
export interface PricesForMediaKit {
  priceSetsOf(
    q: DbOrTx,
    influencerIds: readonly number[],
  ): Promise<Map<number, Partial<Record<VideoDuration, number>>>>;
}

/** Publication-metrics: each line's links with their figures at each window and the latest. */
export interface MetricsForMediaKit {
  metricsOfLines(q: DbOrTx, lineIds: readonly number[]): Promise<Map<number, LinkMetrics[]>>;
}

/** Media: the cover must be the creator's own `media_kit_cover` picture. */
export interface MediaForMediaKit {
  findOwnedFiles(
    q: DbOrTx,
    ownerUserId: number,
    fileIds: number[],
  ): Promise<Map<number, OwnedFile>>;
  describeFiles(q: DbOrTx, fileIds: number[]): Promise<Map<number, Efile>>;
}

/**
 * Content-videos: the poster (JPEG) of a delivered line's approved video, copied into the
 * rendering's public folder for the featured videos the public may see (`posterOfLine`).
 */
export interface VideosForMediaKit {
  posterOfLine(q: DbOrTx, lineId: number): Promise<Buffer | undefined>;
}

/** Notifications: the bell's `media_kit_is_ready` (and the socket push it makes). */
export interface NotificationsForMediaKit {
  notify(input: NotifyInput): Promise<NotifyResult>;
}

/** The realtime hub: `media_kit_is_ready` to the creator's room. */
export interface RealtimeForMediaKit {
  emitToUser<E extends keyof ServerToClientEvents>(
    userId: number,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
}
