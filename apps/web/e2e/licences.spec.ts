import { expect, test, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import {
  apiLogin,
  catalog,
  demo,
  expectAccessible,
  screenshot,
  signInAs,
  text,
  textPattern,
  topUpWallet,
  type Language,
} from './support';

/**
 * Issue 27 §1 and §5, the usage licence of a delivered video: a paid line of the demo brand
 * (the demo data's deliveries are paid through the real flow, which starts term 1), its licence
 * page, then its end moved into the past by writing `expires_at` in the E2E server's database
 * (the read-time rule refuses HD at once, without the hourly job): "Licence expired on …" and
 * the renew button instead of the HD button, HD refused by the API; one click renews it from
 * the wallet and HD opens again. In English and in Arabic (right to left), each screen checked
 * by axe. The reminders of the job are the API tests' subject (licences.lifecycle.test.ts).
 *
 * Needs the server on PostgreSQL (DATABASE_URL): an embedded PGlite cannot be written from here.
 */

/** The E2E server's database: playwright.config.ts's `e2eDatabaseUrl`. */
function serverDatabaseUrl(): string | null {
  if (!process.env.DATABASE_URL) return null;
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${url.pathname.slice(1) || 'clipmarket'}_e2e`;
  return url.toString();
}

async function withDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverDatabaseUrl()! });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

interface LicencePageData {
  content_request_influencer_id: number;
  viewer_side: string;
  video: { video_id: number } | null;
  licence: { term: number; state: string; renewal_price: number | null };
  wallet_available: number | null;
}

async function licenceOf(request: APIRequestContext, token: string, lineId: number) {
  const answer = await request.get(`/v2/licences/${lineId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return answer.ok() ? ((await answer.json()) as { data: LicencePageData }).data : null;
}

/** A paid line of the demo brand with a renewable licence and a video: the journey's subject. */
async function renewableLine(request: APIRequestContext, token: string): Promise<LicencePageData> {
  const candidates = await withDatabase(async (client) =>
    (
      await client.query<{ line_id: number }>(
        `select line_id from line_licences
          where term = 1 and starts_at is not null and duration <> 'perpetual'
          order by line_id desc`,
      )
    ).rows.map((row) => row.line_id),
  );
  for (const lineId of candidates) {
    const page = await licenceOf(request, token, lineId);
    if (page?.viewer_side === 'advertiser' && page.video && page.licence.renewal_price !== null) {
      return page;
    }
  }
  throw new Error('The demo data has no paid line of the demo brand with a renewable licence');
}

/** Ends the line's current term a minute ago, as if its time had come. */
async function expireNow(lineId: number) {
  await withDatabase((client) =>
    client.query(
      `update line_licences set expires_at = now() - interval '1 minute'
        where line_id = $1 and term = (select max(term) from line_licences where line_id = $1)`,
      [lineId],
    ),
  );
}

async function hdStatus(
  request: APIRequestContext,
  token: string,
  lineId: number,
  videoId: number,
) {
  const answer = await request.get(
    `/v2/content-request-influencers/${lineId}/videos/${videoId}/original`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  return { status: answer.status(), code: answer.ok() ? null : (await answer.json()).error.code };
}

test.skip(!serverDatabaseUrl(), 'The licence journey writes the server database: set DATABASE_URL');

for (const language of ['en', 'tn'] as const satisfies readonly Language[]) {
  test(`${language}: a licence bought, expired, refused in HD and renewed`, async ({
    page,
    request,
  }) => {
    const licences = catalog(language, 'licences');
    const manage = catalog(language, 'manage-content');
    const token = await apiLogin(request, demo.brand);
    const line = await renewableLine(request, token);
    const lineId = line.content_request_influencer_id;
    const videoId = line.video!.video_id;
    // The renewal is paid from the wallet: make sure it holds enough (other journeys spend it).
    if ((line.wallet_available ?? 0) < line.licence.renewal_price!) {
      await topUpWallet(request, token, Math.max(line.licence.renewal_price! * 2, 100_000));
    }

    await signInAs(page, demo.brand, language);

    await test.step('the licence page, running', async () => {
      await page.goto(`/licences/${lineId}`);
      await expect(
        page.getByRole('heading', { level: 1, name: text(licences, 'page.title') }),
      ).toBeVisible();
      await expect(page.getByText(text(licences, 'page.terms'))).toBeVisible();
      await expectAccessible(page, `${language} licence page`);
      await screenshot(page, `licences-${language}-page`);
    });

    await test.step('expired: HD refused, the renew button instead', async () => {
      await expireNow(lineId);
      expect(await hdStatus(request, token, lineId, videoId)).toEqual({
        status: 403,
        code: 'LICENCE_EXPIRED',
      });
      await page.goto(`/manage-content/${lineId}`);
      await expect(page.getByText(textPattern(licences, 'state.expiredOn'))).toBeVisible();
      await expect(page.getByRole('button', { name: text(manage, 'paid.download') })).toHaveCount(
        0,
      );
      await expect(
        page.getByRole('button', { name: textPattern(licences, 'renewal.submit') }),
      ).toBeVisible();
      await expectAccessible(page, `${language} manage content, licence expired`);
      await screenshot(page, `licences-${language}-expired`);
    });

    await test.step('renewed in one click: HD opens again', async () => {
      await page.goto(`/licences/${lineId}`);
      await expect(
        page.getByText(text(licences, 'state.expired'), { exact: true }).first(),
      ).toBeVisible();
      await page.getByRole('button', { name: textPattern(licences, 'renewal.submit') }).click();
      await expect(page.getByText(textPattern(licences, 'renewal.done')).first()).toBeVisible();
      await expect(
        page.getByText(text(licences, 'state.active'), { exact: true }).first(),
      ).toBeVisible();
      await expect(
        page.getByRole('cell', { name: textPattern(licences, 'page.renewalTerm') }).first(),
      ).toBeVisible();
      await expectAccessible(page, `${language} licence page, renewed`);
      expect((await hdStatus(request, token, lineId, videoId)).status).toBe(200);

      await page.goto(`/manage-content/${lineId}`);
      await expect(page.getByRole('button', { name: text(manage, 'paid.download') })).toBeVisible();
      await expect(page.getByText(textPattern(licences, 'state.activeUntil'))).toBeVisible();
    });
  });
}
