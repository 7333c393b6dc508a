import type { Db } from '../../platform/db/client.js';
import type { Env } from '../../platform/env.js';
import { createUsersRepository } from './users.repository.js';
import { createUsersRoutes } from './users.routes.js';
import { createUsersService } from './users.service.js';

export type { LabelLanguage, NotificationTarget, UsersService } from './users.service.js';
export { labelLanguageOf } from './label-language.js';

/**
 * Current user, profile settings (creator and advertiser), password change, notification
 * preferences, menu flags, click analytics and public creator profiles.
 */
export function createUsersModule(deps: { db: Db; env: Env }) {
  const service = createUsersService({ repo: createUsersRepository(deps.db) });
  return { routes: createUsersRoutes(service), service };
}
