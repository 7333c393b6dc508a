import { contentRequestLineReference } from '@clipmarket/contracts/content-requests';
import {
  deliveryLinesOf,
  type DeliveryLineDescription,
  type DeliveryLines,
  type DeliveryLinesBySource,
  type DeliverySourceKind,
} from './delivery/index.js';
import {
  contentRequestsRepository as repository,
  type ContentRequestRow,
  type LineRow,
} from './content-requests.repository.js';

/** A content request's line as delivery reads it: the request's title, brief and dates. */
function describe(line: LineRow, request: ContentRequestRow): DeliveryLineDescription {
  return {
    lineId: line.id,
    source: {
      kind: 'content-request',
      id: request.id,
      reference: contentRequestLineReference(request.id, line.lineNumber),
    },
    title: request.title,
    productName: request.productName,
    videoDurationSeconds: request.videoDuration,
    platforms: request.platforms,
    publishingDeadline: request.publishingDeadline,
    deliveryDeadline: request.deliveryDeadline,
    sentAt: request.sentAt,
    productImageFileIds: request.productImageFileIds,
    brief: {
      content_type: request.contentType,
      video_duration: request.videoDuration,
      format: request.format,
      product_name: request.productName || null,
      description: request.description || null,
      platforms: request.platforms,
      delivery_deadline: request.deliveryDeadline?.toISOString() ?? null,
      publishing_deadline: request.publishingDeadline,
      script: request.script || null,
    },
    advertiserUserId: line.advertiserUserId,
    influencerUserId: line.influencerUserId,
  };
}

/**
 * The content-request side of delivery's `DeliveryLines` port (ADR 032), registered by
 * `index.ts` under the `content-request` source kind.
 */
export const contentRequestDeliveryLines: DeliveryLines = {
  async describe(db, lineId) {
    const [found] = await repository.linesWithRequests(db, [lineId]);
    return found && describe(found.line, found.request);
  },

  async describeMany(db, lineIds) {
    const rows = await repository.linesWithRequests(db, lineIds);
    return new Map(rows.map(({ line, request }) => [line.id, describe(line, request)]));
  },
};

const sources: DeliveryLinesBySource = { 'content-request': contentRequestDeliveryLines };

/**
 * What delivery reads of a line's origin, over every source kind (ADR 032, 035): requests'
 * lines here; the opportunities module registers its accepted applications' lines at start.
 */
export const deliveryLines = deliveryLinesOf(sources);

/** Adds the lines of another source kind (app.ts, when the modules are assembled). */
export function registerDeliveryLineSource(kind: DeliverySourceKind, lines: DeliveryLines) {
  sources[kind] = lines;
}
