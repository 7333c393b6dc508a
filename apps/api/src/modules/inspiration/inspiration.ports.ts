import type { Efile } from '@clipmarket/contracts/media';
import type { DbOrTx } from '../../platform/db/client.js';
import type { ConsentedLine } from '../content-requests/index.js';
import type { LinkMetrics } from '../publication-metrics/index.js';
import type { CreatorSummary } from '../users/index.js';

/** Content-requests: the consented published lines (`inspirationReadsOfRequests`). */
export interface LinesForInspiration {
  consentedLines(
    q: DbOrTx,
    page: { before?: number | undefined; limit: number },
  ): Promise<ConsentedLine[]>;
  isConsented(q: DbOrTx, lineId: number): Promise<boolean>;
}

/** Users: the creators' public names, pictures and categories (`describeCreators`). */
export interface CreatorsForInspiration {
  describeCreators(q: DbOrTx, influencerIds: number[]): Promise<Map<number, CreatorSummary>>;
}

/** Media: the profile pictures' public addresses. */
export interface MediaForInspiration {
  describeFiles(q: DbOrTx, fileIds: number[]): Promise<Map<number, Efile>>;
}

/** Publication-metrics: each line's links with their figures per window. */
export interface MetricsForInspiration {
  metricsOfLines(q: DbOrTx, lineIds: readonly number[]): Promise<Map<number, LinkMetrics[]>>;
}

/** Content-videos: the poster (JPEG) of the line's approved video (`posterOfLine`). */
export interface VideosForInspiration {
  posterOfLine(q: DbOrTx, lineId: number): Promise<Buffer | undefined>;
}
