import { describe, expect, it } from 'vitest';
import {
  contentDeliveryMessages,
  formatTimeCode,
  reviewBodySchema,
  revisionNoteMessages,
  publicationLinkInputSchema,
  publicationLinkProblem,
  publicationLinksBodySchema,
} from './content-delivery.js';

describe('publication links', () => {
  it("accepts a post's https link on its platform's hosts only", () => {
    expect(publicationLinkProblem('instagram', 'https://www.instagram.com/p/abc/')).toBeNull();
    expect(publicationLinkProblem('instagram', 'https://instagram.com/reel/abc')).toBeNull();
    expect(publicationLinkProblem('tiktok', 'https://www.tiktok.com/@maya/video/1')).toBeNull();
    expect(publicationLinkProblem('tiktok', 'https://vm.tiktok.com/ZMabc/')).toBeNull();
    expect(publicationLinkProblem('tiktok', 'https://VM.TikTok.com/ZMabc/')).toBeNull();

    // A TikTok link given as the Instagram one, and the other way round.
    expect(publicationLinkProblem('instagram', 'https://www.tiktok.com/@maya/video/1')).toBe(
      'wrong_platform',
    );
    expect(publicationLinkProblem('tiktok', 'https://www.instagram.com/p/abc/')).toBe(
      'wrong_platform',
    );
    // Look-alike hosts.
    expect(publicationLinkProblem('instagram', 'https://instagram.com.evil.tn/p/abc')).toBe(
      'wrong_platform',
    );
    expect(publicationLinkProblem('instagram', 'https://evilinstagram.com/p/abc')).toBe(
      'wrong_platform',
    );
    expect(publicationLinkProblem('instagram', 'https://example.com/p/abc')).toBe('wrong_platform');
  });

  it('refuses credentials, other schemes, ports and text that is no address', () => {
    expect(publicationLinkProblem('instagram', 'https://user:pass@www.instagram.com/p/a')).toBe(
      'credentials',
    );
    expect(publicationLinkProblem('instagram', 'https://user@www.instagram.com/p/a')).toBe(
      'credentials',
    );
    expect(publicationLinkProblem('instagram', 'http://www.instagram.com/p/a')).toBe('invalid');
    expect(publicationLinkProblem('instagram', 'javascript:alert(1)')).toBe('invalid');
    expect(publicationLinkProblem('instagram', 'https://www.instagram.com:8443/p/a')).toBe(
      'invalid',
    );
    expect(publicationLinkProblem('instagram', 'my instagram post')).toBe('invalid');
  });

  it('gives the problem as a field error on the url, with its code', () => {
    const parsed = publicationLinksBodySchema.safeParse({
      links: [{ platform: 'instagram', url: 'https://www.tiktok.com/@maya/video/1' }],
    });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    expect(issue.path).toEqual(['links', 0, 'url']);
    expect(issue.message).toBe(
      'This is not a link of your Instagram post: it is on www.tiktok.com',
    );
    expect(
      publicationLinkInputSchema.safeParse({
        platform: 'tiktok',
        url: ' https://vm.tiktok.com/Z/ ',
      }).data,
    ).toEqual({ platform: 'tiktok', url: 'https://vm.tiktok.com/Z/' });
  });
});

describe('delivery messages', () => {
  it('each starts with a capital letter, as a sentence', () => {
    for (const [key, message] of Object.entries(contentDeliveryMessages)) {
      expect(message.charAt(0), key).toBe(message.charAt(0).toLocaleUpperCase('en'));
    }
    expect(contentDeliveryMessages.linksSubmitted).toBe('Links submitted and waiting for review');
  });
});

describe('revision notes (issue 27 §3)', () => {
  const debrief = (notes: unknown) => ({
    decision: 'debrief',
    feedback_reasons: ['tone'],
    comment: 'See the notes',
    notes,
  });
  const messagesOf = (notes: unknown) => {
    const parsed = reviewBodySchema.safeParse(debrief(notes));
    return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  };

  it('takes up to 20 notes, trimmed, a region inside the frame', () => {
    const parsed = reviewBodySchema.parse(
      debrief([{ time_ms: 0, note: ' Here ', region: { x: 0.7, y: 0, width: 0.3, height: 1 } }]),
    );
    expect(parsed).toMatchObject({
      notes: [{ time_ms: 0, note: 'Here', region: { x: 0.7, y: 0, width: 0.3, height: 1 } }],
    });
    // Without notes, a debrief has none.
    expect(
      reviewBodySchema.parse({ decision: 'debrief', feedback_reasons: ['tone'], comment: 'x' }),
    ).toMatchObject({ notes: [] });
  });

  it('refuses a negative time, a region out of the frame, an empty note and a 21st note', () => {
    expect(messagesOf([{ time_ms: -1, note: 'a' }])).toEqual([revisionNoteMessages.timeNegative]);
    expect(
      messagesOf([{ time_ms: 1, note: 'a', region: { x: 0.5, y: 0.5, width: 0.6, height: 0.1 } }]),
    ).toEqual([revisionNoteMessages.regionOutside]);
    expect(messagesOf([{ time_ms: 1, note: '  ' }])).toEqual([revisionNoteMessages.noteRequired]);
    const many = Array.from({ length: 21 }, (_, i) => ({ time_ms: i, note: 'a' }));
    expect(messagesOf(many)).toEqual([revisionNoteMessages.tooMany]);
  });

  it('writes time codes as m:ss.t', () => {
    expect(formatTimeCode(7_449)).toBe('0:07.4');
    expect(formatTimeCode(61_050)).toBe('1:01.0');
  });
});
