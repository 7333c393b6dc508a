import { isRightToLeft, toLanguageTag, type Language } from '../../platform/i18n.js';

const texts = {
  en: {
    title: 'Sandbox · Allow Clipmarket',
    notice:
      'This is a test page of Clipmarket, not {platform}. No real account is connected and no data leaves Clipmarket.',
    question: 'Clipmarket asks to read the statistics of your {platform} posts.',
    username: 'Sandbox account name',
    allow: 'Allow',
    deny: 'Cancel',
    invalid: 'This authorization link is not valid.',
  },
  fr: {
    title: 'Sandbox · Autoriser Clipmarket',
    notice:
      "Ceci est une page de test de Clipmarket, pas {platform}. Aucun vrai compte n'est connecté et aucune donnée ne quitte Clipmarket.",
    question: 'Clipmarket demande à lire les statistiques de vos publications {platform}.',
    username: 'Nom du compte de test',
    allow: 'Autoriser',
    deny: 'Annuler',
    invalid: "Ce lien d'autorisation n'est pas valide.",
  },
  tn: {
    title: 'تجربة · السماح لـ Clipmarket',
    notice:
      'هذه صفحة تجربة من Clipmarket وليست {platform}. لا يتم ربط أي حساب حقيقي ولا تخرج أي بيانات من Clipmarket.',
    question: 'يطلب Clipmarket قراءة إحصائيات منشوراتك على {platform}.',
    username: 'اسم حساب التجربة',
    allow: 'السماح',
    deny: 'إلغاء',
    invalid: 'رابط السماح هذا غير صالح.',
  },
} satisfies Record<Language, Record<string, string>>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The sandbox's consent page (plain HTML, no script): a name for the sandbox account and
 * "Allow", which sends the browser back to Clipmarket with a code, or "Cancel".
 */
export function renderAuthorizePage(input: {
  language: Language;
  platform: 'instagram' | 'tiktok';
  action: string;
  /** The OAuth parameters carried to the form's POST; null when they are not acceptable. */
  fields: Record<string, string> | null;
}): string {
  const t = texts[input.language];
  const platformName = input.platform === 'instagram' ? 'Instagram' : 'TikTok';
  const say = (text: string) => escapeHtml(text.replace('{platform}', platformName));
  const hidden = Object.entries(input.fields ?? {})
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  const body = input.fields
    ? `<p>${say(t.question)}</p>
      <form method="post" action="${escapeHtml(input.action)}">
        ${hidden}
        <label>${say(t.username)} <input name="username" value="sandbox_creator" required maxlength="30" pattern="[A-Za-z0-9._]{1,30}" dir="ltr"></label>
        <div class="actions">
          <button type="submit" name="decision" value="allow">${say(t.allow)}</button>
          <button type="submit" name="decision" value="deny" class="secondary">${say(t.deny)}</button>
        </div>
      </form>`
    : `<p role="alert" class="alert">${say(t.invalid)}</p>`;
  return `<!doctype html>
<html lang="${toLanguageTag(input.language)}" dir="${isRightToLeft(input.language) ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${say(t.title)}</title>
<style>
  body { font-family: system-ui, "Noto Sans", "Noto Sans Arabic", sans-serif; background: #f1f3f5; color: #212529; margin: 0; }
  main { max-width: 28rem; margin: 2rem auto; background: #fff; padding: 1.5rem; border-radius: 0.75rem; }
  .notice { background: #fff3bf; padding: 0.75rem; border-radius: 0.5rem; }
  .alert { background: #ffe3e3; color: #a51111; padding: 0.75rem; border-radius: 0.5rem; }
  label { display: block; margin: 1rem 0; } input[name=username] { font: inherit; padding: 0.4rem; width: 100%; box-sizing: border-box; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; }
  button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 0.5rem; border: 0; background: #1c5fb8; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #1c5fb8; border: 1px solid #1c5fb8; }
  button:focus-visible, input:focus-visible { outline: 3px solid #f08c00; outline-offset: 2px; }
</style></head>
<body><main>
  <h1>${say(t.title)}</h1>
  <p class="notice">${say(t.notice)}</p>
  ${body}
</main></body></html>`;
}
