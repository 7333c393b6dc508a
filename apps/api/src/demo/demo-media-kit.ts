import { MEDIA_KIT_MAX_FEATURED_VIDEOS, type MediaKitView } from '@clipmarket/contracts/media-kit';
import type { DbOrTx } from '../platform/db/client.js';
import { AppError } from '../platform/http/errors.js';
import type { Logger } from '../platform/jobs/job-queue.js';
import type { ContentRequestsService } from '../modules/content-requests/index.js';
import type { MediaKitService } from '../modules/media-kit/index.js';
import { findAccountByEmail } from '../modules/users/index.js';

const BRAND_EMAIL = 'brand@clipmarket.tn';
const CREATOR_EMAIL = 'creator@clipmarket.tn';
/** The kit is made once two of her videos are out (the deliveries and their links seeded). */
const MIN_FEATURED_VIDEOS = 2;
const HEADLINE = 'Quick recipes and good addresses in short videos that make Tunis hungry';

export interface DemoMediaKitDeps {
  /**
   * The line's advertiser's showcase switch (the brand allows showing her videos), and her own
   * consent to Get inspired (she shows them there too).
   */
  contentRequests: Pick<ContentRequestsService, 'setShowcase' | 'getLine' | 'setInspiration'>;
  mediaKit: Pick<MediaKitService, 'get' | 'save'>;
  log: Pick<Logger, 'warn'>;
  /** How long seeding waits for the rendering (default 120 s; a few seconds alone). */
  renderTimeoutMs?: number;
}

export interface DemoMediaKitResult {
  /** Her published videos the brand allowed showing in this run. */
  videosShowcased: number;
  /** Her videos shown in Get inspired (both consents) from this run on. */
  videosInInspiration: number;
  /** Her kit saved and rendered by the render job in this run (0 or 1). */
  kitsRendered: number;
}

/**
 * The demo creator's media kit (issue 25): the brand allows showing her published videos
 * (its showcase switch on each line, as the brand) and she shows them in Get inspired, then
 * she saves a published kit featuring them, with a theme and a headline, and the render job
 * makes its PDF, pages and posters, as her own save would; seeding waits for it. Made once: a rendered kit is left alone (whatever
 * a visitor of the demo made of it); a kit still rendering is waited for, one whose rendering
 * failed is saved again, and one not made yet (her videos not out yet: deliveries seeded
 * without ffmpeg) is made at the next start.
 */
export async function seedDemoMediaKit(
  db: DbOrTx,
  deps: DemoMediaKitDeps,
): Promise<DemoMediaKitResult> {
  const result: DemoMediaKitResult = {
    videosShowcased: 0,
    videosInInspiration: 0,
    kitsRendered: 0,
  };
  const brand = await findAccountByEmail(db, BRAND_EMAIL);
  const creator = await findAccountByEmail(db, CREATOR_EMAIL);
  if (!brand || !creator) return result;
  const brandActor = { userId: brand.id, role: brand.role };
  const creatorActor = { userId: creator.id, role: creator.role };

  let kit: MediaKitView;
  try {
    kit = await deps.mediaKit.get(creatorActor);
  } catch (error) {
    // An admin of the demo turned her kit off: left so.
    if (error instanceof AppError && error.code === 'MEDIA_KIT_NOT_ENABLED') return result;
    throw error;
  }
  // Her consent to Get inspired, on each video the brand allowed showing (also on a kit made
  // before Get inspired existed, so the gallery is not empty in the demo).
  const consentToInspiration = async (view: MediaKitView) => {
    for (const video of view.candidate_videos.filter((candidate) => candidate.showcase_allowed)) {
      const line = await deps.contentRequests.getLine(creatorActor, video.line_id);
      if (line.creator_showcase_allowed) continue;
      await deps.contentRequests.setInspiration(creatorActor, video.line_id, true);
      result.videosInInspiration += 1;
    }
  };
  if (kit.render_state === 'ready') {
    await consentToInspiration(kit);
    return result;
  }
  if (kit.render_state !== 'rendering') {
    for (const video of kit.candidate_videos) {
      if (video.showcase_allowed) continue;
      try {
        await deps.contentRequests.setShowcase(brandActor, video.line_id, true);
        result.videosShowcased += 1;
      } catch (error) {
        // Another advertiser's line: not the brand's to allow.
        if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
      }
    }
    if (result.videosShowcased > 0) kit = await deps.mediaKit.get(creatorActor);
    await consentToInspiration(kit);
    const featured = kit.candidate_videos
      .filter((video) => video.showcase_allowed)
      .slice(0, MEDIA_KIT_MAX_FEATURED_VIDEOS)
      .map((video) => video.line_id);
    if (featured.length < MIN_FEATURED_VIDEOS) {
      deps.log.warn(
        { published: featured.length },
        'the demo media kit waits for two published videos: the next start makes it',
      );
      return result;
    }
    kit = await deps.mediaKit.save(creatorActor, {
      theme: 'orange',
      language: 'en',
      headline: HEADLINE,
      cover_file_id: null,
      hidden_sections: [],
      featured_line_ids: featured,
      is_published: true,
    });
  }

  // The render job runs in the workers (this process's, or `npm run worker`'s).
  const deadline = Date.now() + (deps.renderTimeoutMs ?? 120_000);
  while (kit.render_state === 'rendering') {
    if (Date.now() > deadline) {
      deps.log.warn({}, 'the demo media kit is still rendering: the next start waits for it');
      return result;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    kit = await deps.mediaKit.get(creatorActor);
  }
  if (kit.render_state === 'failed') {
    deps.log.warn({ error: kit.render_error }, 'the demo media kit could not be rendered');
    return result;
  }
  result.kitsRendered = 1;
  return result;
}
