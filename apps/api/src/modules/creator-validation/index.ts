import type { Db } from '../../platform/db/client.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { defineJob, type JobQueue } from '../../platform/jobs/job-queue.js';
import type { Workflow } from '../../platform/workflow/workflow.js';
import type { AuthEvents } from '../auth/index.js';
import type { CreatorValidationEvents } from './creator-validation.events.js';
import { createCreatorValidationRoutes } from './creator-validation.routes.js';
import {
  createCreatorValidationService,
  type CreatorAccounts,
} from './creator-validation.service.js';

export type { CreatorValidationEvents } from './creator-validation.events.js';
export type {
  CreatorAccounts,
  CreatorAccountView,
  CreatorValidationService,
} from './creator-validation.service.js';

/** For the demo data (apps/api/src/demo): its creators' validation states, in bulk. */
export { seedDemoCreatorValidations } from './creator-validation.demo-seed.js';

/**
 * Creator account validation (spec §4): new creator accounts wait for the team, who validate
 * or reject them from `/admin/creators`; the first flow built on workflows, events and jobs.
 */
export function createCreatorValidationModule(deps: {
  db: Db;
  workflow: Workflow;
  events: EventBus<CreatorValidationEvents & AuthEvents>;
  jobs: JobQueue;
  accounts: CreatorAccounts;
}) {
  const service = createCreatorValidationService(deps);

  // Every new creator account enters the process.
  deps.events.on('auth.signed-up', 'creator-validation.open', async (account) => {
    if (account.role === 'TALENT') await service.open(deps.db, account.userId);
  });

  deps.jobs.register(
    defineJob<object>({
      name: 'creator-validation-reminders',
      cron: '0 * * * *',
      retryLimit: 2,
      handle: async () => {
        await service.remindAdmins();
      },
    }),
  );

  return { routes: createCreatorValidationRoutes(service), service };
}
