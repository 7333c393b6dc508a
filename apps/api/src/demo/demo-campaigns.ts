import type { Role } from '@clipmarket/contracts/enums';
import { requestToday } from '@clipmarket/contracts/request-dates';
import type { DbOrTx } from '../platform/db/client.js';
import { AppError } from '../platform/http/errors.js';
import type { CampaignsService } from '../modules/campaigns/index.js';
import { findAccountByEmail } from '../modules/users/index.js';

const BRAND_EMAIL = 'brand@clipmarket.tn';
export const DEMO_CAMPAIGNS = { ramadan: 'Ramadan 2027', summer: 'Summer launch 2027' } as const;
/**
 * The demo's only fixed share token (43 characters, like a drawn one), so that the README can
 * give the report's address: `/campaigns/demo-ramadan-2027-shared-performance-report`.
 */
export const DEMO_SHARE_TOKEN = 'demo-ramadan-2027-shared-performance-report';

/** `days` after today, in Tunisia's calendar. */
function inDays(days: number, now: Date) {
  const date = new Date(`${requestToday(now)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface DemoCampaignsDeps {
  campaigns: CampaignsService;
}

type Caller = { userId: number; role: Role };

/**
 * "Ramadan 2027"'s public report link, with the demo's fixed token, through the service; once:
 * a link the brand revoked in the demo stays revoked (a revoked address never works again).
 */
async function shareDemoReport(deps: DemoCampaignsDeps, caller: Caller, campaignId: number) {
  if (await deps.campaigns.shareLink(caller, campaignId)) return 0;
  try {
    await deps.campaigns.createShareLink(caller, campaignId, { token: DEMO_SHARE_TOKEN });
    return 1;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NAME_TAKEN') return 0;
    throw error;
  }
}

/**
 * The demo brand's campaigns (issue 24 §7), through the campaigns service: "Ramadan 2027",
 * running, holding its sent requests and an opportunity with their deliveries (published
 * videos among them), shared by a public report link, and "Summer launch 2027", upcoming and
 * still empty. Once: a brand that has them is left alone (but for the link, added to a demo
 * made before it); its drafts and other opportunities stay out, for adding them in the demo.
 */
export async function seedDemoCampaigns(
  db: DbOrTx,
  deps: DemoCampaignsDeps,
  now = new Date(),
): Promise<{ campaignsCreated: number; shareLinksCreated: number }> {
  const brand = await findAccountByEmail(db, BRAND_EMAIL);
  if (!brand) return { campaignsCreated: 0, shareLinksCreated: 0 };
  const caller = { userId: brand.id, role: brand.role };
  const existing = await deps.campaigns.list(caller, { limit: 50 });
  const seeded = existing.data.find((campaign) => campaign.name === DEMO_CAMPAIGNS.ramadan);
  if (seeded) {
    return {
      campaignsCreated: 0,
      shareLinksCreated: await shareDemoReport(deps, caller, seeded.campaign_id),
    };
  }
  const ramadan = await deps.campaigns.create(caller, {
    name: DEMO_CAMPAIGNS.ramadan,
    goal: 'brand-awareness',
    visibility: 'private',
    starts_on: inDays(-30, now),
    ends_on: '2027-03-31',
    budget: 3_000_000,
    target_url: 'https://jasmin.tn/ramadan',
  });
  const offered = await deps.campaigns.attachable(caller, ramadan.campaign_id);
  const requests = offered.filter(
    (item) => item.kind === 'content-request' && item.status === 'sent',
  );
  // One whose videos are out (published), else one whose creators are at work.
  const opportunity = ['completed', 'ongoing', 'live']
    .map((status) => offered.find((item) => item.kind === 'opportunity' && item.status === status))
    .find(Boolean);
  for (const item of [...requests, ...(opportunity ? [opportunity] : [])]) {
    await deps.campaigns.attach(caller, ramadan.campaign_id, { kind: item.kind, id: item.id });
  }
  await deps.campaigns.create(caller, {
    name: DEMO_CAMPAIGNS.summer,
    goal: 'product-launch',
    visibility: 'public',
    starts_on: '2027-06-01',
    ends_on: '2027-08-31',
    budget: 5_000_000,
    target_url: null,
  });
  return {
    campaignsCreated: 2,
    shareLinksCreated: await shareDemoReport(deps, caller, ramadan.campaign_id),
  };
}
