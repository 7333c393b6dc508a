import {
  contentTypeKeyOf,
  contentTypes,
  type ContentTypeKey,
} from '@clipmarket/contracts/content-types';
import type { MediaKitSection } from '@clipmarket/contracts/media-kit';
import type { MetricSource } from '@clipmarket/contracts/publication-metrics';
import type { Language } from '../../platform/i18n.js';

/**
 * What a media kit's PDF says, in the three languages (`tn` is Arabic, right to left). Values
 * in the sentences come already written (numbers and dates isolated left to right by the caller).
 */
export interface MediaKitTexts {
  title: string;
  sections: Record<MediaKitSection, string>;
  generatedOn: (date: string) => string;
  page: (page: number, pages: number) => string;
  followers: string;
  engagementRate: string;
  medianViews: string;
  audienceSource: { api: string; declared: string };
  asOf: (date: string) => string;
  noAudience: string;
  seconds: (duration: number) => string;
  noRates: string;
  delivered: string;
  onTime: string;
  averageRating: (ratings: number) => string;
  byContentType: string;
  notYet: string;
  views7d: string;
  viewsLatest: string;
  figuresSource: Record<MetricSource, string>;
  noVideos: string;
  email: string;
  phone: string;
  noContact: string;
  contentTypes: Record<ContentTypeKey, string>;
}

export const mediaKitTexts: Record<Language, MediaKitTexts> = {
  en: {
    title: 'Media kit',
    sections: {
      profile: 'About',
      audience: 'Audience',
      rates: 'Rates',
      track_record: 'Work on Clipmarket',
      videos: 'Best videos',
      contact: 'Contact',
    },
    generatedOn: (date) => `Updated on ${date}`,
    page: (page, pages) => `Page ${page} of ${pages}`,
    followers: 'Followers',
    engagementRate: 'Engagement rate',
    medianViews: 'Views per video',
    audienceSource: { api: 'Verified figures', declared: 'Declared by the creator' },
    asOf: (date) => `as of ${date}`,
    noAudience: 'No audience figures yet.',
    seconds: (duration) => `${duration}-second video`,
    noRates: 'Rates on request.',
    delivered: 'Videos delivered',
    onTime: 'Delivered on time',
    averageRating: (ratings) => `Average rating (${ratings} ratings)`,
    byContentType: 'By content type',
    notYet: 'Not yet',
    views7d: 'Views after 7 days',
    viewsLatest: 'Views to date',
    figuresSource: {
      instagram_api: 'read from Instagram',
      tiktok_api: 'read from TikTok',
      creator: "the creator's figures",
    },
    noVideos: 'No video featured yet.',
    email: 'E-mail',
    phone: 'Phone',
    noContact: 'Contact through Clipmarket.',
    contentTypes: {
      product_demo: 'Product demo',
      brand_presentation: 'Brand presentation',
      tiktok_reels: 'TikTok / Reels',
      product_feedback: 'Product feedback',
      voice_over: 'Voice over',
      unboxing_videos: 'Unboxing',
      experience_sharing: 'Experience sharing',
      tutorials: 'Tutorials',
    },
  },
  fr: {
    title: 'Media kit',
    sections: {
      profile: 'À propos',
      audience: 'Audience',
      rates: 'Tarifs',
      track_record: 'Travaux sur Clipmarket',
      videos: 'Meilleures vidéos',
      contact: 'Contact',
    },
    generatedOn: (date) => `Mis à jour le ${date}`,
    page: (page, pages) => `Page ${page} sur ${pages}`,
    followers: 'Abonnés',
    engagementRate: 'Taux d’engagement',
    medianViews: 'Vues par vidéo',
    audienceSource: { api: 'Chiffres vérifiés', declared: 'Déclarés par le créateur' },
    asOf: (date) => `au ${date}`,
    noAudience: 'Pas encore de chiffres d’audience.',
    seconds: (duration) => `Vidéo de ${duration} secondes`,
    noRates: 'Tarifs sur demande.',
    delivered: 'Vidéos livrées',
    onTime: 'Livrées à temps',
    averageRating: (ratings) => `Note moyenne (${ratings} notes)`,
    byContentType: 'Par type de contenu',
    notYet: 'Pas encore',
    views7d: 'Vues après 7 jours',
    viewsLatest: 'Vues à ce jour',
    figuresSource: {
      instagram_api: 'lues sur Instagram',
      tiktok_api: 'lues sur TikTok',
      creator: 'chiffres du créateur',
    },
    noVideos: 'Aucune vidéo mise en avant pour l’instant.',
    email: 'E-mail',
    phone: 'Téléphone',
    noContact: 'Contact via Clipmarket.',
    contentTypes: {
      product_demo: 'Démo produit',
      brand_presentation: 'Présentation de marque',
      tiktok_reels: 'TikTok / Reels',
      product_feedback: 'Avis produit',
      voice_over: 'Voix off',
      unboxing_videos: 'Déballage',
      experience_sharing: 'Partage d’expérience',
      tutorials: 'Tutoriels',
    },
  },
  tn: {
    title: 'الملف التعريفي',
    sections: {
      profile: 'نبذة',
      audience: 'الجمهور',
      rates: 'الأسعار',
      track_record: 'الأعمال على Clipmarket',
      videos: 'أفضل الفيديوهات',
      contact: 'التواصل',
    },
    generatedOn: (date) => `تاريخ التحديث ${date}`,
    page: (page, pages) => `الصفحة ${page} من ${pages}`,
    followers: 'المتابعون',
    engagementRate: 'نسبة التفاعل',
    medianViews: 'المشاهدات لكل فيديو',
    audienceSource: { api: 'أرقام موثّقة', declared: 'أرقام صرّح بها صانع المحتوى' },
    asOf: (date) => `بتاريخ ${date}`,
    noAudience: 'لا توجد أرقام للجمهور بعد.',
    seconds: (duration) => `فيديو مدته ${duration} ثانية`,
    noRates: 'الأسعار عند الطلب.',
    delivered: 'الفيديوهات المسلَّمة',
    onTime: 'سُلِّمت في الموعد',
    averageRating: (ratings) => `متوسط التقييم (${ratings} تقييمات)`,
    byContentType: 'حسب نوع المحتوى',
    notYet: 'ليس بعد',
    views7d: 'المشاهدات بعد 7 أيام',
    viewsLatest: 'المشاهدات حتى الآن',
    figuresSource: {
      instagram_api: 'من Instagram',
      tiktok_api: 'من TikTok',
      creator: 'أرقام صانع المحتوى',
    },
    noVideos: 'لا توجد فيديوهات مختارة بعد.',
    email: 'البريد الإلكتروني',
    phone: 'الهاتف',
    noContact: 'التواصل عبر Clipmarket.',
    contentTypes: {
      product_demo: 'عرض المنتج',
      brand_presentation: 'تقديم العلامة التجارية',
      tiktok_reels: 'TikTok / Reels',
      product_feedback: 'رأي في المنتج',
      voice_over: 'تعليق صوتي',
      unboxing_videos: 'فتح العلبة',
      experience_sharing: 'مشاركة تجربة',
      tutorials: 'دروس تعليمية',
    },
  },
};

/** A content type as stored (the spec's English value, or its key) in the kit's language. */
export function contentTypeName(stored: string, t: MediaKitTexts): string {
  const key =
    contentTypeKeyOf(stored) ?? contentTypes.find((type) => type.key === stored)?.key ?? null;
  return key ? t.contentTypes[key] : stored;
}
