import {
  notificationDeleteResponseSchema,
  notificationHashParamsSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationReadResponseSchema,
  notificationTestBodySchema,
  notificationTestResponseSchema,
} from '@clipmarket/contracts/notifications';
import { currentUser } from '../../platform/auth/guard.js';
import { bearerSecurity, errorResponses, type ModuleRoutes } from '../../platform/http/types.js';
import type { NotificationsService } from './notifications.service.js';

const tags = ['notifications'];

export function createNotificationsRoutes(service: NotificationsService): ModuleRoutes {
  return async (app) => {
    app.get(
      '/notifications',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security: bearerSecurity,
          summary: 'The caller’s notifications, newest first, with the unread count',
          querystring: notificationListQuerySchema,
          response: { 200: notificationListResponseSchema, ...errorResponses },
        },
      },
      async (request) =>
        service.list(
          currentUser(request).userId,
          request.query,
          request.headers['accept-language'],
        ),
    );

    app.get(
      '/notification/:hash/read',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security: bearerSecurity,
          summary: 'Marks one of the caller’s notifications as read (idempotent)',
          params: notificationHashParamsSchema,
          response: { 200: notificationReadResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.markRead(currentUser(request).userId, request.params.hash),
      }),
    );

    app.delete(
      '/notification/:hash',
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          security: bearerSecurity,
          summary: 'Deletes one of the caller’s notifications',
          params: notificationHashParamsSchema,
          response: { 200: notificationDeleteResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        data: await service.deleteOwn(currentUser(request).userId, request.params.hash),
      }),
    );

    app.post(
      '/notifications/test',
      {
        preHandler: app.requireRole('ADMIN'),
        schema: {
          tags,
          security: bearerSecurity,
          summary: 'Admin aid: creates a notification of a given type for a user',
          body: notificationTestBodySchema,
          response: { 201: notificationTestResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const data = await service.createTestNotification(request.body);
        return reply.status(201).send({ data });
      },
    );
  };
}
