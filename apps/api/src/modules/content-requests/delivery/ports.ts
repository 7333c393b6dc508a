import type { AdminDispute } from '@clipmarket/contracts/content-delivery';
import type { platforms } from '@clipmarket/contracts/enums';
import { contentRequestReference } from '@clipmarket/contracts/content-requests';
import { opportunityReference } from '@clipmarket/contracts/opportunities';
import type { DbOrTx } from '../../../platform/db/client.js';

type Platform = (typeof platforms)[number];

/**
 * Where a delivery line came from: a content request's line today; an opportunity's accepted
 * application adds its own kind and implementation (ADR 032).
 */
export type DeliverySourceKind = 'content-request' | 'opportunity';

/** A line's source: its kind, the id of the request (or opportunity), the line's public reference. */
export interface DeliveryLineSource {
  kind: DeliverySourceKind;
  id: number;
  /** The line's public reference (`CR-000010-1` for a content request's line). */
  reference: string;
}

/** The public reference of a line's request or opportunity, `CR-000010` or `OP-000010`. */
export const sourceReferenceOf = (source: DeliveryLineSource) =>
  source.kind === 'content-request'
    ? contentRequestReference(source.id)
    : opportunityReference(source.id);

/** What delivery reads of a line's origin: what was ordered, where, by when, between whom. */
export interface DeliveryLineDescription {
  lineId: number;
  source: DeliveryLineSource;
  title: string;
  /** Empty when none was given. */
  productName: string;
  videoDurationSeconds: number | null;
  /** The platforms the video is published on (one publication link each). */
  platforms: Platform[];
  /** `YYYY-MM-DD`, Tunisia's calendar. */
  publishingDeadline: string | null;
  deliveryDeadline: Date | null;
  /** When the line was sent to its creator. */
  sentAt: Date | null;
  /** The advertiser's product images (media file ids), shown with the brief. */
  productImageFileIds: number[];
  /** The brief as the creator received it (admins settling a dispute read it). */
  brief: AdminDispute['brief'];
  advertiserUserId: number;
  influencerUserId: number;
}

/**
 * The description of delivery lines of one source kind, implemented by that source (the
 * content-request side of this module) and registered by kind in `index.ts`. Each answers only
 * for lines of its kind: undefined (or absent from the map) for any other line.
 */
export interface DeliveryLines {
  describe(db: DbOrTx, lineId: number): Promise<DeliveryLineDescription | undefined>;
  describeMany(
    db: DbOrTx,
    lineIds: readonly number[],
  ): Promise<Map<number, DeliveryLineDescription>>;
}

/** The implementations by source kind: `{ 'content-request': … }`, an opportunity's next to it. */
export type DeliveryLinesBySource = Partial<Record<DeliverySourceKind, DeliveryLines>>;

/**
 * Delivery's one reader of line descriptions, over every registered source: a line's
 * description is the one its source gives.
 */
export function deliveryLinesOf(bySource: DeliveryLinesBySource) {
  // Read at each call: a source registered after this reader was made is asked too.
  const sourcesNow = () => Object.values(bySource);
  return {
    async describe(db: DbOrTx, lineId: number): Promise<DeliveryLineDescription> {
      for (const source of sourcesNow()) {
        const found = await source.describe(db, lineId);
        if (found) return found;
      }
      throw new Error(`No source describes delivery line ${lineId}`);
    },

    async describeMany(
      db: DbOrTx,
      lineIds: readonly number[],
    ): Promise<Map<number, DeliveryLineDescription>> {
      const found = new Map<number, DeliveryLineDescription>();
      let missing = [...new Set(lineIds)];
      for (const source of sourcesNow()) {
        if (missing.length === 0) break;
        for (const [lineId, description] of await source.describeMany(db, missing)) {
          found.set(lineId, description);
        }
        missing = missing.filter((lineId) => !found.has(lineId));
      }
      if (missing.length > 0) {
        throw new Error(`No source describes delivery lines ${missing.join(', ')}`);
      }
      return found;
    },
  };
}

export type DeliveryLinesReader = ReturnType<typeof deliveryLinesOf>;
