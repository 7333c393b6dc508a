import type { DbOrTx } from '../../platform/db/client.js';
import { contactMessages } from './support.schema.js';

export interface NewContactMessage {
  userId: number;
  email: string;
  subject: string;
  body: string;
}

export function createSupportRepository() {
  return {
    async insertContactMessage(db: DbOrTx, message: NewContactMessage) {
      const [row] = await db.insert(contactMessages).values(message).returning({
        id: contactMessages.id,
        subject: contactMessages.subject,
        createdAt: contactMessages.createdAt,
      });
      if (!row) throw new Error('contact message insert returned no row');
      return row;
    },
  };
}
export type SupportRepository = ReturnType<typeof createSupportRepository>;
