/**
 * The fixed reference rows. Ids are stable forever: profiles, opportunities and saved
 * searches store them. To retire an entry keep its id unused; add new ones at the end.
 */
export interface ReferenceEntry {
  id: number;
  slug: string;
  en: string;
  fr: string;
  ar: string;
}

/** Content categories (spec §3: Artist, Actor, Sport, Tech, Beauty/Fashion, Food, Gaming, Music, Travel and others). */
export const categoryCatalog: readonly ReferenceEntry[] = [
  { id: 1, slug: 'artist', en: 'Artist', fr: 'Artiste', ar: 'فنان' },
  { id: 2, slug: 'actor', en: 'Actor', fr: 'Acteur', ar: 'ممثل' },
  { id: 3, slug: 'sport', en: 'Sport', fr: 'Sport', ar: 'رياضة' },
  { id: 4, slug: 'tech', en: 'Tech', fr: 'Tech', ar: 'تكنولوجيا' },
  { id: 5, slug: 'beauty-fashion', en: 'Beauty/Fashion', fr: 'Beauté/Mode', ar: 'جمال/موضة' },
  { id: 6, slug: 'food', en: 'Food', fr: 'Cuisine', ar: 'طبخ وأكل' },
  { id: 7, slug: 'gaming', en: 'Gaming', fr: 'Jeux vidéo', ar: 'ألعاب الفيديو' },
  { id: 8, slug: 'music', en: 'Music', fr: 'Musique', ar: 'موسيقى' },
  { id: 9, slug: 'travel', en: 'Travel', fr: 'Voyage', ar: 'سفر' },
  { id: 10, slug: 'lifestyle', en: 'Lifestyle', fr: 'Lifestyle', ar: 'أسلوب حياة' },
  { id: 11, slug: 'comedy', en: 'Comedy', fr: 'Humour', ar: 'كوميديا' },
  {
    id: 12,
    slug: 'health-fitness',
    en: 'Health & Fitness',
    fr: 'Santé & fitness',
    ar: 'صحة ولياقة',
  },
  {
    id: 13,
    slug: 'family-parenting',
    en: 'Family & Parenting',
    fr: 'Famille & parentalité',
    ar: 'عائلة وأطفال',
  },
  { id: 14, slug: 'education', en: 'Education', fr: 'Éducation', ar: 'تعليم' },
  {
    id: 15,
    slug: 'business-finance',
    en: 'Business & Finance',
    fr: 'Business & finance',
    ar: 'أعمال ومال',
  },
  { id: 16, slug: 'automotive', en: 'Automotive', fr: 'Automobile', ar: 'سيارات' },
  { id: 17, slug: 'home-decor', en: 'Home & Decor', fr: 'Maison & déco', ar: 'منزل وديكور' },
  { id: 18, slug: 'photography', en: 'Photography', fr: 'Photographie', ar: 'تصوير' },
  { id: 19, slug: 'pets', en: 'Pets', fr: 'Animaux', ar: 'حيوانات أليفة' },
  { id: 20, slug: 'dance', en: 'Dance', fr: 'Danse', ar: 'رقص' },
  { id: 21, slug: 'art-design', en: 'Art & Design', fr: 'Art & design', ar: 'فن وتصميم' },
];

/** Advertisers' business sectors; "Other" stays last. */
export const businessSectorCatalog: readonly ReferenceEntry[] = [
  {
    id: 1,
    slug: 'fashion-apparel',
    en: 'Fashion & Apparel',
    fr: 'Mode & habillement',
    ar: 'موضة وملابس',
  },
  {
    id: 2,
    slug: 'beauty-cosmetics',
    en: 'Beauty & Cosmetics',
    fr: 'Beauté & cosmétiques',
    ar: 'تجميل ومستحضرات',
  },
  {
    id: 3,
    slug: 'food-beverage',
    en: 'Food & Beverage',
    fr: 'Agroalimentaire & boissons',
    ar: 'صناعات غذائية ومشروبات',
  },
  {
    id: 4,
    slug: 'restaurants-cafes',
    en: 'Restaurants & Cafés',
    fr: 'Restaurants & cafés',
    ar: 'مطاعم ومقاهي',
  },
  {
    id: 5,
    slug: 'retail-ecommerce',
    en: 'Retail & E-commerce',
    fr: 'Commerce & e-commerce',
    ar: 'تجارة وتجارة إلكترونية',
  },
  {
    id: 6,
    slug: 'technology-telecom',
    en: 'Technology & Telecom',
    fr: 'Technologie & télécoms',
    ar: 'تكنولوجيا واتصالات',
  },
  {
    id: 7,
    slug: 'banking-insurance',
    en: 'Banking, Finance & Insurance',
    fr: 'Banque, finance & assurance',
    ar: 'بنوك ومالية وتأمين',
  },
  { id: 8, slug: 'automotive', en: 'Automotive', fr: 'Automobile', ar: 'سيارات' },
  {
    id: 9,
    slug: 'travel-hospitality',
    en: 'Travel & Hospitality',
    fr: 'Tourisme & hôtellerie',
    ar: 'سياحة وفنادق',
  },
  {
    id: 10,
    slug: 'health-pharmacy',
    en: 'Health & Pharmacy',
    fr: 'Santé & pharmacie',
    ar: 'صحة وصيدلة',
  },
  {
    id: 11,
    slug: 'sports-fitness',
    en: 'Sports & Fitness',
    fr: 'Sport & fitness',
    ar: 'رياضة ولياقة',
  },
  {
    id: 12,
    slug: 'education-training',
    en: 'Education & Training',
    fr: 'Éducation & formation',
    ar: 'تعليم وتكوين',
  },
  {
    id: 13,
    slug: 'real-estate',
    en: 'Real Estate & Construction',
    fr: 'Immobilier & construction',
    ar: 'عقارات وبناء',
  },
  {
    id: 14,
    slug: 'media-entertainment',
    en: 'Media & Entertainment',
    fr: 'Médias & divertissement',
    ar: 'إعلام وترفيه',
  },
  {
    id: 15,
    slug: 'home-furniture',
    en: 'Home & Furniture',
    fr: 'Maison & ameublement',
    ar: 'منزل وأثاث',
  },
  {
    id: 16,
    slug: 'marketing-agency',
    en: 'Marketing & Advertising Agency',
    fr: 'Agence marketing & publicité',
    ar: 'وكالة تسويق وإشهار',
  },
  { id: 17, slug: 'other', en: 'Other', fr: 'Autre', ar: 'أخرى' },
];
