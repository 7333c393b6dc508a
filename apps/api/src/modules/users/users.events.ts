/** Events the users module emits (delivered after commit through the outbox). */
export interface UsersEvents {
  /** A new account exists (sign-up committed). */
  'users.account-created': { userId: number; role: 'TALENT' | 'BRAND' | 'AGENCY' | 'ADMIN' };
}
