import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mediaKitResponseSchema,
  publicMediaKitResponseSchema,
  type MediaKitSettings,
  type MediaKitView,
} from '@clipmarket/contracts/media-kit';
import type { ClientToServerEvents, ServerToClientEvents } from '@clipmarket/contracts/realtime';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { settleJobs } from '../../test/run-job-now.js';
import {
  insertSnapshots,
  publishLinks,
  reviewedLine,
} from '../campaigns/campaigns.test-support.js';
import {
  callAs,
  newBrand,
  newCreator,
  sendRequest,
  TEST_RIB,
  type TestCreator,
} from '../content-requests/content-requests.test-support.js';
import { contentVideos } from '../content-videos/content-videos.schema.js';
import { creatorValidations } from '../creator-validation/creator-validation.schema.js';
import { notifications } from '../notifications/notifications.schema.js';
import { influencers, influencerStats } from '../users/users.schema.js';
import { setMediaKitFlag } from '../users/index.js';
import { createAdmin, createFile, type TestUser } from '../users/test-users.js';
import { subscribeMediaKitFlag } from './media-kit.service.js';

const FUNDS = 5_000_000;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';
const OTHER_BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const PHONE = '98765432';

let ctx: TestContext;
let webDir: string;
let url: string;
let brand: TestUser;
let otherBrand: TestUser;
let admin: TestUser;
let creator: TestCreator;
let name: string;
/** Published, its advertiser allows showing it. */
let shownLine: number;
/** Published, not allowed. */
let hiddenLine: number;
let foreignLine: number;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-kit-web-'));
  fs.writeFileSync(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><title>Clipmarket</title></head><body><div id="root"></div><script src="/assets/index.js"></script></body></html>',
  );
  // The public kit's own entry (apps/web/media-kit.html): the page alone, without the app.
  fs.writeFileSync(
    path.join(webDir, 'media-kit.html'),
    '<!doctype html><html><head><title>Clipmarket</title></head><body><div id="root"></div><script src="/assets/media-kit.js"></script></body></html>',
  );
  ctx = await createTestContext({ WEB_DIST_DIR: webDir });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  ctx.realtime.attach(ctx.app.server);
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;

  brand = await newBrand(ctx, FUNDS);
  otherBrand = await newBrand(ctx, FUNDS);
  admin = await createAdmin(ctx);
  creator = await newCreator(ctx);
  name = `kit${Date.now().toString(36)}${process.pid}`;
  await ctx.database.db
    .update(influencers)
    .set({
      influencerName: name,
      isShowMediaKit: true,
      bio: 'Food and travel stories from Sfax',
      city: 'Sfax',
      country: 'Tunisia',
      phone: PHONE,
      phonePrefix: '+216',
      domiciliationAddress: '12 rue Secrète',
    })
    .where(eq(influencers.id, creator.influencerId));
  await ctx.database.db.insert(influencerStats).values([
    {
      influencerId: creator.influencerId,
      platform: 'instagram',
      followersCount: 12_400,
      engagementRate: '4.25',
      avgVideoViews: 8_100,
      source: 'verified',
    },
    {
      influencerId: creator.influencerId,
      platform: 'tiktok',
      followersCount: 30_000,
      engagementRate: '6.10',
      avgVideoViews: 0,
      source: 'declared',
    },
  ]);

  const request = await sendRequest(ctx, brand, [creator], { content_type: 'product_demo' });
  shownLine = request.lineOf(creator);
  await reviewedLine(ctx, brand, creator, shownLine);
  const [link] = await publishLinks(ctx, admin, creator, shownLine, ['instagram']);
  await insertSnapshots(
    ctx,
    {
      lineId: shownLine,
      linkId: link!.id,
      platform: 'instagram',
      window: '7d',
      views: 4321,
      likes: 200,
      comments: 20,
      readAt: new Date(Date.now() - 86_400_000),
    },
    {
      lineId: shownLine,
      linkId: link!.id,
      platform: 'instagram',
      window: 'latest',
      views: 5000,
      likes: 250,
      readAt: new Date(),
    },
  );
  const second = await sendRequest(ctx, otherBrand, [creator], { content_type: 'tutorials' });
  hiddenLine = second.lineOf(creator);
  await reviewedLine(ctx, otherBrand, creator, hiddenLine);
  await publishLinks(ctx, admin, creator, hiddenLine, ['instagram']);

  const someoneElse = await newCreator(ctx);
  const third = await sendRequest(ctx, brand, [someoneElse]);
  foreignLine = third.lineOf(someoneElse);
  await reviewedLine(ctx, brand, someoneElse, foreignLine);
  await publishLinks(ctx, admin, someoneElse, foreignLine, ['instagram']);
}, 120_000);

afterAll(async () => {
  await ctx.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const settings = (overrides: Partial<MediaKitSettings> = {}): MediaKitSettings => ({
  theme: 'green',
  language: 'en',
  headline: 'Recipes that sell',
  cover_file_id: null,
  hidden_sections: [],
  featured_line_ids: [],
  is_published: true,
  ...overrides,
});

async function kitOf(user: TestUser): Promise<MediaKitView> {
  const answer = await callAs(ctx, user.token, 'GET', '/v2/media-kit');
  expect(answer.statusCode, answer.body).toBe(200);
  return mediaKitResponseSchema.parse(answer.json()).data;
}

async function save(user: TestUser, body: MediaKitSettings) {
  return callAs(ctx, user.token, 'PUT', '/v2/media-kit', body);
}

/** Saves, runs the render job and answers the kit after it. */
async function rendered(body: MediaKitSettings): Promise<MediaKitView> {
  const saved = await save(creator, body);
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().data.render_state).toBe('rendering');
  await settleJobs(ctx);
  const after = await kitOf(creator);
  expect(after.render_state, after.render_error ?? '').toBe('ready');
  return after;
}

let visitors = 0;
const visit = (pathname: string, userAgent = BROWSER, remoteAddress?: string) => {
  visitors += 1;
  return ctx.app.inject({
    method: 'GET',
    url: pathname,
    remoteAddress: remoteAddress ?? `10.77.${Math.floor(visitors / 250) % 250}.${visitors % 250}`,
    headers: { 'user-agent': userAgent },
  });
};

function pdfText(body: Buffer): string {
  const file = path.join(os.tmpdir(), `media-kit-${process.pid}-${Math.random()}.pdf`);
  fs.writeFileSync(file, body);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

const hasArabicWord = (text: string, word: string) =>
  text.includes(word) || text.includes([...word].reverse().join(''));

async function publicPdf(): Promise<string> {
  const answer = await visit(`/v2/media-kits/${name}/pdf`);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toContain('application/pdf');
  expect(answer.headers['content-disposition']).toContain(`${name}-media-kit.pdf`);
  return pdfText(answer.rawPayload);
}

describe('authorization', () => {
  it('refuses visitors, advertisers, admins and creators whose kit is off', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/v2/media-kit' })).statusCode).toBe(401);
    for (const user of [brand, admin]) {
      expect((await callAs(ctx, user.token, 'GET', '/v2/media-kit')).statusCode).toBe(403);
      expect((await save(user, settings())).statusCode).toBe(403);
    }
    const off = await newCreator(ctx);
    const answer = await callAs(ctx, off.token, 'GET', '/v2/media-kit');
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.code).toBe('MEDIA_KIT_NOT_ENABLED');
    expect((await save(off, settings())).json().error.code).toBe('MEDIA_KIT_NOT_ENABLED');
  });

  it("lets only an admin turn a creator's kit on and off", async () => {
    const someone = await newCreator(ctx);
    const body = { is_show_media_kit: true };
    const route = `/v2/admin/creators/${someone.userId}/media-kit`;
    expect((await callAs(ctx, someone.token, 'PUT', route, body)).statusCode).toBe(403);
    expect((await callAs(ctx, brand.token, 'PUT', route, body)).statusCode).toBe(403);
    const on = await callAs(ctx, admin.token, 'PUT', route, body);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toEqual({ user_id: someone.userId, is_show_media_kit: true });
    expect((await callAs(ctx, someone.token, 'GET', '/v2/media-kit')).statusCode).toBe(200);
    await callAs(ctx, admin.token, 'PUT', route, { is_show_media_kit: false });
    expect((await callAs(ctx, someone.token, 'GET', '/v2/media-kit')).statusCode).toBe(403);
    const unknown = await callAs(
      ctx,
      admin.token,
      'PUT',
      `/v2/admin/creators/${brand.userId}/media-kit`,
      body,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('turns the kit on when the team validates a creator, as the setting says', async () => {
    const validate = async () => {
      const pending = await newCreator(ctx, { validated: false });
      await ctx.database.db
        .insert(creatorValidations)
        .values({ userId: pending.userId, state: 'pending' });
      const answer = await callAs(
        ctx,
        admin.token,
        'POST',
        `/v2/admin/creators/${pending.userId}/validate`,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      await settleJobs(ctx);
      const [row] = await ctx.database.db
        .select({ on: influencers.isShowMediaKit })
        .from(influencers)
        .where(eq(influencers.userId, pending.userId));
      return row!.on;
    };
    expect(await validate()).toBe(true);
    // Setting at 0 (called straight: the shared database's setting stays as other tests read it).
    const handlers: Array<(payload: { userId: number }) => Promise<void>> = [];
    const pending = await newCreator(ctx, { validated: false });
    subscribeMediaKitFlag({
      db: ctx.database.db,
      events: {
        on: (
          _type: string,
          _name: string,
          handler: (payload: { userId: number }) => Promise<void>,
        ) => handlers.push(handler),
      } as unknown as Parameters<typeof subscribeMediaKitFlag>[0]['events'],
      creators: { setMediaKitFlag },
      settings: { get: async () => 0 },
    });
    await handlers[0]!({ userId: pending.userId });
    const [row] = await ctx.database.db
      .select({ on: influencers.isShowMediaKit })
      .from(influencers)
      .where(eq(influencers.userId, pending.userId));
    expect(row!.on).toBe(false);
  });
});

describe("the advertiser's showcase switch", () => {
  const route = (lineId: number) => `/v2/content-request-influencers/${lineId}/showcase`;

  it("is the line's advertiser's only, and both parties see it", async () => {
    expect(
      (await callAs(ctx, creator.token, 'PUT', route(shownLine), { allowed: true })).statusCode,
    ).toBe(404);
    expect(
      (await callAs(ctx, otherBrand.token, 'PUT', route(shownLine), { allowed: true })).statusCode,
    ).toBe(404);
    expect(
      (await callAs(ctx, admin.token, 'PUT', route(shownLine), { allowed: true })).statusCode,
    ).toBe(403);
    const before = await callAs(
      ctx,
      creator.token,
      'GET',
      `/v2/content-request-influencers/${shownLine}`,
    );
    expect(before.json().data.showcase_allowed).toBe(false);
    const allowed = await callAs(ctx, brand.token, 'PUT', route(shownLine), { allowed: true });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().data).toMatchObject({ viewer: 'advertiser', showcase_allowed: true });
    const seen = await callAs(
      ctx,
      creator.token,
      'GET',
      `/v2/content-request-influencers/${shownLine}`,
    );
    expect(seen.json().data).toMatchObject({ viewer: 'creator', showcase_allowed: true });
  });
});

describe('the builder', () => {
  it('fills every section of the preview from what Clipmarket knows', async () => {
    const kit = await kitOf(creator);
    expect(kit.render_state).toBe('none');
    expect(kit.public_path).toBe(`/media_kit/${name}`);
    const { preview } = kit;
    expect(preview.profile).toMatchObject({
      display_name: name,
      influencer_name: name,
      bio: 'Food and travel stories from Sfax',
      city: 'Sfax',
    });
    expect(preview.audience).toEqual([
      expect.objectContaining({
        platform: 'instagram',
        followers: 12_400,
        engagement_rate_bp: 425,
        median_views: 8_100,
        source: 'api',
      }),
      expect.objectContaining({ platform: 'tiktok', followers: 30_000, source: 'declared' }),
    ]);
    expect(preview.rates!.map((rate) => rate.video_duration)).toEqual([15, 30, 60]);
    expect(preview.track_record).toMatchObject({
      delivered: 2,
      on_time_rate_bp: 10_000,
      average_rating_tenths: 50,
      ratings: 2,
    });
    expect(preview.track_record!.by_content_type).toHaveLength(2);
    expect(preview.contact).toEqual({ email: creator.email, phone: `+216 ${PHONE}` });
    expect(kit.candidate_videos.map((video) => [video.line_id, video.showcase_allowed])).toEqual(
      expect.arrayContaining([
        [shownLine, true],
        [hiddenLine, false],
      ]),
    );
    expect(kit.candidate_videos.find((video) => video.line_id === shownLine)?.views_7d).toBe(4321);
    expect(kit.candidate_videos.some((video) => video.line_id === foreignLine)).toBe(false);
  });

  it('refuses videos it cannot feature and a cover that is not a kit cover (422)', async () => {
    for (const lineId of [hiddenLine, foreignLine, 999_999_999]) {
      const answer = await save(creator, settings({ featured_line_ids: [lineId] }));
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().error.code).toBe('MEDIA_KIT_INVALID');
      expect(answer.json().error.fields).toEqual([
        expect.objectContaining({ field: 'featured_line_ids' }),
      ]);
    }
    const profilePicture = await createFile(ctx, creator.userId, { purpose: 'profile' });
    const othersCover = await createFile(ctx, brand.userId, { purpose: 'media_kit_cover' });
    for (const fileId of [profilePicture.fileId, othersCover.fileId]) {
      const answer = await save(creator, settings({ cover_file_id: fileId }));
      expect(answer.statusCode).toBe(422);
      expect(answer.json().error.fields).toEqual([
        expect.objectContaining({ field: 'cover_file_id' }),
      ]);
    }
    const invalid = await save(creator, settings({ featured_line_ids: [1, 1] }));
    expect(invalid.statusCode).toBe(400);
  });
});

describe('rendering and the public kit', () => {
  it('renders, tells the creator over the socket and the bell, and goes public', async () => {
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      expect(await socket.timeout(5000).emitWithAck('join', { token: creator.token })).toEqual({
        ok: true,
      });
      const ready = new Promise<unknown>((resolve) => socket.once('media_kit_is_ready', resolve));
      const cover = await createFile(ctx, creator.userId, { purpose: 'media_kit_cover' });
      const kit = await rendered(
        settings({
          cover_file_id: cover.fileId,
          featured_line_ids: [shownLine],
          hidden_sections: ['contact'],
        }),
      );
      expect(await ready).toEqual({ influencer_id: creator.influencerId });
      expect(kit.rendering!.page_image_urls.length).toBeGreaterThanOrEqual(5);
      const bell = await ctx.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.receiverUserId, creator.userId));
      expect(bell.some((row) => row.type === 'media_kit_is_ready')).toBe(true);

      const page = await visit(kit.rendering!.page_image_urls[0]!);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('image/png');
      expect(page.headers['cache-control']).toContain('immutable');
      expect(page.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    } finally {
      socket.disconnect();
    }

    const answer = await visit(`/v2/media-kits/${name}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const kit = publicMediaKitResponseSchema.parse(answer.json()).data;
    expect(kit).toMatchObject({
      influencer_id: creator.influencerId,
      influencer_name: name,
      theme: 'green',
    });
    expect(kit.content.contact).toBeNull();
    expect(kit.content.videos).toEqual([
      expect.objectContaining({
        line_id: shownLine,
        at_7d: expect.objectContaining({ views: 4321 }),
      }),
    ]);
    expect(kit.content.profile.cover_url).toMatch(/^\/v2\/media\/full\//);
    expect(kit.qr_svg).toContain('<svg');
    expect(kit.rendering.pdf_url).toBe(`/v2/media-kits/${name}/pdf`);
    // Nothing private: no CIN, bank number, address; no e-mail or phone with contact hidden.
    for (const secret of ['01234567', TEST_RIB, 'rue Secrète', creator.email, PHONE]) {
      expect(answer.body).not.toContain(secret);
    }
    const text = await publicPdf();
    expect(text).toContain('Recipes that sell');
    expect(text).toContain('Audience');
    expect(text).toContain('Best videos');
    expect(text).not.toContain('Contact');
    for (const secret of ['01234567', TEST_RIB, 'rue Secrète', creator.email, PHONE]) {
      expect(text).not.toContain(secret);
    }
  }, 60_000);

  it('leaves hidden sections out of the public answer and the PDF, and shows the contact when asked', async () => {
    await rendered(settings({ hidden_sections: ['rates', 'audience', 'track_record'] }));
    const kit = (await visit(`/v2/media-kits/${name}`)).json().data;
    expect(kit.content).toMatchObject({ rates: null, audience: null, track_record: null });
    expect(kit.content.contact).toEqual({ email: creator.email, phone: `+216 ${PHONE}` });
    const text = await publicPdf();
    for (const absent of ['Rates', 'Audience', 'Work on Clipmarket', 'Followers']) {
      expect(text).not.toContain(absent);
    }
    expect(text).toContain(creator.email);
    expect(text).toContain(PHONE);
    expect(text).not.toContain('01234567');
  }, 60_000);

  it('writes the PDF in French and in Arabic', async () => {
    await rendered(settings({ language: 'fr' }));
    const french = await publicPdf();
    expect(french).toContain('Tarifs');
    expect(french).toContain('Vidéos livrées');
    await rendered(settings({ language: 'tn' }));
    const arabic = await publicPdf();
    for (const word of ['الجمهور', 'المتابعون', 'التواصل']) {
      expect(hasArabicWord(arabic, word), `${word} in\n${arabic}`).toBe(true);
    }
    expect(arabic).not.toContain('Audience');
    await rendered(settings());
  }, 90_000);

  it('counts views and downloads as tracked links count clicks', async () => {
    const before = await kitOf(creator);
    const address = '10.55.0.1';
    expect((await visit(`/v2/media-kits/${name}`, BOT, address)).statusCode).toBe(200);
    await visit(`/v2/media-kits/${name}`, BROWSER, address);
    await visit(`/v2/media-kits/${name}`, BROWSER, address);
    await visit(`/v2/media-kits/${name}`, OTHER_BROWSER, address);
    await visit(`/v2/media-kits/${name}/pdf`, BROWSER, address);
    await visit(`/v2/media-kits/${name}/pdf`, BROWSER, address);
    const after = await kitOf(creator);
    expect(after.views - before.views).toBe(2);
    expect(after.downloads - before.downloads).toBe(1);
  });

  it('answers an old name with the current one, and 404s what is not public', async () => {
    const renamed = `${name}x`;
    await ctx.database.db
      .update(influencers)
      .set({ influencerName: renamed })
      .where(eq(influencers.id, creator.influencerId));
    try {
      const old = await visit(`/v2/media-kits/${name}`);
      expect(old.statusCode).toBe(200);
      expect(old.json().data.influencer_name).toBe(renamed);
      const page = await visit(`/media_kit/${name}`);
      expect(page.statusCode).toBe(301);
      expect(page.headers.location).toBe(`/media_kit/${renamed}`);
    } finally {
      await ctx.database.db
        .update(influencers)
        .set({ influencerName: name })
        .where(eq(influencers.id, creator.influencerId));
    }
    expect((await visit('/v2/media-kits/nobody-has-this-name')).statusCode).toBe(404);
    await rendered(settings({ is_published: false }));
    expect((await visit(`/v2/media-kits/${name}`)).statusCode).toBe(404);
    expect((await visit(`/v2/media-kits/${name}/pdf`)).statusCode).toBe(404);
    await rendered(settings());
    await callAs(ctx, admin.token, 'PUT', `/v2/admin/creators/${creator.userId}/media-kit`, {
      is_show_media_kit: false,
    });
    expect((await visit(`/v2/media-kits/${name}`)).statusCode).toBe(404);
    await callAs(ctx, admin.token, 'PUT', `/v2/admin/creators/${creator.userId}/media-kit`, {
      is_show_media_kit: true,
    });
    expect((await visit(`/v2/media-kits/${name}`)).statusCode).toBe(200);
  }, 60_000);

  it("puts the kit's link preview in the web page, escaped, the kit's own entry", async () => {
    await ctx.database.db
      .update(influencers)
      .set({ bio: 'Fun "quotes" & <b>tags</b>' })
      .where(eq(influencers.id, creator.influencerId));
    const kit = await rendered(settings({ headline: null }));
    const page = await visit(`/media_kit/${name}`, 'WhatsApp/2.23');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/assets/media-kit.js');
    expect(page.body).not.toContain('/assets/index.js');
    expect(page.body).toContain(`<meta property="og:title" content="${name} · Media kit">`);
    expect(page.body).toContain('Fun &quot;quotes&quot; &amp; &lt;b&gt;tags&lt;/b&gt;');
    expect(page.body).not.toContain('<b>tags</b>');
    expect(page.body).toContain(
      `<meta property="og:image" content="${ctx.env.PUBLIC_URL ?? `http://localhost:${ctx.env.PORT}`}${kit.rendering!.page_image_urls[0]}">`,
    );
    expect(page.body).toContain('<meta name="twitter:card" content="summary_large_image">');
    const unknown = await visit('/media_kit/nobody-has-this-name');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('/assets/media-kit.js');
    expect(unknown.body).not.toContain('og:title');
    // Every other address of the web app is the app itself, as before.
    const other = await visit('/login');
    expect(other.statusCode).toBe(200);
    expect(other.body).toContain('/assets/index.js');
  }, 60_000);

  it("shows each featured video's poster from the rendering's own folder, on the page and in the PDF, until it is no longer shown", async () => {
    // The line's approved video gets a poster, as the processing job makes one (a JPEG).
    const posterKey = `videos/test/${shownLine}-poster.jpg`;
    const poster = await sharp({
      create: { width: 90, height: 160, channels: 3, background: '#e8590c' },
    })
      .jpeg()
      .toBuffer();
    await ctx.modules.media.storage.put(posterKey, Readable.from(poster));
    await ctx.database.db
      .update(contentVideos)
      .set({ posterKey })
      .where(eq(contentVideos.lineId, shownLine));

    const kit = await rendered(settings({ featured_line_ids: [shownLine] }));
    // The builder's preview is live data: no rendering's poster in it.
    expect(kit.preview.videos![0]!.poster_url).toBeNull();
    const shown = publicMediaKitResponseSchema.parse(
      (await visit(`/v2/media-kits/${name}`)).json(),
    ).data;
    const posterUrl = shown.content.videos![0]!.poster_url!;
    const renderKey = kit.rendering!.pdf_url.split('/')[3]!;
    expect(posterUrl).toBe(`/v2/media-kit-files/${renderKey}/poster-${shownLine}.jpg`);
    const file = await visit(posterUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cache-control']).toContain('immutable');
    expect(file.rawPayload.equals(poster)).toBe(true);
    // Only the posters the rendering shows are served from its folder.
    expect(
      (await visit(`/v2/media-kit-files/${renderKey}/poster-${hiddenLine}.jpg`)).statusCode,
    ).toBe(404);
    // The PDF's videos page draws it.
    const pdf = await visit(`/v2/media-kits/${name}/pdf`);
    const pdfFile = path.join(os.tmpdir(), `media-kit-${process.pid}-posters.pdf`);
    fs.writeFileSync(pdfFile, pdf.rawPayload);
    try {
      const images = execFileSync('pdfimages', ['-list', pdfFile], { encoding: 'utf8' });
      expect(images).toMatch(/\bjpeg\b/);
    } finally {
      fs.rmSync(pdfFile, { force: true });
    }

    // The advertiser stops allowing it: the next rendering has neither the video nor its poster.
    const route = `/v2/content-request-influencers/${shownLine}/showcase`;
    expect((await callAs(ctx, brand.token, 'PUT', route, { allowed: false })).statusCode).toBe(200);
    try {
      const next = await rendered(settings({ featured_line_ids: [] }));
      const after = (await visit(`/v2/media-kits/${name}`)).json().data;
      expect(after.content.videos).toEqual([]);
      expect(next.rendering!.pdf_url).not.toContain(renderKey);
      expect((await visit(posterUrl)).statusCode).toBe(404);
      expect(
        await ctx.modules.media.storage.stat(`media-kits/${renderKey}/poster-${shownLine}.jpg`),
      ).toBeNull();
    } finally {
      await callAs(ctx, brand.token, 'PUT', route, { allowed: true });
    }
  }, 60_000);
});
