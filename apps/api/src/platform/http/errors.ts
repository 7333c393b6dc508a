import type { ErrorCode, FieldError } from '@clipmarket/contracts/errors';

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  IMAGE_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_REFRESH_TOKEN: 401,
  INVALID_EMAIL_TOKEN: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  WRONG_PASSWORD: 400,
  INVALID_FILE_TYPE: 415,
  NAME_TAKEN: 409,
  SEARCH_QUOTA_EXHAUSTED: 403,
  SEARCH_TRIAL_EXPIRED: 403,
  EMAIL_NOT_VERIFIED: 403,
  INVALID_TRANSITION: 409,
  INSUFFICIENT_FUNDS: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  HOLD_SETTLED: 409,
  REQUEST_IN_PROGRESS: 409,
  LEGAL_INFO_REQUIRED: 409,
  CREATORS_LIMIT: 400,
  SCRIPT_TOO_LONG: 400,
  BRIEF_TOO_LONG: 400,
  OPPORTUNITY_INCOMPLETE: 400,
  ALREADY_APPLIED: 409,
  PRICE_OUTSIDE_BAND: 400,
  NO_SPOTS_LEFT: 409,
  APPLICATIONS_CLOSED: 409,
  DEBRIEF_USED: 409,
  CONTENT_REQUEST_INCOMPLETE: 400,
  NO_CREATOR: 400,
  FINANCIAL_INFO_REQUIRED: 409,
  ACCOUNT_NOT_VALIDATED: 409,
  VIDEO_CONSENT_REQUIRED: 400,
  INVALID_VIDEO: 400,
  VIDEO_NOT_READY: 409,
  REVISION_CAP_REACHED: 409,
  UPLOAD_INTERRUPTED: 409,
  PUBLICATION_LINK_INVALID: 400,
  CONTENT_NOT_PAID: 409,
  PAYOUT_DETAILS_MISSING: 409,
  PAYOUT_NOT_DUE: 409,
  PAYOUT_NOT_EXPORTED: 409,
  PAYMENT_GATEWAY_UNAVAILABLE: 502,
  PROMO_CODE_INVALID: 422,
  PROMO_CODE_TAKEN: 409,
  RATE_LIMITED: 429,
  IMAGE_QUEUE_FULL: 429,
  VIDEO_TOO_LONG: 422,
  VIDEO_RESOLUTION_TOO_HIGH: 422,
  UPLOAD_LIMIT_REACHED: 429,
  EMPTY_FILE: 400,
  INTERNAL: 500,
};

/** An expected failure: mapped to `{ error: { code, message, fields } }` with its HTTP status. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
  ) {
    super(message);
    this.statusCode = statusByCode[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = () => new AppError('FORBIDDEN', 'You are not allowed to do this');
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Authentication required');
