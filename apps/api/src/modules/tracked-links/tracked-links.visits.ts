import { isbot } from 'isbot';
import { createVisitorHasher, visitHourOf } from '../../platform/privacy/visitor-identity.js';
import type { ClickKind } from './tracked-links.schema.js';

/**
 * How the redirect tells a visit apart (reference §5.2): link-preview fetchers (isbot marks them
 * as bots, but each is a share of the link, so they are counted apart), Instagram's and TikTok's
 * in-app browsers (people, whatever a bot list says), other bots (not counted).
 */
const PREVIEW_FETCHERS =
  /facebookexternalhit|facebookcatalog|meta-externalagent|whatsapp|twitterbot|slackbot|telegrambot|linkedinbot|discordbot|skypeuripreview|pinterestbot|redditbot|snapchat|viber|embedly|iframely|google-pagerenderer|applebot|mastodon/i;
const IN_APP_BROWSERS = /\binstagram\b|musical_ly|bytedancewebview|\btiktok\b|trill_/i;

export type VisitKind = ClickKind | 'bot';

/** Kinds of the user agents seen lately: a shared link's visitors send a few agents, over and over. */
const kindsByAgent = new Map<string, VisitKind>();
const KINDS_KEPT = 2_000;

export function visitKindOf(userAgent: string): VisitKind {
  const known = kindsByAgent.get(userAgent);
  if (known) return known;
  const kind = classify(userAgent);
  if (kindsByAgent.size >= KINDS_KEPT) kindsByAgent.clear();
  kindsByAgent.set(userAgent, kind);
  return kind;
}

function classify(userAgent: string): VisitKind {
  if (IN_APP_BROWSERS.test(userAgent)) return 'person';
  if (PREVIEW_FETCHERS.test(userAgent)) return 'preview';
  // An empty user agent is a script, not a browser.
  if (userAgent.trim() === '' || isbot(userAgent)) return 'bot';
  return 'person';
}

export type DeviceClass = 'mobile' | 'tablet' | 'desktop' | 'other';

export function deviceClassOf(userAgent: string): DeviceClass {
  if (/ipad|tablet|kindle|silk|playbook|android(?!.*mobile)/i.test(userAgent)) return 'tablet';
  if (/mobi|iphone|ipod|android|windows phone|blackberry|opera mini/i.test(userAgent)) {
    return 'mobile';
  }
  if (/windows nt|macintosh|x11|cros|linux/i.test(userAgent)) return 'desktop';
  return 'other';
}

/** The referring page's host name only (no path, no query), or null. */
export function referrerDomainOf(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const { hostname, protocol } = new URL(referer);
    if (protocol !== 'http:' && protocol !== 'https:') return null;
    return hostname.toLowerCase().slice(0, 253) || null;
  } catch {
    return null;
  }
}

/** A two-letter country a trusted proxy put in `cf-ipcountry`; null otherwise (or `XX`, `T1`). */
export function countryOf(header: string | undefined): string | null {
  const code = header?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}

/** The visitor's identity for the one-per-hour rule (no address kept). */
export const visitorHashOf = createVisitorHasher('tracked-link-visitor');
export { visitHourOf };
