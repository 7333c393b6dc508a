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
};

describe('notification texts', () => {
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
