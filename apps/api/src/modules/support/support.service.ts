import type { Db } from '../../platform/db/client.js';
import { unauthenticated } from '../../platform/http/errors.js';
import type { Mailer } from '../../platform/mail/mailer.js';
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
  mailer: Mailer;
  supportEmail: string;
}) {
  const { db, repository, mailer, supportEmail } = deps;
  return {
    /**
     * Stores the message and e-mails support in one transaction: if the e-mail cannot be
     * handed over, nothing is stored and the sender is told to try again, so no message is
     * kept that support never heard about.
     */
    async sendContactMessage(command: ContactMessageCommand) {
      return db.transaction(async (tx) => {
        // A token for an account deleted since it was issued.
        const email = await repository.findUserEmail(tx, command.userId);
        if (!email) throw unauthenticated();
        const saved = await repository.insertContactMessage(tx, {
          userId: command.userId,
          email,
          subject: command.subject,
          body: command.body,
        });
        await mailer.send({
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
