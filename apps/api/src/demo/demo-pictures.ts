import { Readable } from 'node:stream';
import sharp from 'sharp';

/**
 * Pictures the demo accounts need for a complete profile (profile picture for everyone, CIN
 * scan for creators: see talentCompletionFields / advertiserCompletionFields). Drawn from SVG
 * shapes only, no text, so they render the same on a machine without any font installed.
 */

export type DemoPictureKind = 'brand' | 'agency' | 'creator' | 'cin';

const palettes: Record<Exclude<DemoPictureKind, 'cin'>, [string, string, string]> = {
  brand: ['#7b2ff7', '#f107a3', '#ffffff'],
  agency: ['#0f2027', '#2c5364', '#f5c542'],
  creator: ['#f857a6', '#ff5858', '#ffe3ec'],
};

function profileSvg(kind: Exclude<DemoPictureKind, 'cin'>): string {
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

/** A PNG of the given kind, as a stream ready for the media upload. */
export async function renderDemoPicture(kind: DemoPictureKind): Promise<Readable> {
  const svg = kind === 'cin' ? cinSvg() : profileSvg(kind);
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return Readable.from([png]);
}
