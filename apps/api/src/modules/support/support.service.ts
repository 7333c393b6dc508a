import type { Db } from '../../platform/db/client.js';
import { unauthenticated } from '../../platform/http/errors.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { MailQueue } from '../../platform/mail/mail-queue.js';
import { findAccountById } from '../users/index.js';
import type { SupportRepository } from './support.repository.js';

export interface ContactMessageCommand {
  userId: number;
  role: string;
  subject: string;
  body: string;
}

/** Header values cannot carry line breaks; a subject is one line in the support mailbox. */
const toSingleLine = (value: string) => value.replace(/\s+/g, ' ').trim();

export function createSupportService(deps: {
  db: Db;
  repository: SupportRepository;
  mail: MailQueue;
  supportEmail: string;
}) {
  const { db, repository, mail, supportEmail } = deps;
  return {
    /**
     * Stores the message and queues its e-mail to support in one transaction: the mail job
     * sends it after commit and retries until it is handed over, so no message is kept that
     * support never hears about, and no SMTP call holds the transaction open.
     */
    async sendContactMessage(command: ContactMessageCommand) {
      return inTransaction(db, async (tx) => {
        // A token for an account deleted since it was issued.
        const email = (await findAccountById(tx, command.userId))?.email;
        if (!email) throw unauthenticated();
        const saved = await repository.insertContactMessage(tx, {
          userId: command.userId,
          email,
          subject: command.subject,
          body: command.body,
        });
        await mail.queue(tx, {
          to: supportEmail,
          subject: `[Contact #${saved.id}] ${toSingleLine(command.subject)}`,
          text: [
            `From: ${email} (user #${command.userId}, ${command.role})`,
            `Sent: ${saved.createdAt.toISOString()}`,
            '',
            command.body,
          ].join('\n'),
        });
        return saved;
      });
    },
  };
}
export type SupportService = ReturnType<typeof createSupportService>;
