import type { DbOrTx } from '../db/client.js';
import type { JobStager } from '../events/event-bus.js';
import { defineJob, type JobQueue } from '../jobs/job-queue.js';
import type { Mailer, MailMessage } from './mailer.js';

/**
 * Every e-mail leaves through the `mail-send` job (ADR 010): staged in the caller's
 * transaction, so nothing is sent for a change that rolled back and nothing is sent while a
 * transaction is open; a failed send is retried with backoff, logged each time, and lands in
 * `mail-send-dead` (listed for admins) when it keeps failing.
 */
export type MailQueue = ReturnType<typeof createMailQueue>;

export function createMailQueue(deps: { mailer: Mailer; jobs: JobQueue; stager: JobStager }) {
  const mailJob = defineJob<MailMessage>({
    name: 'mail-send',
    retryLimit: 8,
    retryDelaySeconds: 15,
    concurrency: 2,
    handle: (message) => deps.mailer.send(message),
  });
  deps.jobs.register(mailJob);
  return {
    /** Sends `message` once `db`'s transaction commits (at once when `db` is no transaction). */
    queue(db: DbOrTx, message: MailMessage): Promise<void> {
      return deps.stager.stageJob(db, mailJob, message);
    },
  };
}
