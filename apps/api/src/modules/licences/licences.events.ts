/** Events the licences module emits (delivered after commit through the outbox), issue 27 §1. */
export interface LicencesEvents {
  /** A running licence ends in 14 or 3 days: its advertiser is reminded (once each). */
  'licence.expiring': {
    lineId: number;
    term: number;
    daysBefore: 14 | 3;
    expiresAt: string;
    advertiserUserId: number;
  };
  /** A licence ended (not renewed in time): both parties are told; HD is refused since. */
  'licence.expired': {
    lineId: number;
    term: number;
    expiresAt: string;
    advertiserUserId: number;
    creatorUserId: number;
  };
  /** The advertiser paid a renewal: the creator earns its price. */
  'licence.renewed': {
    lineId: number;
    term: number;
    expiresAt: string | null;
    price: number;
    advertiserUserId: number;
    creatorUserId: number;
  };
}
