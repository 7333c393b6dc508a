import type { Db } from '../../../platform/db/client.js';
import type { EventBus } from '../../../platform/events/event-bus.js';
import type { RealtimeHub } from '../../../platform/realtime/hub.js';
import type { ContentVideosEvents } from '../../content-videos/index.js';
import { contentRequestsRepository as repository } from '../content-requests.repository.js';

/**
 * Tells a line's creator and advertiser over the socket that one of its videos finished
 * processing (`content-video.ready` or `.failed`, after commit through the outbox): their pages
 * read the line again on it instead of polling.
 */
export function relayVideoStatus(deps: {
  db: Db;
  events: EventBus<ContentVideosEvents>;
  realtime: Pick<RealtimeHub, 'emitToUser'>;
}) {
  const relay = async (lineId: number, videoId: number, status: 'ready' | 'failed') => {
    const line = await repository.findLine(deps.db, lineId);
    if (!line) return;
    const payload = { content_request_influencer_id: line.id, video_id: videoId, status };
    deps.realtime.emitToUser(line.influencerUserId, 'content_video_status', payload);
    deps.realtime.emitToUser(line.advertiserUserId, 'content_video_status', payload);
  };
  deps.events.on('content-video.ready', 'content-requests.video-ready-relay', (event) =>
    relay(event.lineId, event.videoId, 'ready'),
  );
  deps.events.on('content-video.failed', 'content-requests.video-failed-relay', (event) =>
    relay(event.lineId, event.videoId, 'failed'),
  );
}
