import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { waitFor } from '../../test/wait-for.js';
import { payments } from '../payments/payments.schema.js';
import { createAdmin, type TestUser } from '../users/test-users.js';
import {
  callAs,
  newBrand,
  newCreator,
  sendRequest,
  takeTransition,
} from './content-requests.test-support.js';
import { approveBody, reviewed, submitVersion } from './delivery/review.test-support.js';
import { CONTENT_REQUEST_PURPOSE } from './content-requests.checkout.js';

/**
 * One public reference per request (`CR-000010`) and per creator's line (`CR-000010-1`), the
 * same wherever the request is named: the advertiser's and the creator's pages, the gateway's
 * label, the invoices, the notifications, the payouts and the admins' list.
 */

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());

const get = async (token: string, url: string) => {
  const answer = await callAs(ctx, token, 'GET', url);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
};

describe('public references', () => {
  it('names a request and each of its lines by one reference everywhere', async () => {
    // Enough in the wallet for the fee and both content fees: they are reserved at sending.
    const brand = await newBrand(ctx, 5_000_000);
    const first = await newCreator(ctx);
    const second = await newCreator(ctx);
    const request = await sendRequest(ctx, brand, [first, second], { title: 'Iftar table' });
    const ref = `CR-${String(request.id).padStart(6, '0')}`;
    const firstLine = request.lineOf(first);
    const secondLine = request.lineOf(second);

    // The advertiser's request and its lines, numbered in the order the creators were chosen.
    const view = await get(brand.token, `/v2/content-requests/${request.id}`);
    expect(view.reference).toBe(ref);
    const lineRefs = Object.fromEntries(
      view.lines.map((l: { content_request_influencer_id: number; reference: string }) => [
        l.content_request_influencer_id,
        l.reference,
      ]),
    );
    expect(lineRefs).toEqual({ [firstLine]: `${ref}-1`, [secondLine]: `${ref}-2` });

    // The creator's own line says the same.
    const creatorView = await get(first.token, `/v2/content-request-influencers/${firstLine}`);
    expect(creatorView.reference).toBe(`${ref}-1`);
    const creatorList = await get(first.token, '/v2/content-request-influencers?filter=all');
    expect(
      creatorList.find(
        (l: { content_request_influencer_id: number }) =>
          l.content_request_influencer_id === firstLine,
      ).reference,
    ).toBe(`${ref}-1`);

    // The payment's label (what the gateway and the admins' payments list show).
    const [payment] = await ctx.database.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.purpose, CONTENT_REQUEST_PURPOSE), eq(payments.purposeId, request.id)),
      );
    expect(payment!.description).toBe(`Clipmarket ${ref} platform fee`);
    const adminPayments = await get(admin.token, '/v2/admin/payments?limit=100');
    expect(
      adminPayments.items.find((p: { payment_id: number }) => p.payment_id === payment!.id),
    ).toMatchObject({
      description: `Clipmarket ${ref} platform fee`,
      // What it pays for, by the reference people quote, not the table id.
      purpose_reference: ref,
    });

    // The platform fee's invoice names the request by its reference and title.
    const feeInvoice = (await get(brand.token, '/v2/invoices')).items.find(
      (i: { purchase_kind: string }) => i.purchase_kind === 'content_request',
    );
    expect(feeInvoice).toMatchObject({
      label: `Platform fee — ${ref} “Iftar table”`,
      line_label: { code: 'platform_fee', params: { reference: ref, title: 'Iftar table' } },
    });

    // The creator's notification of the new request.
    const notice = await waitFor(
      async () => {
        const list = await get(first.token, '/v2/notifications?page=1&limit=8');
        return list.find(
          (n: { notification_type: string }) => n.notification_type === 'new_content_request',
        );
      },
      { what: 'the new request notification' },
    );
    expect(notice.content).toContain(`"Iftar table" (${ref}-1)`);

    // The admins' list of lines.
    const adminLines = await get(admin.token, '/v2/admin/content-requests?filter=all&limit=50');
    expect(
      adminLines.find(
        (l: { content_request_influencer_id: number }) =>
          l.content_request_influencer_id === secondLine,
      ).reference,
    ).toBe(`${ref}-2`);

    // Delivered and approved: the reserved fee is paid, invoiced and owed to the creator.
    await takeTransition(ctx, first.token, firstLine, 'accept');
    await submitVersion(ctx, first, firstLine, 1);
    await reviewed(ctx, brand.token, firstLine, approveBody);
    const contentInvoice = (await get(brand.token, '/v2/invoices')).items.find(
      (i: { purchase_kind: string }) => i.purchase_kind === 'content',
    );
    expect(contentInvoice).toMatchObject({
      label: `Content fee — ${ref}-1 “Iftar table” — licence: organic, 30 days, Tunisia`,
      line_label: { code: 'content_fee', params: { reference: `${ref}-1`, title: 'Iftar table' } },
    });
    const payouts = await get(first.token, '/v2/payouts');
    expect(payouts.items[0]).toMatchObject({
      content_request_influencer_id: firstLine,
      line_reference: `${ref}-1`,
      title: 'Iftar table',
    });
  });
});
