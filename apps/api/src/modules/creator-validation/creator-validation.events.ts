/** Events the creator-validation module emits (delivered after commit through the outbox). */
export interface CreatorValidationEvents {
  /** A creator account waits for the team: new, or asking again after a rejection. */
  'creator-validation.pending': { userId: number; isResubmission: boolean };
  'creator-validation.validated': { userId: number; adminUserId: number };
  'creator-validation.rejected': { userId: number; adminUserId: number; reason: string };
  /** Accounts have waited longer than the reminder threshold; admins should look. */
  'creator-validation.reminder-due': { waitingCount: number; oldestSince: string };
}
