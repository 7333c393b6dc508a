/**
 * Content delivery (issue 11, ADR 032): upload, preview, review, the content fee, publication
 * links, disputes and the payouts of a line, whatever the line came from. The only way the rest
 * of the module reaches these parts.
 */
export { createContentPayment, type ContentPayment } from './content-payment.js';
export { createDisputes, type Disputes } from './disputes.js';
export { createPublication, type Publication } from './publication.js';
export {
  deliveryLinesOf,
  type DeliveryLineDescription,
  type DeliveryLines,
  type DeliveryLinesBySource,
  type DeliveryLinesReader,
  type DeliveryLineSource,
  type DeliverySourceKind,
} from './ports.js';
export { createLineReview, type LineReview } from './review.js';
export { createRevisionNotes, type RevisionNotes } from './revision-notes.js';
export { createDeliveryRoutes } from './routes.js';
export { createContentRequestsVideoPort } from './video-port.js';
export { relayVideoStatus } from './video-relay.js';
export {
  createDeliveryView,
  payoutSourceKey,
  type DeliveryView,
  type PayoutsForRequests,
  type VideosForRequests,
} from './view.js';
