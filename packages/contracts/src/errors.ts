import { z } from 'zod';

/**
 * Stable error codes the API answers with (`{ error: { code, message, fields? } }`).
 * The web translates codes through the `errors` locale namespace.
 */
export const errorCodes = [
  /** Request body, query or params failed validation; `fields` lists each problem. */
  'VALIDATION_FAILED',
  /** Body is not valid JSON. */
  'MALFORMED_JSON',
  /** Body or file larger than allowed. */
  'PAYLOAD_TOO_LARGE',
  /** An image with more pixels than the server decodes (MAX_IMAGE_MEGAPIXELS). */
  'IMAGE_TOO_LARGE',
  /** Content-Type the endpoint does not accept. */
  'UNSUPPORTED_MEDIA_TYPE',
  /** Missing, expired or invalid access token. */
  'UNAUTHENTICATED',
  /** E-mail or password wrong. */
  'INVALID_CREDENTIALS',
  /** Refresh token unknown, expired, revoked or reused. */
  'INVALID_REFRESH_TOKEN',
  /** E-mail verification or password-reset token unknown, used or expired. */
  'INVALID_EMAIL_TOKEN',
  /** Authenticated, but the role may not do this. */
  'FORBIDDEN',
  /** Object does not exist or does not belong to the caller. */
  'NOT_FOUND',
  /** Unique value already taken (e.g. e-mail at sign-up). */
  'EMAIL_TAKEN',
  /** Old password wrong on password change. */
  'WRONG_PASSWORD',
  /** Uploaded file type not allowed here (checked from content). */
  'INVALID_FILE_TYPE',
  /** A name already used by another object of the caller (e.g. a shortlist). */
  'NAME_TAKEN',
  /** The advertiser's free-trial searches are used up and no paid period is running. */
  'SEARCH_QUOTA_EXHAUSTED',
  /** The advertiser's free trial has ended and no paid period is running. */
  'SEARCH_TRIAL_EXPIRED',
  /** The account's e-mail address is not verified yet (e.g. the free trial starts then). */
  'EMAIL_NOT_VERIFIED',
  /** The object's workflow state does not allow this step now (someone acted first). */
  'INVALID_TRANSITION',
  /** The wallet does not hold enough available money for this payment. */
  'INSUFFICIENT_FUNDS',
  /** An Idempotency-Key already used with another request body. */
  'IDEMPOTENCY_KEY_REUSED',
  /** The money hold was already captured or released. */
  'HOLD_SETTLED',
  /** The same Idempotency-Key is still being processed; retry in a moment. */
  'REQUEST_IN_PROGRESS',
  /** The advertiser's legal info (company, tax number, address, phone) is needed to pay. */
  'LEGAL_INFO_REQUIRED',
  /** A content request names more creators than `creators_per_request_max` allows. */
  'CREATORS_LIMIT',
  /** A content request's script is longer than `script_max_length` allows. */
  'SCRIPT_TOO_LONG',
  /** An opportunity's brief is longer than `brief_max_length` allows. */
  'BRIEF_TOO_LONG',
  /** An opportunity misses fields its checkout needs; `fields` names them. */
  'OPPORTUNITY_INCOMPLETE',
  /** The creator has applied to this opportunity already (one application each). */
  'ALREADY_APPLIED',
  /** An application's price is outside the opportunity's price band. */
  'PRICE_OUTSIDE_BAND',
  /**
   * An opportunity's price band ends under the lowest suggested price of the creator sizes it
   * asks for, at its video length (`suggested-prices.ts`); checked when it is published.
   */
  'PRICE_BELOW_SUGGESTED',
  /** Every spot of the opportunity is taken. */
  'NO_SPOTS_LEFT',
  /** The opportunity no longer takes applications. */
  'APPLICATIONS_CLOSED',
  /** An application may be debriefed once; it was already. */
  'DEBRIEF_USED',
  /** The wallet covers the price already: approve from the wallet, no card payment needed. */
  'WALLET_COVERS_PRICE',
  /** A content request misses fields its checkout needs; `fields` names them. */
  'CONTENT_REQUEST_INCOMPLETE',
  /** A content request's checkout with no creator chosen. */
  'NO_CREATOR',
  /** A creator must complete their financial info (payment method, account, CIN) first. */
  'FINANCIAL_INFO_REQUIRED',
  /** The creator's account is not validated by the team yet. */
  'ACCOUNT_NOT_VALIDATED',
  /** The promotional-use consent of a video was not given (spec §5). */
  'VIDEO_CONSENT_REQUIRED',
  /** The uploaded file is not a playable video of an allowed type (checked with ffprobe). */
  'INVALID_VIDEO',
  /** A video upload's request stopped before its end (cut, or resumed by a newer request); ask its offset and resume. */
  'UPLOAD_INTERRUPTED',
  /** The line's video is still being processed, or none was sent. */
  'VIDEO_NOT_READY',
  /** The advertiser already asked for as many revisions as `revision_cap` allows. */
  'REVISION_CAP_REACHED',
  /** A post's link is not an https link of its platform, or holds a user name or password. */
  'PUBLICATION_LINK_INVALID',
  /** The HD original opens only once the content fee is paid. */
  'CONTENT_NOT_PAID',
  /** The creator has no bank or D17 number to be paid to. */
  'PAYOUT_DETAILS_MISSING',
  /** A payout marked paid before its due date. */
  'PAYOUT_NOT_DUE',
  /** A payout marked paid that is in no exported batch (its transfer cannot have been made). */
  'PAYOUT_NOT_EXPORTED',
  /** The payment gateway cannot be reached or refused to open the payment; retry later. */
  'PAYMENT_GATEWAY_UNAVAILABLE',
  /** The promo code is unknown, inactive, outside its dates, used up or not for this purchase. */
  'PROMO_CODE_INVALID',
  /** A promo code with this text (in any case) already exists. */
  'PROMO_CODE_TAKEN',
  /** Too many attempts; retry later. */
  'RATE_LIMITED',
  /** The caller's earlier images are still being processed: wait for them, then retry. */
  'IMAGE_QUEUE_FULL',
  /** A video far longer than the length ordered (beyond `video_length_tolerance_percent`). */
  'VIDEO_TOO_LONG',
  /** A video above 4K (its larger side over 3840 pixels or its smaller over 2160). */
  'VIDEO_RESOLUTION_TOO_HIGH',
  /** The creator has as many unfinished uploads (count or bytes) as the settings allow. */
  'UPLOAD_LIMIT_REACHED',
  /** The file sent has no content (0 bytes). */
  'EMPTY_FILE',
  /** Unexpected failure on our side. */
  /** The creator's media kit is not turned on for them (an admin or validation turns it on). */
  'MEDIA_KIT_NOT_ENABLED',
  /** A media kit's settings name a video or picture the kit cannot show; `fields` says which. */
  'MEDIA_KIT_INVALID',
  /** Get inspired (issue 25 §3): the line's video has no approved publication link yet. */
  'VIDEO_NOT_PUBLISHED',
  /** Reviews (issue 27 §2): this side already reviewed the line. */
  'REVIEW_EXISTS',
  /** The line cannot be reviewed yet: its content fee is not paid. */
  'REVIEW_NOT_OPEN',
  /** The review already has its reply (one per review). */
  'REVIEW_REPLY_EXISTS',
  /** The review cannot be contested: already contested, or 7 days after it became visible. */
  'REVIEW_CONTEST_CLOSED',
  /** Issue 27 §1: the line's usage licence has expired: the HD original no longer opens. */
  'LICENCE_EXPIRED',
  /** A perpetual licence, a licence not started yet, or a line without one cannot be renewed. */
  'LICENCE_NOT_RENEWABLE',
  /** The licence has no Spark ads channel, or the video is not approved yet. */
  'SPARK_CODE_NOT_ALLOWED',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const fieldErrorSchema = z.object({
  /** Wire field name, e.g. `first_name`. */
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.array(fieldErrorSchema).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
