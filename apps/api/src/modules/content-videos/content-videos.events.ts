import type { VideoFailureReason } from '@clipmarket/contracts/content-delivery';

/** Events the content-videos module emits (delivered after commit through the outbox). */
export interface ContentVideosEvents {
  /**
   * The preview and poster of a version are made; the line was submitted in the same
   * transaction (when it was still waiting for a video).
   */
  'content-video.ready': {
    videoId: number;
    lineId: number;
    version: number;
    creatorUserId: number;
  };
  /** A version cannot be processed (not a playable video): the creator must send another. */
  'content-video.failed': {
    videoId: number;
    lineId: number;
    version: number;
    creatorUserId: number;
    reason: VideoFailureReason;
  };
}
