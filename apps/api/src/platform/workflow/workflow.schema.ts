import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every step of every workflow: who took which transition, from where to where, and why. */
export const workflowAudit = pgTable(
  'workflow_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    process: text('process').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    transition: text('transition').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    /** Null for the system (timers, scheduled jobs). */
    actorUserId: integer('actor_user_id'),
    actorRole: text('actor_role').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_audit_subject_idx').on(t.process, t.subjectId, t.id)],
);
