import { isRightToLeft, toLanguageTag, type Language } from '../../platform/i18n.js';
import type { MailMessage } from '../../platform/mail/mailer.js';

export type AuthEmailKind = 'verifyEmail' | 'resetPassword' | 'accountLocked';

interface AuthEmailText {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  footer: string;
}

/** Texts of the account e-mails, in the recipient's interface language (tn = Arabic). */
const authEmailTexts: Record<Language, Record<AuthEmailKind, AuthEmailText>> = {
  en: {
    verifyEmail: {
      subject: 'Confirm your e-mail address',
      greeting: 'Hello,',
      body: 'Welcome to Clipmarket! Please confirm your e-mail address by opening this link:',
      action: 'Confirm my e-mail address',
      footer: 'If you did not create a Clipmarket account, you can ignore this e-mail.',
    },
    resetPassword: {
      subject: 'Reset your Clipmarket password',
      greeting: 'Hello,',
      body: 'We received a request to reset your password. Open this link within one hour to choose a new one:',
      action: 'Choose a new password',
      footer: 'If you did not ask for this, ignore this e-mail: your password stays unchanged.',
    },
    accountLocked: {
      subject: 'Sign-in to your Clipmarket account paused',
      greeting: 'Hello,',
      body: 'Several wrong passwords were just tried on your Clipmarket account, so signing in is paused for a few minutes. If it was you, wait a moment and try again. If it was not you, choose a new password:',
      action: 'Choose a new password',
      footer: 'Your account and your data are safe: nobody signed in with a wrong password.',
    },
  },
  fr: {
    verifyEmail: {
      subject: 'Confirmez votre adresse e-mail',
      greeting: 'Bonjour,',
      body: 'Bienvenue sur Clipmarket ! Merci de confirmer votre adresse e-mail en ouvrant ce lien :',
      action: 'Confirmer mon adresse e-mail',
      footer: "Si vous n'avez pas créé de compte Clipmarket, vous pouvez ignorer cet e-mail.",
    },
    resetPassword: {
      subject: 'Réinitialisez votre mot de passe Clipmarket',
      greeting: 'Bonjour,',
      body: "Nous avons reçu une demande de réinitialisation de votre mot de passe. Ouvrez ce lien dans l'heure pour en choisir un nouveau :",
      action: 'Choisir un nouveau mot de passe',
      footer:
        "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.",
    },
    accountLocked: {
      subject: 'Connexion à votre compte Clipmarket suspendue',
      greeting: 'Bonjour,',
      body: "Plusieurs mots de passe erronés viennent d'être essayés sur votre compte Clipmarket : la connexion est suspendue quelques minutes. Si c'était vous, patientez un instant puis réessayez. Sinon, choisissez un nouveau mot de passe :",
      action: 'Choisir un nouveau mot de passe',
      footer:
        "Votre compte et vos données sont en sécurité : personne ne s'est connecté avec un mauvais mot de passe.",
    },
  },
  tn: {
    verifyEmail: {
      subject: 'أكّد عنوان بريدك الإلكتروني',
      greeting: 'مرحبًا،',
      body: 'مرحبًا بك في Clipmarket! يُرجى تأكيد عنوان بريدك الإلكتروني بفتح هذا الرابط:',
      action: 'تأكيد بريدي الإلكتروني',
      footer: 'إذا لم تنشئ حسابًا على Clipmarket، يمكنك تجاهل هذه الرسالة.',
    },
    resetPassword: {
      subject: 'إعادة تعيين كلمة مرور Clipmarket',
      greeting: 'مرحبًا،',
      body: 'تلقّينا طلبًا لإعادة تعيين كلمة المرور الخاصة بك. افتح هذا الرابط خلال ساعة لاختيار كلمة مرور جديدة:',
      action: 'اختيار كلمة مرور جديدة',
      footer: 'إذا لم تطلب ذلك، تجاهل هذه الرسالة: تبقى كلمة المرور الخاصة بك دون تغيير.',
    },
    accountLocked: {
      subject: 'تعليق تسجيل الدخول إلى حسابك على Clipmarket',
      greeting: 'مرحبًا،',
      body: 'جُرِّبت للتو عدة كلمات مرور خاطئة على حسابك في Clipmarket، لذا عُلِّق تسجيل الدخول لبضع دقائق. إذا كنت أنت، فانتظر قليلًا ثم أعد المحاولة. وإن لم تكن أنت، فاختر كلمة مرور جديدة:',
      action: 'اختيار كلمة مرور جديدة',
      footer: 'حسابك وبياناتك في أمان: لم يسجّل أحد الدخول بكلمة مرور خاطئة.',
    },
  },
};

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

export function buildAuthEmail(
  kind: AuthEmailKind,
  language: Language,
  to: string,
  link: string,
): MailMessage {
  const text = authEmailTexts[language][kind];
  const isRtl = isRightToLeft(language);
  const htmlLang = toLanguageTag(language);
  return {
    to,
    subject: text.subject,
    text: [text.greeting, '', text.body, '', link, '', text.footer, '', 'Clipmarket'].join('\n'),
    html: `<!doctype html><html lang="${htmlLang}" dir="${isRtl ? 'rtl' : 'ltr'}"><body style="font-family:system-ui,sans-serif">
<p>${escapeHtml(text.greeting)}</p>
<p>${escapeHtml(text.body)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(text.action)}</a></p>
<p style="color:#666">${escapeHtml(text.footer)}</p>
<p>Clipmarket</p>
</body></html>`,
  };
}
