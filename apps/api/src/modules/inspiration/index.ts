import type { Db } from '../../platform/db/client.js';
import type { ModuleRoutes } from '../../platform/http/types.js';
import type {
  CreatorsForInspiration,
  LinesForInspiration,
  MediaForInspiration,
  MetricsForInspiration,
  VideosForInspiration,
} from './inspiration.ports.js';
import { createInspirationRoutes } from './inspiration.routes.js';
import { createInspirationService } from './inspiration.service.js';

export type InspirationModule = ReturnType<typeof createInspirationModule>;

/**
 * Get inspired (issue 25 §3, ADR 042): the gallery of published videos both their creator and
 * their advertiser allowed showing (`/v2/get-inspired`, its posters). Read-only: owns no table.
 */
export function createInspirationModule(deps: {
  db: Db;
  lines: LinesForInspiration;
  creators: CreatorsForInspiration;
  media: MediaForInspiration;
  metrics: MetricsForInspiration;
  videos: VideosForInspiration;
}) {
  const service = createInspirationService(deps);
  return { routes: createInspirationRoutes(service) satisfies ModuleRoutes, service };
}
