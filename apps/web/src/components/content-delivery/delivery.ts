import type { LineDelivery } from '@clipmarket/contracts/content-delivery';

/**
 * The namespaces of the two screens that show a line's delivery (the creator's request page and
 * the advertiser's review page): both have the `videos.*`, `feedback.*`, `reasons.*`,
 * `platforms.*` and `links.*` texts these components read. The admins' disputes page shows the
 * videos only (`admin-content` has the `videos.*` texts).
 */
export type DeliveryNamespace = 'accept-requests' | 'manage-content';
export type VideoNamespace = DeliveryNamespace | 'admin-content';

/** The delivery part of a line (issue 11), empty for a line that has none yet. */
export function deliveryOf(line: Partial<LineDelivery>): LineDelivery {
  return {
    videos: line.videos ?? [],
    feedback: line.feedback ?? [],
    revision_notes: line.revision_notes ?? [],
    links: line.links ?? [],
    revisions_used: line.revisions_used ?? 0,
    revision_cap: line.revision_cap ?? 0,
    review_due_at: line.review_due_at ?? null,
    paid_at: line.paid_at ?? null,
    expected_payout_at: line.expected_payout_at ?? null,
    paid_from: line.paid_from ?? null,
    dispute: line.dispute ?? null,
    showcase_allowed: line.showcase_allowed ?? false,
    creator_showcase_allowed: line.creator_showcase_allowed ?? false,
    usage_licence: line.usage_licence ?? null,
  };
}
