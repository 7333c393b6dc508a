import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.js';
import { users } from '../users/users.schema.js';
import { contactMessages } from './support.schema.js';

export interface NewContactMessage {
  userId: number;
  email: string;
  subject: string;
  body: string;
}

export function createSupportRepository() {
  return {
    async findUserEmail(db: DbOrTx, userId: number): Promise<string | null> {
      const [row] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return row?.email ?? null;
    },

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
