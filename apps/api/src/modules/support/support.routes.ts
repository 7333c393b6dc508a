import {
  contactMessageResponseSchema,
  createContactMessageSchema,
} from '@clipmarket/contracts/support';
import { errorResponseSchema } from '@clipmarket/contracts/errors';
import { currentUser } from '../../platform/auth/guard.js';
import type { ModuleRoutes } from '../../platform/http/types.js';
import type { SupportService } from './support.service.js';

/** Contact form: a handful per minute is plenty for a person, and stops a flood of e-mails. */
const CONTACT_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

export function createSupportRoutes(service: SupportService): ModuleRoutes {
  return async (app) => {
    app.post(
      '/support/contact',
      {
        preHandler: app.authenticate,
        config: { rateLimit: CONTACT_RATE_LIMIT },
        schema: {
          tags: ['support'],
          summary: 'Send a message to the support team (contact us)',
          security: [{ bearer: [] }],
          body: createContactMessageSchema(),
          response: {
            201: contactMessageResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const { userId, role } = currentUser(request);
        const saved = await service.sendContactMessage({ userId, role, ...request.body });
        return reply.status(201).send({
          data: {
            id: saved.id,
            subject: saved.subject,
            created_at: saved.createdAt.toISOString(),
          },
        });
      },
    );
  };
}
