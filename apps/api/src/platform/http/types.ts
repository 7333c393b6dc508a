import { errorResponseSchema } from '@clipmarket/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of one module, mounted under /v2 by the composition root. */
export type ModuleRoutes = FastifyPluginAsyncZod;

/** OpenAPI: the bearer token of the signed-in user (spec §7). */
export const bearerSecurity = [{ bearer: [] }];

/** OpenAPI: the error answers every signed-in route may give, `{ error: { code, … } }`. */
export const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
