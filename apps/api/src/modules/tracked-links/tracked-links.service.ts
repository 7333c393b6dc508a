import crypto from 'node:crypto';
import type { platforms, Role } from '@clipmarket/contracts/enums';
import {
  linkSlug,
  placementHints,
  toolboxLineStates,
  TRACKED_LINK_CODE_MAX,
  type ToolboxLine,
  type ToolboxLineDetail,
  type TrackedLink,
} from '@clipmarket/contracts/tracked-links';
import QRCode from 'qrcode';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { notFound } from '../../platform/http/errors.js';
import type {
  CampaignsForLinks,
  LinesForLinks,
  ToolboxLineFacts,
  UsersForLinks,
} from './tracked-links.ports.js';
import {
  trackedLinksRepository as repository,
  type LinkClickCounts,
  type TrackedLinkRow,
  type TrackedLinkTarget,
} from './tracked-links.repository.js';
import { createClickBuffer } from './tracked-links.click-buffer.js';
import {
  countryOf,
  deviceClassOf,
  referrerDomainOf,
  visitHourOf,
  visitKindOf,
  visitorHashOf,
} from './tracked-links.visits.js';

type Platform = (typeof platforms)[number];
export type Caller = { userId: number; role: Role };

/** A creator's toolbox lists at most this many deliveries (the newest). */
const TOOLBOX_LINES_LISTED = 100;
/** Tries of a fresh random suffix when every counted code is taken (or taken meanwhile). */
const CODE_ATTEMPTS = 5;
const UTM_MEDIUM = 'ugc';
/** How long a visited link is kept in memory, and how many at most. */
const RECENT_LINK_SECONDS = 10;
const RECENT_LINKS_MAX = 10_000;

export interface TrackedLinksDeps {
  db: Db;
  lines: LinesForLinks;
  users: UsersForLinks;
  campaigns: CampaignsForLinks;
  /** Origin of the short links (`https://clipmarket.tn`). */
  publicUrl: string;
  /** Salts the visitors' hashes (never stored). */
  serverSecret: string;
  /** Whether a proxy in front says the visitor's country (`cf-ipcountry`). */
  trustCountryHeader: boolean;
  /** The clock of the one-per-hour rule (tests move it). */
  now?: () => Date;
  /** Where a failed write of clicks is told. */
  log: { error: (object: unknown, message: string) => void };
}

export interface Visit {
  code: string;
  /** HEAD answers the redirect without counting. */
  counted: boolean;
  ip: string;
  userAgent: string | undefined;
  referer: string | undefined;
  countryHeader: string | undefined;
  /** When it happened: now for the redirect; the demo data records visits of past days. */
  at?: Date;
}

/** The advertiser's page as a link can lead to it: an http(s) address, else none. */
export function pageUrlOf(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (!url.hostname.includes('.') || url.username || url.password) return null;
    return url.toString();
  } catch {
    return null;
  }
}

/** The target with the link's UTM parameters (any of the page's own are replaced). */
export function targetWithUtm(link: TrackedLinkTarget): string {
  const url = new URL(link.targetUrl);
  url.searchParams.set('utm_source', link.utmSource);
  url.searchParams.set('utm_medium', link.utmMedium);
  url.searchParams.set('utm_campaign', link.utmCampaign);
  url.searchParams.set('utm_content', link.utmContent);
  url.searchParams.set('utm_term', link.utmTerm);
  return url.toString();
}

const isToolboxState = (state: string) => (toolboxLineStates as readonly string[]).includes(state);
const platformsOf = (facts: ToolboxLineFacts): Platform[] =>
  facts.platforms.length > 0 ? facts.platforms : ['instagram', 'tiktok'];

export function createTrackedLinksService(deps: TrackedLinksDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const shortUrlOf = (code: string) => `${deps.publicUrl.replace(/\/+$/, '')}/l/${code}`;
  /**
   * Links visited lately, by code, for a few seconds: a shared link is opened by many people at
   * once, and its redirect then needs no database read (issue 24 §8). A target changed here is
   * dropped at once; another API process sees it within the lifetime.
   */
  const recentLinks = new Map<string, { link: TrackedLinkRow; until: number }>();
  async function linkByCode(code: string): Promise<TrackedLinkRow | undefined> {
    const at = Date.now();
    const recent = recentLinks.get(code);
    if (recent && recent.until > at) return recent.link;
    const link = await repository.findByCode(db, code);
    // Unknown codes are not kept: guessing must not fill the memory.
    if (link) {
      if (recentLinks.size >= RECENT_LINKS_MAX) recentLinks.clear();
      recentLinks.set(code, { link, until: at + RECENT_LINK_SECONDS * 1000 });
    }
    return link;
  }
  const clicks = createClickBuffer({
    write: (batch) => repository.insertClicks(db, batch),
    onError: (error) => deps.log.error({ err: error }, 'tracked-link clicks not written'),
  });

  /** Where a line's links lead and what they carry: the campaign's page, else the website. */
  async function targetsOf(
    q: DbOrTx,
    facts: ToolboxLineFacts,
    parties: Awaited<ReturnType<UsersForLinks['describeLinkParties']>>,
  ) {
    const campaign = await deps.campaigns.campaignOfSource(q, facts.source);
    const advertiser = parties.advertisers.get(facts.advertiserUserId);
    const page = pageUrlOf(campaign?.targetUrl) ?? pageUrlOf(advertiser?.websiteUrl);
    const brand = linkSlug(advertiser?.name ?? '') || 'brand';
    const creator =
      linkSlug(parties.creators.get(facts.influencerUserId)?.handle ?? '') || 'creator';
    const utmCampaign =
      (campaign && linkSlug(campaign.name, 60)) || facts.sourceReference.toLowerCase();
    return {
      campaignName: campaign?.name ?? null,
      advertiserName: advertiser?.name ?? '',
      baseCode: `${brand}-${creator}`,
      target: (platform: Platform): TrackedLinkTarget | null =>
        page === null
          ? null
          : {
              targetUrl: page,
              utmSource: platform,
              utmMedium: UTM_MEDIUM,
              utmCampaign,
              utmContent: creator,
              utmTerm: facts.source.reference.toLowerCase(),
            },
    };
  }

  /** A free code: the readable one, then a counter, then a random suffix. */
  async function freeCode(q: DbOrTx, base: string, attempt: number): Promise<string> {
    const trimmed = base.slice(0, TRACKED_LINK_CODE_MAX - 8).replace(/-+$/, '');
    if (attempt === 0) {
      const candidates = [trimmed, ...Array.from({ length: 8 }, (_, i) => `${trimmed}-${i + 2}`)];
      const taken = await repository.takenCodes(q, candidates);
      const free = candidates.find((code) => !taken.has(code));
      if (free) return free;
    }
    return `${trimmed}-${crypto.randomBytes(4).toString('hex').slice(0, 6)}`;
  }

  /** The line's link on a platform, made now if missing, its target brought up to date. */
  async function ensureLink(
    q: DbOrTx,
    lineId: number,
    platform: Platform,
    existing: TrackedLinkRow | undefined,
    target: TrackedLinkTarget | null,
    baseCode: string,
  ): Promise<TrackedLinkRow | undefined> {
    if (existing) {
      if (!target) return existing;
      const same = (Object.keys(target) as Array<keyof TrackedLinkTarget>).every(
        (key) => existing[key] === target[key],
      );
      if (same) return existing;
      recentLinks.delete(existing.code);
      return repository.updateTarget(q, existing.id, target);
    }
    if (!target) return undefined;
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
      const code = await freeCode(q, baseCode, attempt);
      const inserted = await repository.insert(q, { lineId, platform, code, ...target });
      if (inserted) return inserted;
      // Opened twice at once: the other call made it.
      const [made] = (await repository.linksOfLines(q, [lineId])).filter(
        (link) => link.platform === platform,
      );
      if (made) return made;
    }
    throw new Error(`No free code for line ${lineId} on ${platform}`);
  }

  function toWire(row: TrackedLinkRow, counts: LinkClickCounts | undefined): TrackedLink {
    return {
      platform: row.platform,
      code: row.code,
      short_url: shortUrlOf(row.code),
      target_url: targetWithUtm(row),
      clicks: counts?.people ?? 0,
      previews: counts?.previews ?? 0,
      last_click_at: counts?.lastClickAt?.toISOString() ?? null,
    };
  }

  /** Lines with their links (made on first sight), in the toolbox's shape. */
  async function toolboxLinesOf(factsList: ToolboxLineFacts[]): Promise<ToolboxLine[]> {
    if (factsList.length === 0) return [];
    const parties = await deps.users.describeLinkParties(db, {
      advertiserUserIds: factsList.map((facts) => facts.advertiserUserId),
      creatorUserIds: factsList.map((facts) => facts.influencerUserId),
    });
    const existing = await repository.linksOfLines(
      db,
      factsList.map((facts) => facts.lineId),
    );
    const lines: Array<{
      facts: ToolboxLineFacts;
      campaignName: string | null;
      advertiserName: string;
      links: TrackedLinkRow[];
    }> = [];
    for (const facts of factsList) {
      const targets = await targetsOf(db, facts, parties);
      const links: TrackedLinkRow[] = [];
      for (const platform of platformsOf(facts)) {
        const link = await ensureLink(
          db,
          facts.lineId,
          platform,
          existing.find((row) => row.lineId === facts.lineId && row.platform === platform),
          targets.target(platform),
          targets.baseCode,
        );
        if (link) links.push(link);
      }
      lines.push({
        facts,
        campaignName: targets.campaignName,
        advertiserName: targets.advertiserName,
        links,
      });
    }
    const counts = await repository.countsOfLinks(
      db,
      lines.flatMap((line) => line.links.map((link) => link.id)),
    );
    return lines.map(({ facts, campaignName, advertiserName, links }) => ({
      content_request_influencer_id: facts.lineId,
      reference: facts.source.reference,
      source_kind: facts.source.kind,
      title: facts.title,
      advertiser_name: advertiserName,
      state: facts.state,
      platforms: platformsOf(facts),
      campaign_name: campaignName,
      missing_reason: links.length === 0 ? 'no_target_page' : null,
      links: links.map((link) => toWire(link, counts.get(link.id))),
    }));
  }

  return {
    /** `GET /toolbox`: the creator's deliveries from acceptance on, with their links. */
    async toolboxOf(caller: Caller): Promise<ToolboxLine[]> {
      // The visits a person just made are counted when they look.
      await clicks.flush();
      const factsList = await deps.lines.linesOfCreator(
        db,
        caller.userId,
        toolboxLineStates,
        TOOLBOX_LINES_LISTED,
      );
      return toolboxLinesOf(factsList);
    },

    /** `GET /toolbox/{line}`: one delivery's links with QR codes and placement hints. */
    async toolboxLine(caller: Caller, lineId: number): Promise<ToolboxLineDetail> {
      await clicks.flush();
      const facts = await deps.lines.describeLine(db, lineId);
      // Another creator's line, or one not accepted: as if it did not exist.
      if (!facts || facts.influencerUserId !== caller.userId || !isToolboxState(facts.state)) {
        throw notFound('Delivery');
      }
      const [line] = await toolboxLinesOf([facts]);
      if (!line) throw notFound('Delivery');
      const links = await Promise.all(
        line.links.map(async (link) => ({
          ...link,
          qr_svg: await QRCode.toString(link.short_url, {
            type: 'svg',
            margin: 1,
            errorCorrectionLevel: 'M',
          }),
        })),
      );
      return {
        ...line,
        links,
        hints: line.platforms.map((platform) => ({
          platform,
          places: placementHints[platform].map((hint) => ({ ...hint })),
        })),
      };
    },

    /**
     * The redirect: the target with its UTMs, or undefined for an unknown code. A person
     * counts once per link per hour, a preview fetcher apart, other bots and HEAD not at all.
     */
    async visit(visit: Visit): Promise<string | undefined> {
      const link = await linkByCode(visit.code);
      if (!link) return undefined;
      const userAgent = visit.userAgent ?? '';
      const kind = visitKindOf(userAgent);
      if (visit.counted && kind !== 'bot') {
        const at = visit.at ?? now();
        clicks.add({
          linkId: link.id,
          occurredAt: at,
          visitHour: visitHourOf(at),
          kind,
          visitorHash: visitorHashOf(deps.serverSecret, at, visit.ip, userAgent),
          country: deps.trustCountryHeader ? countryOf(visit.countryHeader) : null,
          referrerDomain: referrerDomainOf(visit.referer),
          deviceClass: deviceClassOf(userAgent),
        });
      }
      return targetWithUtm(link);
    },

    /** For the performance pages: people and previews of every link of each line. */
    async clicksOfLines(q: DbOrTx, lineIds: readonly number[]) {
      await clicks.flush();
      return repository.countsOfLines(q, lineIds);
    },

    /** For the dashboard: the people the links of some lines brought, per group of lines. */
    async peopleOfLineGroups(q: DbOrTx, lineIds: readonly number[], groups: readonly number[]) {
      await clicks.flush();
      return repository.peopleOfLineGroups(q, lineIds, groups);
    },

    /** Writes the clicks waiting behind the redirect (before reading them, and at close). */
    flushClicks: () => clicks.flush(),
  };
}

export type TrackedLinksService = ReturnType<typeof createTrackedLinksService>;
