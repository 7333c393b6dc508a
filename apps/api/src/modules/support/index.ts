import type { Db } from '../../platform/db/client.js';
import type { Env } from '../../platform/env.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import { createSupportRepository } from './support.repository.js';
import { createSupportRoutes } from './support.routes.js';
import { createSupportService } from './support.service.js';

/** Support: the contact-us form (stored, then e-mailed to SUPPORT_EMAIL). */
export function createSupportModule(deps: { db: Db; env: Env; mailer: Mailer }) {
  const service = createSupportService({
    db: deps.db,
    repository: createSupportRepository(),
    mailer: deps.mailer,
    supportEmail: deps.env.SUPPORT_EMAIL,
  });
  return { routes: createSupportRoutes(service), service };
}
