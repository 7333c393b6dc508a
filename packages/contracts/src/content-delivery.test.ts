import { describe, expect, it } from 'vitest';
import {
  contentDeliveryMessages,
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
