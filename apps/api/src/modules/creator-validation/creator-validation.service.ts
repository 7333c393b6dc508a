import type {
  AdminCreator,
  CreatorValidationStatus,
} from '@clipmarket/contracts/creator-validation';
import {
  CREATOR_VALIDATION_REMINDER_HOURS,
  creatorValidationProcess as process,
  type CreatorValidationState,
} from '@clipmarket/contracts/workflows/creator-validation';
import type { Language } from '@clipmarket/contracts/enums';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventEmitter } from '../../platform/events/event-bus.js';
import { AppError } from '../../platform/http/errors.js';
import type { Workflow } from '../../platform/workflow/workflow.js';
import type { CreatorValidationEvents } from './creator-validation.events.js';
import {
  creatorValidationRepository as repo,
  type CreatorValidationRow,
} from './creator-validation.repository.js';

/** A creator account as admins see it, without its validation state. */
export type CreatorAccountView = Omit<
  AdminCreator,
  'state' | 'state_entered_at' | 'rejection_reason' | 'allowed_transitions'
>;

/** What this module needs of the users module (handed in by the composition root). */
export interface CreatorAccounts {
  /** Keeps `users.is_validated` (read by getMe and the search table) in step with the state. */
  setValidated(db: DbOrTx, userId: number, isValidated: boolean): Promise<void>;
  /** E-mail, sign-up date, CIN and public profile of creator accounts, by user id. */
  describeForAdmin(
    db: DbOrTx,
    userIds: number[],
    /** Language of the category labels. */
    language: Language,
  ): Promise<Map<number, CreatorAccountView>>;
  /** The account's own interface language (labels when the request names none). */
  languageOf(userId: number): Promise<Language>;
}

type Caller = { userId: number; role: 'ADMIN' | 'TALENT' };
/** An admin acting from the admin page, reading labels in their language. */
type AdminCaller = Caller & { role: 'ADMIN'; language: Language };

export type CreatorValidationService = ReturnType<typeof createCreatorValidationService>;

export function createCreatorValidationService(deps: {
  db: Db;
  workflow: Workflow;
  events: EventEmitter<CreatorValidationEvents>;
  accounts: CreatorAccounts;
}) {
  const { db, workflow, events, accounts } = deps;

  workflow.register(process, {
    async lock(tx, userId) {
      const row = await repo.lock(tx, userId);
      return row && { state: row.state, version: row.version, ownerUserId: row.userId };
    },
    async save(tx, userId, next) {
      await repo.save(tx, userId, {
        state: next.state,
        version: next.version,
        enteredAt: next.enteredAt,
        // The reason of a rejection stays until the next decision replaces it.
        rejectionReason: next.state === 'rejected' ? next.reason : null,
      });
    },
  });

  async function toAdminItems(
    rows: CreatorValidationRow[],
    language: Language,
  ): Promise<AdminCreator[]> {
    const described = await accounts.describeForAdmin(
      db,
      rows.map((r) => r.userId),
      language,
    );
    return rows.flatMap((row) => {
      const account = described.get(row.userId);
      if (!account) return [];
      return [
        {
          ...account,
          state: row.state,
          state_entered_at: row.stateEnteredAt.toISOString(),
          rejection_reason: row.rejectionReason,
          allowed_transitions: workflow.allowed(process, row.state, 'ADMIN'),
        },
      ];
    });
  }

  async function adminItem(userId: number, language: Language): Promise<AdminCreator> {
    const row = await repo.find(db, userId);
    const [item] = row ? await toAdminItems([row], language) : [];
    if (!item) throw new Error(`creator ${userId} vanished after its transition`);
    return item;
  }

  async function decide(
    admin: AdminCaller,
    userId: number,
    transition: 'validate' | 'reject',
    reason: string | null,
  ): Promise<AdminCreator> {
    await inTransaction(db, async (tx) => {
      const moved = await workflow.apply(tx, {
        process,
        subjectId: userId,
        transition,
        actor: admin,
        reason,
      });
      await accounts.setValidated(tx, userId, moved.to === 'validated');
      if (moved.to === 'validated') {
        await events.emit(tx, 'creator-validation.validated', {
          userId,
          adminUserId: admin.userId,
        });
      } else {
        await events.emit(tx, 'creator-validation.rejected', {
          userId,
          adminUserId: admin.userId,
          reason: reason ?? '',
        });
      }
    });
    return adminItem(userId, admin.language);
  }

  return {
    languageOf: (userId: number) => accounts.languageOf(userId),

    /** A new creator account enters the process (idempotent: once per account). */
    async open(db: DbOrTx, userId: number): Promise<void> {
      await inTransaction(db, async (tx) => {
        const at = new Date();
        if (!(await repo.insertPending(tx, userId, at))) return;
        await workflow.started(tx, process, userId, at);
        await events.emit(tx, 'creator-validation.pending', { userId, isResubmission: false });
      });
    },

    /** The creator's own view (getMe), null for accounts that are not creators. */
    async statusOf(db: DbOrTx, userId: number): Promise<CreatorValidationStatus | null> {
      const row = await repo.find(db, userId);
      if (!row) return null;
      return {
        state: row.state,
        rejection_reason: row.rejectionReason,
        allowed_transitions: workflow.allowed(process, row.state, 'TALENT'),
      };
    },

    async list(
      language: Language,
      query: {
        state: CreatorValidationState;
        limit: number;
        cursor?: string | undefined;
      },
    ) {
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await repo.listByState(db, query.state, after, query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: await toAdminItems(page, language),
        next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
        pending_count: await repo.countByState(db, 'pending'),
      };
    },

    validate: (admin: AdminCaller, userId: number) => decide(admin, userId, 'validate', null),
    reject: (admin: AdminCaller, userId: number, reason: string) =>
      decide(admin, userId, 'reject', reason),

    /** A rejected creator who has updated their profile asks the team again. */
    async resubmit(creator: Caller): Promise<CreatorValidationStatus> {
      await inTransaction(db, async (tx) => {
        await workflow.apply(tx, {
          process,
          subjectId: creator.userId,
          transition: 'resubmit',
          actor: creator,
        });
        await events.emit(tx, 'creator-validation.pending', {
          userId: creator.userId,
          isResubmission: true,
        });
      });
      const status = await this.statusOf(db, creator.userId);
      if (!status) throw new Error('validation status vanished');
      return status;
    },

    /**
     * Scheduled: tells admins about accounts waiting longer than the threshold, at most once
     * a day per account.
     */
    async remindAdmins(now = new Date()): Promise<number> {
      const waitingSince = new Date(now.getTime() - CREATOR_VALIDATION_REMINDER_HOURS * 3_600_000);
      const remindedBefore = new Date(now.getTime() - 24 * 3_600_000);
      return inTransaction(db, async (tx) => {
        const claimed = await repo.claimReminders(tx, waitingSince, remindedBefore);
        if (claimed.count > 0 && claimed.oldest) {
          await events.emit(tx, 'creator-validation.reminder-due', {
            waitingCount: claimed.count,
            oldestSince: claimed.oldest.toISOString(),
          });
        }
        return claimed.count;
      });
    },
  };
}

function encodeCursor(row: CreatorValidationRow): string {
  return Buffer.from(`${row.stateEnteredAt.toISOString()}|${row.userId}`).toString('base64url');
}

function decodeCursor(cursor: string): { enteredAt: Date; userId: number } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const enteredAt = new Date(at ?? '');
  const userId = Number(id);
  if (Number.isNaN(enteredAt.getTime()) || !Number.isInteger(userId) || userId <= 0) {
    throw new AppError('VALIDATION_FAILED', 'Invalid cursor.', [
      { field: 'cursor', message: 'Invalid cursor.' },
    ]);
  }
  return { enteredAt, userId };
}

export type { CreatorValidationState };
