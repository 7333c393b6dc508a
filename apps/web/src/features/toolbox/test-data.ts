import type {
  ToolboxLine,
  ToolboxLineDetail,
  TrackedLink,
} from '@clipmarket/contracts/tracked-links';
import { placementHints } from '@clipmarket/contracts/tracked-links';

export function makeLink(overrides: Partial<TrackedLink> = {}): TrackedLink {
  return {
    platform: 'instagram',
    code: 'jasmin-amira',
    short_url: 'https://clipmarket.tn/l/jasmin-amira',
    target_url:
      'https://jasmin.tn/soap?utm_source=instagram&utm_medium=ugc&utm_campaign=cr-000012&utm_content=amira&utm_term=cr-000012-1',
    clicks: 42,
    previews: 3,
    last_click_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function makeToolboxLine(overrides: Partial<ToolboxLine> = {}): ToolboxLine {
  return {
    content_request_influencer_id: 41,
    reference: 'CR-000012-1',
    source_kind: 'content-request',
    title: 'Summer launch',
    advertiser_name: 'Jasmin',
    state: 'accepted',
    platforms: ['instagram', 'tiktok'],
    campaign_name: null,
    missing_reason: null,
    links: [
      makeLink(),
      makeLink({
        platform: 'tiktok',
        code: 'jasmin-amira-2',
        short_url: 'https://clipmarket.tn/l/jasmin-amira-2',
        clicks: 0,
        previews: 0,
        last_click_at: null,
      }),
    ],
    ...overrides,
  };
}

export function makeToolboxLineDetail(
  overrides: Partial<ToolboxLineDetail> = {},
): ToolboxLineDetail {
  const line = makeToolboxLine();
  return {
    ...line,
    links: line.links.map((link) => ({
      ...link,
      qr_svg: `<svg><title>${link.code}</title></svg>`,
    })),
    hints: (['instagram', 'tiktok'] as const).map((platform) => ({
      platform,
      places: placementHints[platform].map((hint) => ({ ...hint })),
    })),
    ...overrides,
  };
}
