import type { Db } from '../../platform/db/client.js';
import type { EventSubscriber, JobStager } from '../../platform/events/event-bus.js';
import type { ModuleRoutes } from '../../platform/http/types.js';
import type { JobQueue, Logger } from '../../platform/jobs/job-queue.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { CreatorValidationEvents } from '../creator-validation/index.js';
import type { SettingsReader } from '../settings/index.js';
import type {
  AdvertisersForMediaKit,
  CreatorsForMediaKit,
  LinesForMediaKit,
  MediaForMediaKit,
  MetricsForMediaKit,
  NotificationsForMediaKit,
  PricesForMediaKit,
  RealtimeForMediaKit,
  VideosForMediaKit,
} from './media-kit.ports.js';
import { createMediaKitRendering } from './media-kit.render.js';
import { createMediaKitPageRoutes, createMediaKitRoutes } from './media-kit.routes.js';
import { createMediaKitService, subscribeMediaKitFlag } from './media-kit.service.js';

/**
 * Issue 25 §5: each creator's views and downloads of a period (the weekly "your media kit was
 * viewed N times", notifications), a page of creators by user id.
 */
export { visitsOfKitsBetween } from './media-kit.visits.js';

export type MediaKitModule = ReturnType<typeof createMediaKitModule>;
export type MediaKitService = MediaKitModule['service'];

/**
 * The creator's media kit (issue 25, ADR 042): the builder (`/v2/media-kit`), a kit that fills
 * itself from what Clipmarket knows, rendered by a job into a PDF and page pictures, and the
 * public kit (`/v2/media-kits/{influencer_name}`, its PDF, its link preview on
 * `/media_kit/{influencer_name}`) with its views and downloads counted. Owns `media_kits`,
 * `media_kit_names` and `media_kit_visits`.
 */
export function createMediaKitModule(deps: {
  db: Db;
  events: EventSubscriber<CreatorValidationEvents> & JobStager;
  jobs: JobQueue;
  storage: Storage;
  settings: Pick<SettingsReader, 'get'>;
  creators: CreatorsForMediaKit;
  advertisers: AdvertisersForMediaKit;
  lines: LinesForMediaKit;
  prices: PricesForMediaKit;
  metrics: MetricsForMediaKit;
  media: MediaForMediaKit;
  videos: VideosForMediaKit;
  notifications: NotificationsForMediaKit;
  realtime: RealtimeForMediaKit;
  publicUrl: string;
  serverSecret: string;
  /** Where the built web app is (its media-kit.html carries the public kit's link preview). */
  webDistDir: string;
  log: Logger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const rendering = createMediaKitRendering({ ...deps, now });
  const service = createMediaKitService({ ...deps, stager: deps.events, rendering, now });
  subscribeMediaKitFlag(deps);
  return {
    routes: createMediaKitRoutes(service) satisfies ModuleRoutes,
    /** `/media_kit/{influencer_name}` outside /v2: the web page with its link preview. */
    pageRoutes: createMediaKitPageRoutes(service, deps.webDistDir) satisfies ModuleRoutes,
    service,
    renderJob: rendering.renderJob,
  };
}
