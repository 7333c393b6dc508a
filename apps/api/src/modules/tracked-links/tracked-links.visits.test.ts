import { describe, expect, it } from 'vitest';
import { pageUrlOf, targetWithUtm } from './tracked-links.service.js';
import {
  countryOf,
  deviceClassOf,
  referrerDomainOf,
  visitHourOf,
  visitorHashOf,
} from './tracked-links.visits.js';

describe('what the redirect reads of a visit', () => {
  it('tells phones, tablets and computers apart', () => {
    expect(deviceClassOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile')).toBe(
      'mobile',
    );
    expect(deviceClassOf('Mozilla/5.0 (Linux; Android 13; SM-A536B) Mobile Safari/537.36')).toBe(
      'mobile',
    );
    expect(deviceClassOf('Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X)')).toBe('tablet');
    expect(deviceClassOf('Mozilla/5.0 (Linux; Android 13; SM-X200) Safari/537.36')).toBe('tablet');
    expect(deviceClassOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120')).toBe('desktop');
    expect(deviceClassOf('')).toBe('other');
  });

  it('keeps only the referring host and a two-letter country', () => {
    expect(referrerDomainOf('https://L.Instagram.com/?u=https%3A%2F%2Fx&e=secret')).toBe(
      'l.instagram.com',
    );
    expect(referrerDomainOf('android-app://com.zhiliaoapp.musically')).toBeNull();
    expect(referrerDomainOf('not a url')).toBeNull();
    expect(referrerDomainOf(undefined)).toBeNull();
    expect(countryOf(' tn ')).toBe('TN');
    expect(countryOf('XX')).toBeNull();
    expect(countryOf('T1')).toBeNull();
    expect(countryOf(undefined)).toBeNull();
  });

  it('hashes a visitor per day, never showing the address', () => {
    const morning = new Date('2026-11-29T08:00:00Z');
    const evening = new Date('2026-11-29T22:00:00Z');
    const nextDay = new Date('2026-11-30T08:00:00Z');
    const hash = visitorHashOf('secret', morning, '203.0.113.7', 'UA');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(visitorHashOf('secret', evening, '203.0.113.7', 'UA')).toBe(hash);
    expect(visitorHashOf('secret', nextDay, '203.0.113.7', 'UA')).not.toBe(hash);
    expect(visitorHashOf('other secret', morning, '203.0.113.7', 'UA')).not.toBe(hash);
    expect(visitorHashOf('secret', morning, '203.0.113.8', 'UA')).not.toBe(hash);
    expect(visitHourOf(new Date('2026-11-29T10:59:59.999Z')).toISOString()).toBe(
      '2026-11-29T10:00:00.000Z',
    );
  });
});

describe("the advertiser's page", () => {
  it('is an http(s) address with a domain, read as https when typed without a scheme', () => {
    expect(pageUrlOf('jasmin.tn/offer')).toBe('https://jasmin.tn/offer');
    expect(pageUrlOf(' http://jasmin.tn ')).toBe('http://jasmin.tn/');
    for (const value of [
      'javascript:alert(1)',
      'ftp://jasmin.tn',
      'localhost',
      'https://a:b@x.tn',
      '',
      null,
    ]) {
      expect(pageUrlOf(value), String(value)).toBeNull();
    }
  });

  it("gets the link's UTM parameters, replacing the page's own", () => {
    const url = new URL(
      targetWithUtm({
        targetUrl: 'https://jasmin.tn/offer?utm_source=old&lang=fr#top',
        utmSource: 'tiktok',
        utmMedium: 'ugc',
        utmCampaign: 'ramadan',
        utmContent: 'amira',
        utmTerm: 'cr-000012-1',
      }),
    );
    expect(url.hash).toBe('#top');
    expect(url.searchParams.getAll('utm_source')).toEqual(['tiktok']);
    expect(url.searchParams.get('lang')).toBe('fr');
    expect(url.searchParams.get('utm_term')).toBe('cr-000012-1');
  });
});
