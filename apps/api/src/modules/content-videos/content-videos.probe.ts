import { contentDeliveryMessages, videoExtensions } from '@clipmarket/contracts/content-delivery';
import { run } from './content-videos.ffmpeg.js';

/**
 * Is this file a playable video of an allowed type (spec §5: mp4, avi, mkv, mov, hevc, h264)?
 * Decided from the content with ffprobe, never from the name: a text file named .mp4, an
 * image, random bytes or a cut-off file are refused.
 */

export type VideoExtension = (typeof videoExtensions)[number];

export interface ProbedVideo {
  extension: VideoExtension;
  mimeType: string;
  durationSeconds: number | null;
  /** As displayed (a phone's rotation applied). */
  width: number;
  height: number;
  hasAudio: boolean;
  /** What ffprobe read, kept on the row for support. */
  summary: {
    format: string;
    video_codec: string;
    audio_codec: string | null;
    rotation: number;
    bit_rate: number | null;
  };
}

export class InvalidVideoError extends Error {
  constructor(readonly detail: string) {
    super(contentDeliveryMessages.invalidVideoType);
  }
}

/** ffprobe's container names → the allowed type it is. */
function extensionOf(formatName: string, majorBrand: string | undefined): VideoExtension | null {
  const names = formatName.split(',');
  if (names.includes('mov') || names.includes('mp4')) {
    return majorBrand?.trim() === 'qt' ? 'mov' : 'mp4';
  }
  if (names.includes('matroska')) return 'mkv';
  if (names.includes('avi')) return 'avi';
  if (names.includes('hevc')) return 'hevc';
  if (names.includes('h264')) return 'h264';
  return null;
}

export const mimeTypeOf: Record<VideoExtension, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  hevc: 'application/octet-stream',
  h264: 'application/octet-stream',
};

/** Codecs that make a still picture, not a video (an image in a container is not a video). */
const STILL_CODECS = new Set(['png', 'bmp', 'gif', 'webp', 'tiff', 'jpegls', 'pam', 'ppm', 'pgm']);

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  nb_frames?: string;
  nb_read_packets?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
}
interface ProbeOutput {
  streams?: ProbeStream[];
  format?: {
    format_name?: string;
    duration?: string;
    bit_rate?: string;
    tags?: { major_brand?: string };
  };
}

const finite = (value: string | undefined) => {
  const number = value === undefined ? NaN : Number(value);
  return Number.isFinite(number) ? number : null;
};

/** Probes `file`; throws InvalidVideoError when it is not a video we accept. */
export async function probeVideo(ffprobe: string, file: string): Promise<ProbedVideo> {
  let output: ProbeOutput;
  let stderr: string;
  try {
    // -count_packets reads every packet (no decoding): a file cut short has fewer than its
    // index announces, which the header alone never shows (an mp4 with its index first).
    const result = await run(
      ffprobe,
      ['-v', 'error', '-count_packets', '-show_format', '-show_streams', '-of', 'json', file],
      { timeoutMs: 120_000 },
    );
    output = JSON.parse(result.stdout) as ProbeOutput;
    stderr = result.stderr;
  } catch (error) {
    if (error instanceof SyntaxError || (error as { tool?: string }).tool) {
      throw new InvalidVideoError('ffprobe could not read the file');
    }
    throw error;
  }
  const format = output.format?.format_name ?? '';
  const extension = extensionOf(format, output.format?.tags?.major_brand);
  if (!extension) throw new InvalidVideoError(`container ${format || 'unknown'}`);
  const video = output.streams?.find(
    (s) => s.codec_type === 'video' && !s.disposition?.attached_pic,
  );
  if (!video?.codec_name || STILL_CODECS.has(video.codec_name)) {
    throw new InvalidVideoError('no video stream');
  }
  if (!video.width || !video.height) throw new InvalidVideoError('no picture size');
  const read = finite(video.nb_read_packets) ?? 0;
  const announced = finite(video.nb_frames);
  if (read === 0 || (announced !== null && read < announced) || /partial file/i.test(stderr)) {
    throw new InvalidVideoError('truncated file');
  }
  const rotation =
    finite(video.tags?.rotate) ?? video.side_data_list?.find((d) => d.rotation)?.rotation ?? 0;
  const isQuarterTurn = Math.abs(rotation) % 180 === 90;
  const audio = output.streams?.find((s) => s.codec_type === 'audio');
  const duration = finite(output.format?.duration);
  if (duration !== null && duration <= 0) throw new InvalidVideoError('empty video');
  return {
    extension,
    mimeType: mimeTypeOf[extension],
    durationSeconds: duration,
    width: isQuarterTurn ? video.height : video.width,
    height: isQuarterTurn ? video.width : video.height,
    hasAudio: Boolean(audio),
    summary: {
      format,
      video_codec: video.codec_name,
      audio_codec: audio?.codec_name ?? null,
      rotation,
      bit_rate: finite(output.format?.bit_rate),
    },
  };
}
