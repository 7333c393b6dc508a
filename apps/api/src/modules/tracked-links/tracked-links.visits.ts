import crypto from 'node:crypto';
import { isbot } from 'isbot';
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

/**
 * The visitor's identity for the one-per-hour rule without keeping the address: sha256 of the
 * day's salt, the address and the user agent. The salt comes from the server's secret and the
 * UTC day, so yesterday's hashes cannot be linked to today's and nobody without the secret can
 * test an address against a hash.
 */
export function visitorHashOf(
  serverSecret: string,
  at: Date,
  ip: string,
  userAgent: string,
): string {
  const salt = saltOf(serverSecret, at.toISOString().slice(0, 10));
  return crypto.createHash('sha256').update(`${salt}\n${ip}\n${userAgent}`).digest('hex');
}

/** The day's salt, made once per day (and secret). */
let lastSalt: { key: string; salt: string } | undefined;
function saltOf(serverSecret: string, day: string): string {
  const key = `${serverSecret}\n${day}`;
  if (lastSalt?.key !== key) {
    const salt = crypto
      .createHmac('sha256', serverSecret)
      .update(`tracked-link-visitor:${day}`)
      .digest('hex');
    lastSalt = { key, salt };
  }
  return lastSalt.salt;
}

/** The start of the UTC hour of `at`: the window of the one-per-visitor rule. */
export function visitHourOf(at: Date): Date {
  const hour = new Date(at);
  hour.setUTCMinutes(0, 0, 0);
  return hour;
}
