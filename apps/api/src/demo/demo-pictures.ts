import { Readable } from 'node:stream';
import sharp from 'sharp';

/**
 * Pictures the demo accounts need for a complete profile (profile picture for everyone, CIN
 * scan for creators: see talentCompletionFields / advertiserCompletionFields). Drawn from SVG
 * shapes only, no text, so they render the same on a machine without any font installed.
 */

export type DemoPictureKind = 'brand' | 'agency' | 'creator' | 'cin' | 'insights';

type ProfileKind = Exclude<DemoPictureKind, 'cin' | 'insights'>;

const palettes: Record<ProfileKind, [string, string, string]> = {
  brand: ['#7b2ff7', '#f107a3', '#ffffff'],
  agency: ['#0f2027', '#2c5364', '#f5c542'],
  creator: ['#f857a6', '#ff5858', '#ffe3ec'],
};

function profileSvg(kind: ProfileKind): string {
  const [from, to, ink] = palettes[kind];
  const motif =
    kind === 'creator'
      ? // Head and shoulders.
        `<circle cx="200" cy="160" r="72" fill="${ink}"/>
         <path d="M72 360c0-80 58-130 128-130s128 50 128 130z" fill="${ink}"/>`
      : kind === 'brand'
        ? // A milk drop: a dairy brand's mark.
          `<path d="M200 70C200 70 105 190 105 255a95 95 0 0 0 190 0C295 190 200 70 200 70z" fill="${ink}"/>
           <path d="M150 255a50 50 0 0 0 40 50" stroke="${from}" stroke-width="14" fill="none" stroke-linecap="round"/>`
        : // An arch, as in the medina's doors.
          `<path d="M110 330V200a90 90 0 0 1 180 0v130z" fill="none" stroke="${ink}" stroke-width="22"/>
           <circle cx="200" cy="250" r="18" fill="${ink}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="400" height="400" fill="url(#g)"/>
    ${motif}
  </svg>`;
}

/** A specimen identity card: photo box and grey bars where text would be. */
function cinSvg(): string {
  const bars = [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<rect x="300" y="${150 + i * 48}" width="${400 - i * 40}" height="20" rx="6" fill="#b8c4cc"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
    <rect width="800" height="500" rx="28" fill="#e8f0f2"/>
    <rect width="800" height="90" rx="28" fill="#c8102e"/>
    <rect y="60" width="800" height="30" fill="#c8102e"/>
    <circle cx="400" cy="45" r="26" fill="#ffffff"/>
    <circle cx="408" cy="45" r="18" fill="#c8102e"/>
    <rect x="50" y="130" width="210" height="270" rx="12" fill="#9fb1bb"/>
    <circle cx="155" cy="230" r="52" fill="#e8f0f2"/>
    <path d="M75 400c0-70 36-110 80-110s80 40 80 110z" fill="#e8f0f2"/>
    ${bars}
    <rect x="50" y="430" width="700" height="26" rx="6" fill="#d0d9de"/>
  </svg>`;
}

/**
 * A phone screenshot of a post's insights, as a creator sends with their figures: the post's
 * thumbnail, a bar per day and a row per figure.
 */
function insightsSvg(): string {
  const days = [18, 46, 74, 88, 95, 99, 100]
    .map(
      (height, i) =>
        `<rect x="${40 + i * 42}" y="${330 - height * 1.2}" width="28" height="${height * 1.2}" rx="4" fill="#c13584"/>`,
    )
    .join('');
  const rows = [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<rect x="32" y="${380 + i * 44}" width="130" height="14" rx="5" fill="#c7ccd1"/>
         <rect x="${250 - i * 12}" y="${380 + i * 44}" width="${78 + i * 12}" height="14" rx="5" fill="#262626"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="640" viewBox="0 0 360 640">
    <rect width="360" height="640" fill="#ffffff"/>
    <rect width="360" height="28" fill="#f2f2f2"/>
    <rect x="16" y="44" width="64" height="64" rx="8" fill="#f58529"/>
    <path d="M40 62l22 14-22 14z" fill="#ffffff"/>
    <rect x="96" y="52" width="180" height="16" rx="5" fill="#262626"/>
    <rect x="96" y="80" width="120" height="12" rx="5" fill="#c7ccd1"/>
    <rect x="16" y="130" width="328" height="1" fill="#dbdbdb"/>
    ${days}
    <rect x="32" y="340" width="296" height="1" fill="#dbdbdb"/>
    ${rows}
  </svg>`;
}

/** A PNG of the given kind, as a stream ready for the media upload. */
export async function renderDemoPicture(kind: DemoPictureKind): Promise<Readable> {
  const svg = kind === 'cin' ? cinSvg() : kind === 'insights' ? insightsSvg() : profileSvg(kind);
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return Readable.from([png]);
}
