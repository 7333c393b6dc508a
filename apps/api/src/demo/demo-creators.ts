import type { Random } from './prng.js';
import { DEMO_CREATOR_COUNT, demoCreatorEmail } from './demo-accounts.js';

/** A category as the seed reads it from the reference table. */
export interface DemoCategory {
  id: number;
  labelEn: string;
  labelFr: string;
  labelAr: string;
}

export interface DemoStats {
  platform: 'instagram' | 'tiktok';
  followersCount: number;
  postsCount: number;
  avgLikes: number;
  avgComments: number;
  avgVideoViews: number;
  /** Percent with two decimals, as the numeric column stores it. */
  engagementRate: string;
  personsReached: number;
  source: 'declared' | 'verified';
}

export interface DemoCreator {
  email: string;
  firstName: string;
  lastName: string;
  gender: 'F' | 'M';
  ageInterval: '18-25' | '25-35' | '35-45' | '45+';
  country: string;
  countryOfOrigin: string;
  city: string;
  phonePrefix: string;
  phone: string;
  address: string;
  igUsername: string | null;
  tiktokUsername: string | null;
  bio: string;
  categoryIds: number[];
  specializations: string[];
  isValidated: boolean;
  /** The media kit's flag as validation sets it by default (index.ts applies the setting). */
  isShowMediaKit: boolean;
  stats: DemoStats[];
  /** Sign-up date, as days before the seed runs. */
  createdDaysAgo: number;
}

// prettier-ignore
const femaleFirstNames = [
  'Amira', 'Yasmine', 'Ines', 'Mariem', 'Sarra', 'Rania', 'Nour', 'Salma', 'Emna', 'Hiba',
  'Asma', 'Fatma', 'Khadija', 'Leila', 'Nesrine', 'Oumaima', 'Rim', 'Sana', 'Syrine', 'Wiem',
  'Yosra', 'Zeineb', 'Chaima', 'Dorra', 'Eya', 'Farah', 'Ghada', 'Hela', 'Imen', 'Jihene',
  'Lina', 'Molka', 'Nada', 'Olfa', 'Rahma', 'Safa', 'Sonia', 'Camille', 'Léa', 'Chloé',
] as const;

// prettier-ignore
const maleFirstNames = [
  'Ahmed', 'Mohamed', 'Youssef', 'Aziz', 'Amine', 'Bilel', 'Chedly', 'Dali', 'Elyes', 'Fares',
  'Firas', 'Ghassen', 'Hamza', 'Haythem', 'Houssem', 'Iheb', 'Karim', 'Khalil', 'Marouane', 'Mehdi',
  'Moez', 'Nizar', 'Omar', 'Oussama', 'Rayen', 'Seif', 'Skander', 'Slim', 'Taha', 'Wassim',
  'Yassine', 'Zied', 'Anis', 'Hatem', 'Walid', 'Rami', 'Lucas', 'Hugo', 'Louis', 'Adam',
] as const;

// prettier-ignore
const lastNames = [
  'Ben Ali', 'Trabelsi', 'Jebali', 'Gharbi', 'Hammami', 'Ayari', 'Mansouri', 'Bouazizi',
  'Chaabane', 'Dridi', 'Ferchichi', 'Guesmi', 'Hamdi', 'Jlassi', 'Karoui', 'Khelifi', 'Labidi',
  'Mejri', 'Mzoughi', 'Nasri', 'Oueslati', 'Riahi', 'Saidi', 'Sassi', 'Sellami', 'Tlili',
  'Zouari', 'Ben Salah', 'Ben Youssef', 'Chebbi', 'Ellouze', 'Fourati', 'Kammoun', 'Masmoudi',
  'Baccouche', 'Ben Amor', 'Haddad', 'Belhadj', 'El Amrani', 'Alaoui', 'Bennani', 'Dubois',
] as const;

/** The spec's content types (§3), offered as creator specializations. */
export const demoSpecializations = [
  'Product demo',
  'Brand presentation',
  'TikTok/ réels',
  'Product feedback',
  'Voice over',
  'Unboxing videos',
  'Experience sharing',
  'Tutorials',
] as const;

const ageIntervals = ['18-25', '25-35', '35-45', '45+'] as const;
/** Young-heavy, like the creator market. */
const ageWeights = [0.42, 0.36, 0.15, 0.07];

const streets = [
  'Avenue Habib Bourguiba',
  'Rue de Marseille',
  'Avenue de la Liberté',
  'Rue Ibn Khaldoun',
  'Avenue Hédi Chaker',
  'Rue de Palestine',
  'Avenue Mohamed V',
  'Rue du Lac Léman',
];

interface CountryProfile {
  code: string;
  weight: number;
  phonePrefix: string;
  phoneDigits: number;
  /** Well-known cities, used when the reference list offers them (see chooseDemoCities). */
  preferredCities: string[];
  /** Country of origin: diaspora creators abroad are often of Tunisian origin. */
  origins: { code: string; weight: number }[];
}

const countryProfiles: CountryProfile[] = [
  {
    code: 'TN',
    weight: 0.8,
    phonePrefix: '+216',
    phoneDigits: 8,
    preferredCities: [],
    origins: [
      { code: 'TN', weight: 0.94 },
      { code: 'DZ', weight: 0.03 },
      { code: 'MA', weight: 0.03 },
    ],
  },
  {
    code: 'FR',
    weight: 0.07,
    phonePrefix: '+33',
    phoneDigits: 9,
    preferredCities: ['Paris', 'Rhône', 'Bouches-du-Rhône', 'Nord', 'Alpes-Maritimes'],
    origins: [
      { code: 'TN', weight: 0.6 },
      { code: 'FR', weight: 0.25 },
      { code: 'DZ', weight: 0.15 },
    ],
  },
  {
    code: 'MA',
    weight: 0.05,
    phonePrefix: '+212',
    phoneDigits: 9,
    preferredCities: ['Casablanca', 'Rabat', 'Marrakech', 'Fès', 'Tanger-Assilah'],
    origins: [{ code: 'MA', weight: 1 }],
  },
  {
    code: 'DZ',
    weight: 0.04,
    phonePrefix: '+213',
    phoneDigits: 9,
    preferredCities: ['Algiers', 'Oran', 'Constantine', 'Annaba'],
    origins: [{ code: 'DZ', weight: 1 }],
  },
  {
    code: 'AE',
    weight: 0.04,
    phonePrefix: '+971',
    phoneDigits: 9,
    preferredCities: ['Dubai', 'Abu Dhabi Emirate', 'Sharjah Emirate'],
    origins: [
      { code: 'TN', weight: 0.7 },
      { code: 'MA', weight: 0.15 },
      { code: 'DZ', weight: 0.15 },
    ],
  },
];

/** Larger cities get more creators, as in real life; unlisted cities weigh 1. */
const cityWeights: Record<string, number> = {
  Tunis: 6,
  Ariana: 3,
  'Ben Arous': 2,
  Sfax: 3,
  Sousse: 3,
  Monastir: 2,
  Bizerte: 2,
  Nabeul: 2,
  Paris: 3,
  Casablanca: 2,
  Algiers: 2,
  Dubai: 3,
};

/** Countries the demo creators live in (weights above). */
export const DEMO_COUNTRIES = countryProfiles.map((p) => p.code);

/**
 * The cities a demo creator of `countryCode` may live in, among the names the product offers
 * for that country (`available`): the well-known ones listed above when present, else all.
 */
export function chooseDemoCities(countryCode: string, available: readonly string[]): string[] {
  const preferred = countryProfiles.find((p) => p.code === countryCode)?.preferredCities ?? [];
  const known = preferred.filter((name) => available.includes(name));
  return known.length > 0 ? known : [...available];
}

/** Boundary followers counts, so a band filter's edges are visible in the demo. */
export const DEMO_BOUNDARY_FOLLOWERS = [
  9_999, 10_000, 99_999, 100_000, 299_999, 300_000, 499_999, 500_000,
] as const;
const MIN_FOLLOWERS = 1_000;
const MAX_FOLLOWERS = 2_000_000;

/**
 * Every demo creator is validated: only validated creators are found (issue 7) and the demo
 * search shows them all. The draw that once left one in ten unvalidated is still made, so
 * every value generated after it stays what it was.
 */
function validatedAfterDraw(random: Random): true {
  random.chance(0.9);
  return true;
}

/**
 * Every demo creator is validated, and a validated creator's media kit is on unless the
 * setting `media_kit_for_validated_creators` says otherwise (issue 25; index.ts reads it).
 * The draw that once turned it on for three in ten is still made, so every value generated
 * after it stays what it was (the browser tests' creators among them).
 */
function mediaKitAfterDraw(random: Random): true {
  random.chance(0.3);
  return true;
}

function pickWeighted<T>(random: Random, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let roll = random.next() * total;
  for (let i = 0; i < items.length; i += 1) {
    roll -= weights[i] ?? 0;
    if (roll < 0) return items[i] as T;
  }
  return items[items.length - 1] as T;
}

/** Lower-case ASCII for usernames: "Léa Ben Ali" → "lea", "benali". */
function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function digits(random: Random, count: number): string {
  let out = String(random.int(1, 9));
  while (out.length < count) out += String(random.int(0, 9));
  return out;
}

/**
 * Audience figures for one platform. Smaller accounts get higher engagement, as in real life,
 * while every engagement band (0.5–1, 1–3, 3–6, 6–10, 10+) still occurs.
 */
export function buildDemoStats(
  random: Random,
  platform: 'instagram' | 'tiktok',
  followersCount: number,
): DemoStats {
  const size =
    Math.log10(followersCount / MIN_FOLLOWERS) / Math.log10(MAX_FOLLOWERS / MIN_FOLLOWERS);
  const engagement = 0.5 + 14.5 * random.next() ** (1 + 2 * Math.max(0, Math.min(1, size)));
  const avgLikes = Math.round((followersCount * engagement * random.between(0.85, 0.95)) / 100);
  const viewsRatio = platform === 'tiktok' ? random.between(0.4, 1.6) : random.between(0.1, 0.6);
  return {
    platform,
    followersCount,
    postsCount: random.int(20, 1_500),
    avgLikes,
    avgComments: Math.round(avgLikes * random.between(0.02, 0.08)),
    avgVideoViews: Math.round(followersCount * viewsRatio),
    engagementRate: engagement.toFixed(2),
    personsReached: Math.round(followersCount * random.between(0.2, 0.8)),
    source: random.chance(0.4) ? 'verified' : 'declared',
  };
}

function buildBio(
  random: Random,
  gender: 'F' | 'M',
  city: string,
  category: DemoCategory | undefined,
): string {
  const style = random.int(0, 2);
  if (style === 0) {
    const who = gender === 'F' ? 'Créatrice' : 'Créateur';
    const topic = category ? ` ${category.labelFr.toLowerCase()}` : '';
    return `${who} de contenu${topic} basé${gender === 'F' ? 'e' : ''} à ${city}. Vidéos courtes, authentiques et pleines d'énergie.`;
  }
  if (style === 1) {
    const topic = category ? `${category.labelEn} creator` : 'Content creator';
    return `${topic} from ${city}. I make short, honest videos people actually watch to the end.`;
  }
  const who = gender === 'F' ? 'صانعة محتوى' : 'صانع محتوى';
  const topic = category ? ` في مجال ${category.labelAr}` : '';
  return `${who}${topic}. فيديوهات قصيرة وعفوية تحكي يومياتي بكل صدق.`;
}

/**
 * The generated creators, the same at every start for a given category list. Followers are
 * spread log-uniformly from 1,000 to 2,000,000 by stratified sampling, so every size band
 * (nano, micro, mid-tier, macro, mega) has members, and a few creators sit on the band edges.
 */
export function buildDemoCreators(
  random: Random,
  categories: readonly DemoCategory[],
  /** City names the product offers per country (the reference data's states, in English). */
  availableCities: ReadonlyMap<string, readonly string[]>,
  count = DEMO_CREATOR_COUNT,
): DemoCreator[] {
  const citiesByCountry = new Map(
    countryProfiles.map((p) => [
      p.code,
      chooseDemoCities(p.code, availableCities.get(p.code) ?? []),
    ]),
  );
  // Stratified: creator i draws from the i-th slice of the log range, then the order is shuffled
  // so sizes are not sorted by e-mail.
  const logMin = Math.log(MIN_FOLLOWERS);
  const logMax = Math.log(MAX_FOLLOWERS);
  const mainFollowers = random.sample(
    Array.from({ length: count }, (_, i) =>
      Math.round(Math.exp(logMin + ((i + random.next()) / count) * (logMax - logMin))),
    ),
    count,
  );
  const usedUsernames = new Set<string>();
  const uniqueUsername = (base: string) => {
    let name = base;
    for (let n = 2; usedUsernames.has(name); n += 1) name = `${base}${n}`;
    usedUsernames.add(name);
    return name;
  };

  const creators: DemoCreator[] = [];
  for (let i = 0; i < count; i += 1) {
    const gender = random.chance(0.55) ? 'F' : 'M';
    const firstName = random.pick(gender === 'F' ? femaleFirstNames : maleFirstNames);
    const lastName = random.pick(lastNames);
    const profile = pickWeighted(
      random,
      countryProfiles,
      countryProfiles.map((p) => p.weight),
    );
    const known = citiesByCountry.get(profile.code) ?? [];
    const cities = known.length > 0 ? known : ['Tunis'];
    const city = pickWeighted(
      random,
      cities,
      cities.map((c) => cityWeights[c] ?? 1),
    );
    const countryOfOrigin = pickWeighted(
      random,
      profile.origins.map((o) => o.code),
      profile.origins.map((o) => o.weight),
    );

    // Instagram is the spec's default platform: most creators have it, many have both.
    const platformRoll = random.next();
    const hasInstagram = platformRoll < 0.8;
    const hasTiktok = platformRoll >= 0.35;
    const handle = `${slugify(firstName)}.${slugify(lastName)}`;
    const igUsername = hasInstagram ? uniqueUsername(handle) : null;
    const tiktokUsername = hasTiktok
      ? (igUsername ?? uniqueUsername(random.chance(0.5) ? handle : `${handle}.tn`))
      : null;

    const main = mainFollowers[i] ?? MIN_FOLLOWERS;
    const stats: DemoStats[] = [];
    const mainPlatform = hasInstagram ? 'instagram' : 'tiktok';
    stats.push(buildDemoStats(random, mainPlatform, main));
    if (hasInstagram && hasTiktok) {
      const other = Math.max(
        MIN_FOLLOWERS,
        Math.min(MAX_FOLLOWERS, Math.round(main * random.between(0.2, 3))),
      );
      stats.push(buildDemoStats(random, 'tiktok', other));
    }

    const chosenCategories = random.sample(categories, random.int(1, 3));
    creators.push({
      email: demoCreatorEmail(i + 1),
      firstName,
      lastName,
      gender,
      ageInterval: pickWeighted(random, ageIntervals, ageWeights),
      country: profile.code,
      countryOfOrigin,
      city,
      phonePrefix: profile.phonePrefix,
      phone: digits(random, profile.phoneDigits),
      address: `${random.int(1, 180)} ${random.pick(streets)}, ${city}`,
      igUsername,
      tiktokUsername,
      bio: buildBio(random, gender, city, chosenCategories[0]),
      categoryIds: chosenCategories.map((c) => c.id),
      specializations: random.sample(demoSpecializations, random.int(1, 3)),
      isValidated: validatedAfterDraw(random),
      isShowMediaKit: mediaKitAfterDraw(random),
      stats,
      createdDaysAgo: random.int(1, 365),
    });
  }
  placeBoundaryFollowers(random, creators);
  return creators;
}

/** Puts the band-edge counts on Instagram (the default search platform), spread over the list. */
function placeBoundaryFollowers(random: Random, creators: DemoCreator[]): void {
  const onInstagram = creators.filter((c) => c.stats[0]?.platform === 'instagram');
  DEMO_BOUNDARY_FOLLOWERS.forEach((value, i) => {
    const slot = Math.floor(((i + 0.5) * onInstagram.length) / DEMO_BOUNDARY_FOLLOWERS.length);
    const creator = onInstagram[slot];
    if (creator) creator.stats[0] = buildDemoStats(random, 'instagram', value);
  });
}
