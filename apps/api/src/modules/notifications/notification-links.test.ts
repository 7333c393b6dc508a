import { describe, expect, it } from 'vitest';
import { notificationLinks } from '@clipmarket/contracts/notification-links';
import { notificationTemplates } from './notification-templates.js';

/**
 * The web checks that every notification link opens a page of its route table (issue 8); it
 * reads the links from contracts, so the catalogue here must match them exactly.
 */
describe('notification links', () => {
  it('sends every template where contracts say (packages/contracts/src/notification-links.ts)', () => {
    const fromCatalogue = Object.fromEntries(
      notificationTemplates.map((template) => [
        template.type,
        { role: template.role, redirection: template.redirection },
      ]),
    );
    expect(
      fromCatalogue,
      'A template was added or its redirection changed: list it in contracts notification-links.ts too',
    ).toEqual(notificationLinks);
  });
});
