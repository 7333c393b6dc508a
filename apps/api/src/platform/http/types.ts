import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of one module, mounted under /v2 by the composition root. */
export type ModuleRoutes = FastifyPluginAsyncZod;
