import type { NotificationRole } from './enums.js';

/**
 * Where each notification type leads in the web app (spec §3 "Notification template":
 * redirection path), with the role that receives it. The API's template catalogue must use
 * exactly these (a test there checks it), and the web checks that each one opens a page of
 * its route table, not "Page not found" (issue 8). `{module_item_id}` is filled per item; a
 * `?settings=<tab>` query asks the shell to open the account settings on that tab.
 *
 * No zod here: the web's tests and screens can read it without loading zod.
 */
export const notificationLinks = {
  request_accepted: { role: 'advertiser', redirection: '/request-content/{module_item_id}' },
  request_declined: { role: 'advertiser', redirection: '/request-content/{module_item_id}' },
  request_expired: { role: 'advertiser', redirection: '/request-content/{module_item_id}' },
  request_delivery_expired: {
    role: 'advertiser',
    redirection: '/request-content/{module_item_id}',
  },
  content_received: { role: 'advertiser', redirection: '/manage-content/{module_item_id}' },
  content_updated: { role: 'advertiser', redirection: '/manage-content/{module_item_id}' },
  payment_success_request: { role: 'advertiser', redirection: '/track-payments/my-invoices' },
  payment_captured_request: { role: 'advertiser', redirection: '/track-payments/my-invoices' },
  payment_success_opportunity: { role: 'advertiser', redirection: '/track-payments/my-invoices' },
  payment_kept_in_wallet: { role: 'advertiser', redirection: '/track-payments/my-wallet' },
  request_content_published: {
    role: 'advertiser',
    redirection: '/manage-content/{module_item_id}',
  },
  application_received: {
    role: 'advertiser',
    redirection: '/publish-opportunity/{module_item_id}/applications',
  },
  applications_daily_recap: {
    role: 'advertiser',
    redirection: '/publish-opportunity/{module_item_id}/applications',
  },
  opportunity_content_updated: {
    role: 'advertiser',
    redirection: '/publish-opportunity/{module_item_id}/applications',
  },
  opportunity_content_published: {
    role: 'advertiser',
    redirection: '/publish-opportunity/{module_item_id}/applications',
  },
  opportunity_closed_by_team: {
    role: 'advertiser',
    redirection: '/publish-opportunity/{module_item_id}/applications',
  },
  legal_info_reminder: { role: 'advertiser', redirection: '/request-content?settings=legal-infos' },
  reminder_review: { role: 'advertiser', redirection: '/manage-content/{module_item_id}' },
  dispute_opened_advertiser: {
    role: 'advertiser',
    redirection: '/manage-content/{module_item_id}',
  },
  dispute_approved_fee_reserved: {
    role: 'advertiser',
    redirection: '/manage-content/{module_item_id}',
  },
  dispute_approved_fee_due: {
    role: 'advertiser',
    redirection: '/manage-content/{module_item_id}',
  },
  dispute_upheld_advertiser_refunded: {
    role: 'advertiser',
    redirection: '/manage-content/{module_item_id}',
  },
  dispute_upheld_advertiser: {
    role: 'advertiser',
    redirection: '/manage-content/{module_item_id}',
  },
  dispute_settled_advertiser: {
    role: 'advertiser',
    redirection: '/manage-content/{module_item_id}',
  },
  campaign_weekly_summary: { role: 'advertiser', redirection: '/campaign' },
  account_pending_validation: { role: 'talent', redirection: '/profile/check-profile' },
  /** Issue 25: the creator's media kit is rendered. */
  media_kit_is_ready: { role: 'talent', redirection: '/media-kit' },
  /** Issue 25 §5: the past week's views of the creator's public media kit. */
  media_kit_weekly_views: { role: 'talent', redirection: '/media-kit' },
  account_validated: { role: 'talent', redirection: '/profile/check-profile' },
  account_rejected: { role: 'talent', redirection: '/profile/check-profile' },
  new_content_request: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  reminder_acceptance: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  request_cancelled: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  reminder_submission: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  reminder_publishing: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  reminder_deadline: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  content_accepted: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  content_debriefed: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  content_rated: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  content_rejected: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  metric_figures_due: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  metric_submission_approved: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  metric_submission_declined: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  publication_link_approved: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  publication_link_declined: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  payment_pending: { role: 'talent', redirection: '/track-deposits' },
  payment_received: { role: 'talent', redirection: '/track-deposits' },
  script_video_approved: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  script_video_declined: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  application_accepted: { role: 'talent', redirection: '/track-opportunities/{module_item_id}' },
  application_debriefed: { role: 'talent', redirection: '/track-opportunities/{module_item_id}' },
  application_declined: { role: 'talent', redirection: '/track-opportunities/{module_item_id}' },
  application_closed: { role: 'talent', redirection: '/track-opportunities/{module_item_id}' },
  opportunity_content_accepted: { role: 'talent', redirection: '/track-content/{module_item_id}' },
  opportunity_content_cancelled: { role: 'talent', redirection: '/track-content/{module_item_id}' },
  opportunity_content_debriefed: { role: 'talent', redirection: '/track-content/{module_item_id}' },
  opportunity_reminder_submission: {
    role: 'talent',
    redirection: '/track-content/{module_item_id}',
  },
  opportunity_reminder_publishing: {
    role: 'talent',
    redirection: '/track-content/{module_item_id}',
  },
  opportunity_reminder_apply: {
    role: 'talent',
    redirection: '/discover-opportunities/{module_item_id}/learn-more',
  },
  financial_info_reminder: {
    role: 'talent',
    redirection: '/track-deposits?settings=financial-infos',
  },
  video_failed: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  dispute_approved_talent_paid: {
    role: 'talent',
    redirection: '/make-content/{module_item_id}',
  },
  dispute_approved_talent_fee_due: {
    role: 'talent',
    redirection: '/make-content/{module_item_id}',
  },
  dispute_upheld_talent_refunded: {
    role: 'talent',
    redirection: '/make-content/{module_item_id}',
  },
  dispute_upheld_talent: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  dispute_settled_talent: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  licence_expiring: { role: 'advertiser', redirection: '/licences/{module_item_id}' },
  licence_expired: { role: 'advertiser', redirection: '/licences/{module_item_id}' },
  licence_expired_talent: { role: 'talent', redirection: '/licences/{module_item_id}' },
  licence_renewed: { role: 'talent', redirection: '/licences/{module_item_id}' },
  creators_pending_validation: { role: 'admin', redirection: '/admin/creators' },
  ledger_out_of_balance: { role: 'admin', redirection: '/admin/payments' },
  admin_payment_received: { role: 'admin', redirection: '/admin/payments/{module_item_id}' },
  dispute_opened: { role: 'admin', redirection: '/admin/disputes' },
  // Issue 27 §2: written reviews, both ways (the receiver's page of the line).
  review_written_talent: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  review_written_advertiser: {
    role: 'advertiser',
    redirection: '/manage-content/{module_item_id}',
  },
  review_visible_talent: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  review_visible_advertiser: {
    role: 'advertiser',
    redirection: '/manage-content/{module_item_id}',
  },
  review_removed_talent: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  review_removed_advertiser: {
    role: 'advertiser',
    redirection: '/manage-content/{module_item_id}',
  },
  review_contest_decided_talent: { role: 'talent', redirection: '/make-content/{module_item_id}' },
  review_contest_decided_advertiser: {
    role: 'advertiser',
    redirection: '/manage-content/{module_item_id}',
  },
} as const satisfies Record<string, { role: NotificationRole; redirection: string }>;

export type NotificationLinkType = keyof typeof notificationLinks;
