import { describe, expect, it } from 'vitest';
import { fillMessage } from './notification-render.js';
import { findTemplateByType, notificationTemplates } from './notification-templates.js';

/** The item ids and counts a system notification always carries. */
const systemParams = {
  module_item_id: 12,
  collaboration_id: 3,
  payment_delay_days: 20,
  account_count: 2,
  waiting_count: 2,
  transaction_count: 2,
  view_count: 2,
  download_count: 2,
};

describe('notification texts', () => {
  it('isolates names, titles and references in Arabic, so that Latin ones keep their place', () => {
    const template =
      'أرسل إليك {talent_name} المحتوى الخاص بـ«{request_name}» ({request_reference}) خلال {days} يومًا.';
    const params = {
      talent_name: 'yasmine.trabelsi',
      request_name: 'Laban — summer refreshment',
      request_reference: 'CR-000008-1',
      days: 15,
    };
    expect(fillMessage(template, params, 'tn')).toBe(
      'أرسل إليك \u2068yasmine.trabelsi\u2069 المحتوى الخاص بـ«\u2068Laban — summer refreshment\u2069» (\u2068CR-000008-1\u2069) خلال 15 يومًا.',
    );
    // Left to right, nothing is added.
    expect(fillMessage('{talent_name} sent "{request_name}".', params, 'en')).toBe(
      'yasmine.trabelsi sent "Laban — summer refreshment".',
    );
  });

  it('says why an account was rejected, and never leaves the reason empty', () => {
    const rejected = findTemplateByType('account_rejected')!;
    expect(fillMessage(rejected.message.en, { reason: 'the CIN scan is unreadable' }, 'en')).toBe(
      'Your account could not be validated: the CIN scan is unreadable. Update your profile, then ask us to check it again.',
    );
    for (const reason of [undefined, null, '', '  ']) {
      expect(fillMessage(rejected.message.en, { reason }, 'en')).toBe(
        'Your account could not be validated: no reason was given. Update your profile, then ask us to check it again.',
      );
    }
    expect(fillMessage(rejected.message.fr, {}, 'fr')).toContain(
      'validé : aucun motif n’a été donné.',
    );
    expect(fillMessage(rejected.message.ar, {}, 'tn')).toContain(
      'تعذّر تفعيل حسابك: لم يُذكر السبب.',
    );
  });

  it('names the request in quotes, or says "your request" without quotes when its name is missing', () => {
    const received = findTemplateByType('content_received')!;
    expect(
      fillMessage(received.message.en, { talent_name: 'nour', request_name: 'Fresh cheese' }, 'en'),
    ).toBe('nour sent you the content for "Fresh cheese". It is pending your review.');
    expect(fillMessage(received.message.en, {}, 'en')).toBe(
      'A creator sent you the content for your request. It is pending your review.',
    );
  });

  it.each(['en', 'fr', 'tn'] as const)(
    'renders every template in %s without an empty slot when its names are missing',
    (language) => {
      const key = language === 'tn' ? 'ar' : language;
      for (const template of notificationTemplates) {
        const text = fillMessage(template.message[key], systemParams, language);
        expect(text, template.type).not.toMatch(/[{}]|""|«\s*»|“”|:\s*\.|\s[.,]|^\s|\s$/);
      }
    },
  );
});
