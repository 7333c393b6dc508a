/** Events the auth module emits (delivered after commit through the outbox). */
export interface AuthEvents {
  /** Someone signed up: the account and its profile exist. */
  'auth.signed-up': { userId: number; role: 'TALENT' | 'BRAND' | 'AGENCY' };
}
