import { decimalText } from '@clipmarket/contracts/decimal-text';
import type { MediaKitContent, MediaKitTheme } from '@clipmarket/contracts/media-kit';
import { formatMoney, formatWholeNumber } from '@clipmarket/contracts/money-format';
import type { Language } from '../../platform/i18n.js';
import { ltr } from '../../platform/pdf/pdf-text.js';
import { formatPdfDate, PdfWriter } from '../../platform/pdf/pdf-writer.js';
import { contentTypeName, mediaKitTexts } from './media-kit.texts.js';

/** The spec's colour options (§9) as printed on the kit's cover and headings. */
export const themeColours: Record<MediaKitTheme, string> = {
  purple: '#6d28d9',
  blue: '#1d4ed8',
  pink: '#be185d',
  green: '#15803d',
  red: '#b91c1c',
  orange: '#c2410c',
};

const GRAY = '#555555';
/** A poster's box on the videos page, in points: a portrait video's 9:16. */
const POSTER_WIDTH = 72;
const POSTER_HEIGHT = 128;

/**
 * Draws a video's poster at the start edge of the line at `top` (fitted in its box); false
 * when pdfkit cannot read the picture (the video is then listed without it).
 */
function drawPoster(w: PdfWriter, poster: Buffer, top: number): boolean {
  const left = w.rtl ? w.left + w.width - POSTER_WIDTH : w.left;
  try {
    w.doc.image(poster, left, top, {
      fit: [POSTER_WIDTH, POSTER_HEIGHT],
      align: 'center',
      valign: 'center',
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * The kit as an A4 PDF (issue 25 §1): a cover page in the theme colour, then a page per section
 * the snapshot holds (hidden sections are null in it, so they are not printed), in the kit's
 * language, Arabic shaped and right to left. Answers the whole file.
 */
export async function renderMediaKitPdf(
  content: MediaKitContent,
  theme: MediaKitTheme,
  language: Language,
  /** The featured videos' posters (JPEG) by line id, drawn beside each video. */
  posters: ReadonlyMap<number, Buffer> = new Map(),
): Promise<Buffer> {
  const t = mediaKitTexts[language];
  const colour = themeColours[theme];
  const { profile } = content;
  const w = new PdfWriter({
    language,
    title: `${t.title} — ${profile.display_name}`,
    margin: 50,
    footer: (page, pages) => t.page(page, pages),
  });
  const count = (value: number | null) =>
    value === null ? '—' : ltr(formatWholeNumber(value, language));
  const date = (iso: string | null) => (iso ? ltr(formatPdfDate(new Date(iso))) : '—');

  // The cover: the theme colour, the name, the headline and the categories.
  const { doc } = w;
  doc.rect(0, 0, doc.page.width, doc.page.height).fill(colour);
  w.y = doc.page.height * 0.3;
  w.y += w.cell(t.title, 0, w.y, w.width, { size: 14, color: '#ffffff' }) + 6;
  w.y += w.cell(profile.display_name, 0, w.y, w.width, { size: 34, bold: true, color: '#ffffff' });
  if (profile.influencer_name && profile.influencer_name !== profile.display_name) {
    w.y += w.cell(ltr(`@${profile.influencer_name}`), 0, w.y, w.width, {
      size: 13,
      color: '#ffffff',
    });
  }
  if (profile.headline) {
    w.y += 10;
    w.y += w.cell(profile.headline, 0, w.y, w.width, { size: 15, color: '#ffffff' });
  }
  if (profile.categories.length > 0) {
    w.y += 10;
    w.y += w.cell(profile.categories.join(' · '), 0, w.y, w.width, {
      size: 11,
      color: '#ffffff',
    });
  }
  w.cell(t.generatedOn(date(content.generated_at)), 0, doc.page.height - 130, w.width, {
    size: 9,
    color: '#ffffff',
  });

  const section = (title: string) => {
    doc.addPage();
    w.y = w.margin;
    doc.rect(0, 0, doc.page.width, 8).fill(colour);
    w.y += w.cell(title, 0, w.y, w.width, { size: 22, bold: true, color: colour }) + 12;
  };
  const line = (label: string, value: string) => {
    w.ensureRoom(40);
    const height = w.cell(label, 0, w.y, w.width * 0.45, { size: 10, color: GRAY });
    w.y += Math.max(
      height,
      w.cell(value, w.width * 0.5, w.y, w.width * 0.5, { size: 12, bold: true }),
    );
    w.y += 6;
  };
  const text = (value: string, options: { size?: number; color?: string } = {}) => {
    w.ensureRoom(30);
    w.y += w.cell(value, 0, w.y, w.width, { size: options.size ?? 11, color: options.color }) + 6;
  };

  section(t.sections.profile);
  if (profile.bio) text(profile.bio, { size: 12 });
  const place = [profile.city, profile.country].filter(Boolean).join(', ');
  if (place) text(place, { color: GRAY });

  if (content.audience) {
    section(t.sections.audience);
    if (content.audience.length === 0) text(t.noAudience);
    for (const platform of content.audience) {
      w.ensureRoom(120);
      const name = platform.platform === 'instagram' ? 'Instagram' : 'TikTok';
      const handle = platform.username ? ` ${ltr(`@${platform.username}`)}` : '';
      w.y += w.cell(`${name}${handle}`, 0, w.y, w.width, { size: 14, bold: true }) + 4;
      line(t.followers, count(platform.followers));
      if (platform.engagement_rate_bp !== null) {
        line(t.engagementRate, ltr(`${decimalText(platform.engagement_rate_bp, 2, language)} %`));
      }
      if (platform.median_views !== null) line(t.medianViews, count(platform.median_views));
      text(`${t.audienceSource[platform.source]} · ${t.asOf(date(platform.as_of))}`, {
        size: 9,
        color: GRAY,
      });
      w.y += 8;
    }
  }

  if (content.rates) {
    section(t.sections.rates);
    if (content.rates.length === 0) text(t.noRates);
    for (const rate of content.rates) {
      line(t.seconds(rate.video_duration), ltr(formatMoney(rate.price, language)));
    }
  }

  if (content.track_record) {
    const record = content.track_record;
    section(t.sections.track_record);
    line(t.delivered, count(record.delivered));
    line(
      t.onTime,
      record.on_time_rate_bp === null
        ? t.notYet
        : ltr(`${decimalText(record.on_time_rate_bp, 2, language)} %`),
    );
    line(
      t.averageRating(record.ratings),
      record.average_rating_tenths === null
        ? t.notYet
        : ltr(`${decimalText(record.average_rating_tenths, 1, language)} / 5`),
    );
    if (record.by_content_type.length > 0) {
      w.y += 8;
      text(t.byContentType, { size: 13 });
      for (const entry of record.by_content_type) {
        line(contentTypeName(entry.content_type, t), count(entry.count));
      }
    }
  }

  if (content.videos) {
    section(t.sections.videos);
    if (content.videos.length === 0) text(t.noVideos);
    for (const video of content.videos) {
      const poster = posters.get(video.line_id);
      w.ensureRoom(poster ? POSTER_HEIGHT + 14 : 110);
      const top = w.y;
      // With a poster, the text goes beside it (the poster at the start edge: right in Arabic).
      const hasPoster = poster !== undefined && drawPoster(w, poster, top);
      const x = hasPoster ? POSTER_WIDTH + 14 : 0;
      const width = w.width - x;
      const what = [
        video.brand,
        video.content_type ? contentTypeName(video.content_type, t) : null,
        video.video_duration ? t.seconds(video.video_duration) : null,
      ]
        .filter(Boolean)
        .join(' · ');
      w.y += w.cell(what, x, w.y, width, { size: 13, bold: true }) + 2;
      w.y += w.cell(ltr(video.url), x, w.y, width, { size: 8.5, color: GRAY }) + 4;
      const figures = video.at_7d ?? video.latest;
      if (figures) {
        const label = video.at_7d ? t.views7d : t.viewsLatest;
        w.y += w.cell(`${label}: ${count(figures.views)}`, x, w.y, width, { size: 12 }) + 4;
        w.y +=
          w.cell(
            `${t.figuresSource[figures.source]} · ${t.asOf(date(figures.read_at))}`,
            x,
            w.y,
            width,
            {
              size: 9,
              color: GRAY,
            },
          ) + 6;
      }
      if (hasPoster) w.y = Math.max(w.y, top + POSTER_HEIGHT);
      w.y += 14;
    }
  }

  if (content.contact) {
    section(t.sections.contact);
    if (!content.contact.email && !content.contact.phone) text(t.noContact);
    if (content.contact.email) line(t.email, ltr(content.contact.email));
    if (content.contact.phone) line(t.phone, ltr(content.contact.phone));
  }

  const stream = w.finish();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
