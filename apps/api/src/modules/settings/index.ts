import type { Db } from '../../platform/db/client.js';
import { createSettingsRepository } from './settings.repository.js';
import { createSettingsRoutes } from './settings.routes.js';
import { createSettingsService } from './settings.service.js';

export type { SettingsReader } from './settings.service.js';
export { SETTINGS_CACHE_TTL_MS } from './settings.service.js';

/**
 * Business settings (DESIGN §4, ADR 011): fees, tax, delays, caps and limits with defaults
 * from contracts, overridden by admins (audited). Other modules read them through `reader`.
 */
export function createSettingsModule(deps: { db: Db }) {
  const service = createSettingsService({
    db: deps.db,
    repository: createSettingsRepository(),
  });
  return {
    routes: createSettingsRoutes(service, deps.db),
    /** The one read interface for every module: `reader.get(db, key)`, `getAll`, `getHours`. */
    reader: service.reader,
    service,
  };
}
