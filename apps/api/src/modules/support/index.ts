import type { Db } from '../../platform/db/client.js';
import type { Env } from '../../platform/env.js';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import { createSupportRepository } from './support.repository.js';
import { createSupportRoutes } from './support.routes.js';
import { createSupportService } from './support.service.js';

/** Support: the contact-us form (stored, then e-mailed to SUPPORT_EMAIL). */
export function createSupportModule(deps: { db: Db; env: Env; mail: MailQueue }) {
  const service = createSupportService({
    db: deps.db,
    repository: createSupportRepository(),
    mail: deps.mail,
    supportEmail: deps.env.SUPPORT_EMAIL,
  });
  return { routes: createSupportRoutes(service), service };
}
