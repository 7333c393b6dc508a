import { ageIntervals, genders, platforms, sizeBands } from '@clipmarket/contracts/enums';
import {
  communityBands,
  engagementBands,
  type ReferenceEnums,
  type ReferenceLanguage,
} from '@clipmarket/contracts/reference-data';

type Labels<T extends string> = Record<T, Record<ReferenceLanguage, string>>;

const genderLabels: Labels<(typeof genders)[number]> = {
  F: { en: 'Female', fr: 'Femme', ar: 'أنثى' },
  M: { en: 'Male', fr: 'Homme', ar: 'ذكر' },
};

const ageLabels: Labels<(typeof ageIntervals)[number]> = {
  '18-25': { en: '18 - 25 years', fr: '18 - 25 ans', ar: '18 - 25 سنة' },
  '25-35': { en: '25 - 35 years', fr: '25 - 35 ans', ar: '25 - 35 سنة' },
  '35-45': { en: '35 - 45 years', fr: '35 - 45 ans', ar: '35 - 45 سنة' },
  '45+': { en: '45 years and over', fr: '45 ans et plus', ar: '45 سنة فما فوق' },
};

// Brand names stay in Latin script in every language, as the apps themselves write them.
const platformLabels: Labels<(typeof platforms)[number]> = {
  instagram: { en: 'Instagram', fr: 'Instagram', ar: 'Instagram' },
  tiktok: { en: 'TikTok', fr: 'TikTok', ar: 'TikTok' },
};

const sizeLabels: Labels<(typeof sizeBands)[number]['value']> = {
  nano: { en: 'Nano', fr: 'Nano', ar: 'نانو' },
  micro: { en: 'Micro', fr: 'Micro', ar: 'مايكرو' },
  'mid-tier': { en: 'Mid-tier', fr: 'Intermédiaire', ar: 'متوسط' },
  macro: { en: 'Macro', fr: 'Macro', ar: 'ماكرو' },
  mega: { en: 'Mega', fr: 'Méga', ar: 'ميغا' },
};

const numberFormats: Record<ReferenceLanguage, string> = { en: 'en', fr: 'fr', ar: 'en' };

/** "0 - 9,999" style ranges with the language's digit grouping ("9 999" in French). */
function rangeText(min: number, maxInclusive: number | null, language: ReferenceLanguage) {
  const format = new Intl.NumberFormat(numberFormats[language]);
  if (maxInclusive === null) return `${format.format(min)}+`;
  return `${format.format(min)} - ${format.format(maxInclusive)}`;
}

function percentText(value: string, language: ReferenceLanguage) {
  const [low, high] = value.split('-');
  const fmt = (n: string) => (language === 'fr' ? `${n.replace('.', ',')} %` : `${n}%`);
  if (value.endsWith('+')) return `${fmt(value.slice(0, -1))}+`;
  return `${fmt(low ?? '')} - ${fmt(high ?? '')}`;
}

/** Every fixed choice list with its labels in one language (GET /v2/reference/enums). */
export function buildReferenceEnums(language: ReferenceLanguage): ReferenceEnums {
  return {
    genders: genders.map((value) => ({ value, label: genderLabels[value][language] })),
    age_intervals: ageIntervals.map((value) => ({ value, label: ageLabels[value][language] })),
    platforms: platforms.map((value) => ({ value, label: platformLabels[value][language] })),
    size_bands: sizeBands.map((band) => ({
      value: band.value,
      label: `${sizeLabels[band.value][language]} (${rangeText(band.min, band.max, language)})`,
      min: band.min,
      // enums.ts lists inclusive maxima; on the wire every band's max is exclusive.
      max: band.max === null ? null : band.max + 1,
    })),
    engagement_bands: engagementBands.map((band) => ({
      value: band.value,
      label: percentText(band.value, language),
      min: band.min,
      max: band.max,
    })),
    community_bands: communityBands.map((band) => ({
      value: band.value,
      label: band.value.replace('-', ' - '),
      min: band.min,
      max: band.max,
    })),
  };
}
