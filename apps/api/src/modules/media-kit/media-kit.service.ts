import type { Readable } from 'node:stream';
import QRCode from 'qrcode';
import type { FieldError } from '@clipmarket/contracts/errors';
import {
  mediaKitPath,
  type MediaKitContent,
  type MediaKitSettings,
  type MediaKitView,
  type PublicMediaKit,
} from '@clipmarket/contracts/media-kit';
import type { Db } from '../../platform/db/client.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { EventSubscriber, JobStager } from '../../platform/events/event-bus.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { CreatorValidationEvents } from '../creator-validation/index.js';
import type { SettingsReader } from '../settings/index.js';
import type { MediaKitCreator } from '../users/index.js';
import { buildContent, workOf, type ContentDeps } from './media-kit.content.js';
import type { CreatorsForMediaKit } from './media-kit.ports.js';
import {
  KIT_PDF_FILE,
  pageFile,
  posterFile,
  renderFileKey,
  renderFileUrl,
  renderKeyPattern,
  type createMediaKitRendering,
} from './media-kit.render.js';
import { mediaKitRepository as repository } from './media-kit.repository.js';
import type { MediaKitRow, MediaKitVisitKind } from './media-kit.schema.js';
import { isCountedVisitor, visitHourOf, visitorHashOf } from './media-kit.visits.js';

export interface Caller {
  userId: number;
  role: string;
}

/** Who opened a public kit: counted unless a bot, never kept as such. */
export interface Visitor {
  ip: string;
  userAgent: string | undefined;
}

const pageUrlsOf = (kit: MediaKitRow) =>
  Array.from({ length: kit.pageCount }, (_, i) => renderFileUrl(kit.renderKey!, pageFile(i + 1)));

const settingsOf = (kit: MediaKitRow): MediaKitSettings => ({
  theme: kit.theme,
  language: kit.language,
  headline: kit.headline,
  cover_file_id: kit.coverFileId,
  hidden_sections: kit.hiddenSections,
  featured_line_ids: kit.featuredLineIds,
  is_published: kit.isPublished,
});

/** `alia-media-kit.pdf`: an ASCII name, whatever the creator's name is written in. */
export const pdfFilenameOf = (influencerName: string) =>
  `${influencerName.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'creator'}-media-kit.pdf`;

export function createMediaKitService(
  deps: ContentDeps & {
    db: Db;
    creators: CreatorsForMediaKit;
    settings: Pick<SettingsReader, 'get'>;
    stager: JobStager;
    rendering: ReturnType<typeof createMediaKitRendering>;
    storage: Storage;
    publicUrl: string;
    serverSecret: string;
    now: () => Date;
  },
) {
  const { db } = deps;

  /** The caller's creator facts, if their kit is turned on; 403 otherwise. */
  async function enabledCreator(caller: Caller, language?: MediaKitSettings['language']) {
    const known = await deps.creators.describeMediaKitCreator(db, caller.userId, 'en');
    if (!known?.isShowMediaKit) {
      throw new AppError(
        'MEDIA_KIT_NOT_ENABLED',
        'The media kit is not turned on for your account yet',
      );
    }
    const kit = await repository.findByUser(db, caller.userId);
    const kitLanguage = language ?? kit?.language ?? known.language;
    const creator =
      kitLanguage === 'en'
        ? known
        : (await deps.creators.describeMediaKitCreator(db, caller.userId, kitLanguage))!;
    return { creator, kit };
  }

  async function viewOf(
    creator: MediaKitCreator,
    kit: MediaKitRow | undefined,
  ): Promise<MediaKitView> {
    const settings: MediaKitSettings = kit
      ? settingsOf(kit)
      : {
          theme: 'purple',
          language: creator.language,
          headline: null,
          cover_file_id: null,
          hidden_sections: [],
          featured_line_ids: [],
          is_published: false,
        };
    const preview = await buildContent(deps, db, {
      creator,
      settings,
      forPublic: false,
      now: deps.now(),
    });
    const { candidates } = await workOf(deps, db, creator.userId);
    return {
      settings,
      render_state: kit?.renderState ?? 'none',
      render_error: kit?.renderError ?? null,
      preview,
      rendering:
        kit?.renderKey && kit.renderedAt
          ? {
              pdf_url: renderFileUrl(kit.renderKey, KIT_PDF_FILE),
              page_image_urls: pageUrlsOf(kit),
              rendered_at: kit.renderedAt.toISOString(),
            }
          : null,
      candidate_videos: candidates,
      public_path: mediaKitPath(creator.influencerName ?? ''),
      views: kit?.views ?? 0,
      downloads: kit?.downloads ?? 0,
    };
  }

  /** The featured videos must be the creator's published, allowed ones; the cover their own. */
  async function checkSettings(caller: Caller, settings: MediaKitSettings) {
    const fields: FieldError[] = [];
    const { candidates } = await workOf(deps, db, caller.userId);
    const allowed = new Set(
      candidates.filter((video) => video.showcase_allowed).map((video) => video.line_id),
    );
    if (settings.featured_line_ids.some((lineId) => !allowed.has(lineId))) {
      fields.push({
        field: 'featured_line_ids',
        message: 'Only your published videos whose advertiser allowed showing them can be featured',
      });
    }
    if (settings.cover_file_id !== null) {
      const files = await deps.media.findOwnedFiles(db, caller.userId, [settings.cover_file_id]);
      if (files.get(settings.cover_file_id)?.purpose !== 'media_kit_cover') {
        fields.push({
          field: 'cover_file_id',
          message: 'Upload a cover picture for your media kit',
        });
      }
    }
    if (fields.length > 0) {
      throw new AppError(
        'MEDIA_KIT_INVALID',
        'Some settings of the media kit cannot be used',
        fields,
      );
    }
  }

  /**
   * The kit a public name opens: the creator who has it now, else the one who rendered a kit
   * under it before. Only a published, rendered kit of a validated creator whose kit is turned
   * on is public; anything else is a 404.
   */
  async function publicKitOf(name: string) {
    const current = await deps.creators.findCreatorByInfluencerName(db, name);
    const influencerId = current?.influencerId ?? (await repository.influencerOfName(db, name));
    const kit =
      influencerId === undefined ? undefined : await repository.findByInfluencer(db, influencerId);
    if (!kit?.isPublished || !kit.content || !kit.renderKey || !kit.renderedAt) {
      throw notFound('Media kit');
    }
    const creator = await deps.creators.describeMediaKitCreator(db, kit.userId, kit.language);
    if (!creator?.isShowMediaKit || !creator.isValidated || !creator.influencerName) {
      throw notFound('Media kit');
    }
    return { kit, creator, influencerName: creator.influencerName, content: kit.content };
  }

  async function count(kit: MediaKitRow, kind: MediaKitVisitKind, visitor: Visitor) {
    if (!isCountedVisitor(visitor.userAgent)) return;
    const at = deps.now();
    await inTransaction(db, (tx) =>
      repository.recordVisit(tx, {
        kitId: kit.id,
        kind,
        visitorHash: visitorHashOf(deps.serverSecret, at, visitor.ip, visitor.userAgent!),
        visitHour: visitHourOf(at),
        at,
      }),
    );
  }

  return {
    /** `GET /v2/media-kit`: the creator's settings, preview, rendering and counters. */
    async get(caller: Caller): Promise<MediaKitView> {
      const { creator, kit } = await enabledCreator(caller);
      return viewOf(creator, kit);
    },

    /**
     * `PUT /v2/media-kit`: saves the settings as a new version and stages its rendering in the
     * same transaction (a newer save supersedes an older job).
     */
    async save(caller: Caller, settings: MediaKitSettings): Promise<MediaKitView> {
      const { creator } = await enabledCreator(caller, settings.language);
      await checkSettings(caller, settings);
      const kit = await inTransaction(db, async (tx) => {
        const saved = await repository.saveSettings(tx, {
          influencerId: creator.influencerId,
          userId: creator.userId,
          theme: settings.theme,
          language: settings.language,
          headline: settings.headline,
          coverFileId: settings.cover_file_id,
          hiddenSections: settings.hidden_sections,
          featuredLineIds: settings.featured_line_ids,
          isPublished: settings.is_published,
        });
        await deps.stager.stageJob(
          tx,
          deps.rendering.renderJob,
          { kitId: saved.id, version: saved.version },
          { idempotencyKey: `media-kit-render:${saved.id}:${saved.version}` },
        );
        return saved;
      });
      return viewOf(creator, kit);
    },

    /** `GET /v2/media-kits/{influencer_name}` (no sign-in): counts a view. */
    async publicKit(name: string, visitor: Visitor): Promise<PublicMediaKit> {
      const { kit, creator, influencerName, content } = await publicKitOf(name);
      await count(kit, 'view', visitor);
      return {
        influencer_id: creator.influencerId,
        influencer_name: influencerName,
        theme: kit.theme,
        language: kit.language,
        content,
        rendering: {
          pdf_url: `/v2/media-kits/${encodeURIComponent(influencerName)}/pdf`,
          page_image_urls: pageUrlsOf(kit),
          rendered_at: kit.renderedAt!.toISOString(),
        },
        qr_svg: await QRCode.toString(`${deps.publicUrl}${mediaKitPath(influencerName)}`, {
          type: 'svg',
          margin: 1,
          errorCorrectionLevel: 'M',
        }),
      };
    },

    /** `GET /v2/media-kits/{influencer_name}/pdf`: the PDF, a download counted. */
    async publicPdf(
      name: string,
      visitor: Visitor,
    ): Promise<{ stream: Readable; filename: string }> {
      const { kit, influencerName } = await publicKitOf(name);
      await count(kit, 'download', visitor);
      return {
        stream: deps.storage.get(renderFileKey(kit.renderKey!, KIT_PDF_FILE)),
        filename: pdfFilenameOf(influencerName),
      };
    },

    /** A file of a kit's current rendering (its random folder is the only way to name it). */
    async renderedFile(renderKey: string, file: string) {
      const page = /^page-([1-9]\d{0,2})\.png$/.exec(file);
      const poster = /^poster-([1-9]\d{0,9})\.jpg$/.exec(file);
      if (!renderKeyPattern.test(renderKey) || (file !== KIT_PDF_FILE && !page && !poster)) {
        throw notFound('File');
      }
      const kit = await repository.findByRenderKey(db, renderKey);
      if (!kit) throw notFound('File');
      if (page && Number(page[1]) > kit.pageCount) throw notFound('File');
      // Only the posters the current snapshot shows (a video no longer shown has none).
      const shown = (kit.content?.videos ?? []).some(
        (video) => video.poster_url !== null && posterFile(video.line_id) === file,
      );
      if (poster && !shown) throw notFound('File');
      const key = renderFileKey(renderKey, file);
      const stat = await deps.storage.stat(key);
      if (!stat) throw notFound('File');
      return {
        stream: deps.storage.get(key),
        size: stat.size,
        type: file === KIT_PDF_FILE ? 'application/pdf' : poster ? 'image/jpeg' : 'image/png',
        filename:
          file === KIT_PDF_FILE ? pdfFilenameOf(kit.content?.profile.influencer_name ?? '') : file,
      };
    },

    /**
     * What a link preview of `/media_kit/{name}` shows (no visit counted), and the current name
     * when the link has an old one; undefined when the kit is not public.
     */
    async linkPreview(
      name: string,
    ): Promise<
      | { influencerName: string; title: string; description: string; imageUrl: string | null }
      | undefined
    > {
      try {
        const { kit, influencerName, content } = await publicKitOf(name);
        return {
          influencerName,
          title: `${content.profile.display_name} · Media kit`,
          description: previewDescription(content),
          imageUrl:
            kit.pageCount > 0
              ? `${deps.publicUrl}${renderFileUrl(kit.renderKey!, pageFile(1))}`
              : null,
        };
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
        throw error;
      }
    },
  };
}

function previewDescription(content: MediaKitContent): string {
  const { profile } = content;
  const parts = [profile.headline, profile.categories.join(' · '), profile.bio].filter(
    (part): part is string => !!part && part.trim() !== '',
  );
  return (parts.join(' — ') || profile.display_name).slice(0, 200);
}

/**
 * Issue 25 §1: a creator the team validates gets the media kit turned on when the business
 * setting `media_kit_for_validated_creators` says so (1); an admin can still turn it off.
 */
export function subscribeMediaKitFlag(deps: {
  db: Db;
  events: EventSubscriber<CreatorValidationEvents>;
  creators: Pick<CreatorsForMediaKit, 'setMediaKitFlag'>;
  settings: Pick<SettingsReader, 'get'>;
}) {
  deps.events.on('creator-validation.validated', 'media-kit-flag', async ({ userId }) => {
    if ((await deps.settings.get(deps.db, 'media_kit_for_validated_creators')) !== 1) return;
    await deps.creators.setMediaKitFlag(deps.db, userId, true);
  });
}
