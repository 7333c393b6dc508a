import type { CampaignGoal, CampaignPhase } from '@clipmarket/contracts/campaigns';
import type { Language } from '../../platform/i18n.js';

/**
 * A campaign's goal and phase as the API writes them (the weekly summary e-mail, the PDF
 * report), in the three interface languages (`tn` is Arabic). Worded as the web's `campaigns`
 * namespace (apps/web/src/locales/<language>/campaigns.json `goals` and `phases`), which is the
 * reference: change both together.
 */
export const campaignGoalNames: Record<Language, Record<CampaignGoal, string>> = {
  en: {
    traffic: 'Traffic',
    'brand-awareness': 'Brand awareness',
    'product-launch': 'Product launch',
    'store-opening': 'Store opening',
    engagement: 'Engagement',
    'purchases-sales': 'Purchases and sales',
    'lead-generation': 'Lead generation',
    'customer-loyalty': 'Customer loyalty',
    'app-install': 'App installs',
  },
  fr: {
    traffic: 'Trafic',
    'brand-awareness': 'Notoriété de la marque',
    'product-launch': 'Lancement de produit',
    'store-opening': 'Ouverture de magasin',
    engagement: 'Engagement',
    'purchases-sales': 'Achats et ventes',
    'lead-generation': 'Génération de prospects',
    'customer-loyalty': 'Fidélisation',
    'app-install': 'Installations d’application',
  },
  tn: {
    traffic: 'الزيارات',
    'brand-awareness': 'الوعي بالعلامة',
    'product-launch': 'إطلاق منتج',
    'store-opening': 'افتتاح متجر',
    engagement: 'التفاعل',
    'purchases-sales': 'المشتريات والمبيعات',
    'lead-generation': 'جذب العملاء المحتملين',
    'customer-loyalty': 'ولاء العملاء',
    'app-install': 'تثبيت التطبيق',
  },
};

export const campaignPhaseNames: Record<Language, Record<CampaignPhase, string>> = {
  en: { upcoming: 'Upcoming', running: 'Running', ended: 'Ended' },
  fr: { upcoming: 'À venir', running: 'En cours', ended: 'Terminée' },
  tn: { upcoming: 'قادمة', running: 'جارية', ended: 'منتهية' },
};
