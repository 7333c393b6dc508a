import type { Language } from '../../platform/i18n.js';

/** The sandbox checkout page's words, in the interface languages (tn is Arabic). */
export const sandboxTexts = {
  en: {
    title: 'Konnect sandbox — checkout',
    notice: 'Test payment: no real money moves. This page stands in for Konnect’s checkout.',
    merchant: 'Paid to',
    amount: 'Amount',
    description: 'For',
    card: 'Test card',
    successCard: 'Visa 4509 2111 1111 1119 — payment succeeds',
    successCard2: 'Mastercard 5440 2127 1111 1110 — payment succeeds',
    failureCard: 'Mastercard 5471 2511 1111 1116 — payment is refused',
    pay: 'Pay',
    cancel: 'Cancel and go back',
    paid: 'This payment is already paid.',
    expired: 'This payment link has expired.',
    unknown: 'This payment does not exist.',
    unknownCard: 'Choose one of the test cards.',
  },
  fr: {
    title: 'Bac à sable Konnect — paiement',
    notice:
      'Paiement de test : aucun argent réel ne circule. Cette page remplace celle de Konnect.',
    merchant: 'Payé à',
    amount: 'Montant',
    description: 'Pour',
    card: 'Carte de test',
    successCard: 'Visa 4509 2111 1111 1119 — le paiement réussit',
    successCard2: 'Mastercard 5440 2127 1111 1110 — le paiement réussit',
    failureCard: 'Mastercard 5471 2511 1111 1116 — le paiement est refusé',
    pay: 'Payer',
    cancel: 'Annuler et revenir',
    paid: 'Ce paiement est déjà réglé.',
    expired: 'Ce lien de paiement a expiré.',
    unknown: "Ce paiement n'existe pas.",
    unknownCard: "Choisissez l'une des cartes de test.",
  },
  tn: {
    title: 'بيئة تجربة Konnect — الدفع',
    notice: 'دفع تجريبي: لا تنتقل أي أموال حقيقية. تحلّ هذه الصفحة محل صفحة الدفع في Konnect.',
    merchant: 'الدفع لفائدة',
    amount: 'المبلغ',
    description: 'مقابل',
    card: 'بطاقة تجربة',
    successCard: 'Visa 4509 2111 1111 1119 — ينجح الدفع',
    successCard2: 'Mastercard 5440 2127 1111 1110 — ينجح الدفع',
    failureCard: 'Mastercard 5471 2511 1111 1116 — يُرفض الدفع',
    pay: 'ادفع',
    cancel: 'إلغاء والعودة',
    paid: 'تم هذا الدفع من قبل.',
    expired: 'انتهت صلاحية رابط الدفع هذا.',
    unknown: 'هذا الدفع غير موجود.',
    unknownCard: 'اختر إحدى بطاقات التجربة.',
  },
} satisfies Record<Language, Record<string, string>>;

export type SandboxTexts = (typeof sandboxTexts)['en'];
