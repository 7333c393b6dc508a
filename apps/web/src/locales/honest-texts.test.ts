import { describe, expect, it } from 'vitest';
import enDiscovery from './en/discovery.json';
import frDiscovery from './fr/discovery.json';
import tnDiscovery from './tn/discovery.json';

/**
 * Texts promise only what the product does today (issue 8): content requests do not exist yet,
 * so the shortlists page may not offer to "send them requests". Reword when they ship.
 */
describe('texts promise only what exists', () => {
  it('the shortlists subtitle does not promise content requests', () => {
    expect(enDiscovery.shortLists.pageIntro).not.toMatch(/request/i);
    expect(frDiscovery.shortLists.pageIntro).not.toMatch(/demande/i);
    expect(tnDiscovery.shortLists.pageIntro).not.toMatch(/طلب|الطلبات/);
    expect(enDiscovery.shortLists.pageIntro).toBe(
      'Keep the creators you like in named lists, to compare them and come back to them later.',
    );
  });
});
