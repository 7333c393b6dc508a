import type { ModuleRoutes } from '../../platform/http/types.js';
import { createGetStartedRoutes } from './get-started.routes.js';
import { createGetStartedService } from './get-started.service.js';

export type { CreatorsForGetStarted, LinesForGetStarted } from './get-started.ports.js';

/**
 * Get started (issue 25 §4): the creator's onboarding stepper driven by what they really did,
 * read from users and content-requests through their index. Read-only; owns no table.
 */
export function createGetStartedModule(deps: Parameters<typeof createGetStartedService>[0]) {
  const service = createGetStartedService(deps);
  return { routes: createGetStartedRoutes(service) satisfies ModuleRoutes, service };
}
