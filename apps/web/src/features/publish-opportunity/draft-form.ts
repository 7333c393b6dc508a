import { defaultLicenceTerms, type LicenceTerms } from '@clipmarket/contracts/licences';
import type {
  Opportunity,
  OpportunityDraftInput,
  OpportunityVisibility,
} from '@clipmarket/contracts/opportunities';
import type { SizeBand } from '@clipmarket/contracts/enums';
import {
  priceBelowSuggested,
  type SuggestedPriceGrid,
} from '@clipmarket/contracts/suggested-prices';
import type { ProductImage } from '../../components/product-images-field';

/**
 * An opportunity's steps 1 (info) and 2 (brief) as the inputs hold them (strings while typed,
 * prices in whole dinars); the API takes millimes. Mirrors `opportunityDraftSchema`.
 */
export interface OpportunityForm {
  title: string;
  content_type: string | null;
  video_duration: string | null;
  format: string | null;
  platforms: string[];
  creator_platforms: string[];
  category_ids: string[];
  country: string | null;
  cities: string[];
  size_bands: string[];
  spots: number | string;
  /** Whole dinars. */
  price_min: number | string;
  price_max: number | string;
  application_deadline: string;
  delivery_date: string;
  delivery_slot: string | null;
  publishing_deadline: string;
  product_images: ProductImage[];
  attachment_file_id: number | null;
  screening_questions: string[];
  visibility: OpportunityVisibility;
  invited_influencer_ids: number[];
  brief: string;
  checklist: string[];
  /** The usage rights the opportunity buys (issue 27 §1). */
  licence: LicenceTerms;
}

export type FormField = keyof OpportunityForm;

/** The label key (`info.*` / `brief.*` of the catalog) of each field, by field. */
export const fieldLabelKeys: Readonly<Record<FormField, string>> = {
  title: 'info.title',
  content_type: 'info.contentType',
  video_duration: 'info.duration',
  format: 'info.format',
  platforms: 'info.platforms',
  creator_platforms: 'info.creatorPlatforms',
  category_ids: 'info.categories',
  country: 'info.country',
  cities: 'info.cities',
  size_bands: 'info.sizeBands',
  spots: 'info.spots',
  price_min: 'info.priceMin',
  price_max: 'info.priceMax',
  application_deadline: 'info.applicationDeadline',
  delivery_date: 'info.deliveryDate',
  delivery_slot: 'info.deliverySlot',
  publishing_deadline: 'info.publishingDeadline',
  product_images: 'info.images',
  attachment_file_id: 'info.attachment',
  screening_questions: 'info.questions',
  visibility: 'info.visibility',
  invited_influencer_ids: 'info.invited',
  brief: 'brief.label',
  checklist: 'brief.checklist',
  licence: 'brief.licence',
};

/** The API's names of the fields (the PATCH body's), to the form's. */
const apiFieldAliases: Readonly<Record<string, FormField>> = {
  product_image_file_ids: 'product_images',
};

/** The form field an API field error names (`screening_questions.1` → `screening_questions`). */
export function formFieldOf(apiField: string): FormField | null {
  const head = apiField.split('.')[0] ?? apiField;
  const field = apiFieldAliases[head] ?? head;
  return field in fieldLabelKeys ? (field as FormField) : null;
}

/** The step a field is written at. */
export const stepOfField = (field: FormField): 'info' | 'brief' =>
  field === 'brief' || field === 'checklist' || field === 'licence' ? 'brief' : 'info';

/** Step 1's required fields, in the order of the form (the first missing one gets the focus). */
export const requiredInfoFields: readonly FormField[] = [
  'title',
  'content_type',
  'video_duration',
  'format',
  'platforms',
  'creator_platforms',
  'country',
  'spots',
  'price_min',
  'price_max',
  'application_deadline',
  'delivery_date',
  'delivery_slot',
];

export const emptyForm: OpportunityForm = {
  title: '',
  content_type: null,
  video_duration: null,
  format: null,
  platforms: [],
  creator_platforms: [],
  category_ids: [],
  country: 'TN',
  cities: [],
  size_bands: [],
  spots: '',
  price_min: '',
  price_max: '',
  application_deadline: '',
  delivery_date: '',
  delivery_slot: null,
  publishing_deadline: '',
  product_images: [],
  attachment_file_id: null,
  screening_questions: [],
  visibility: 'public',
  invited_influencer_ids: [],
  brief: '',
  checklist: [],
  licence: { ...defaultLicenceTerms, channels: [...defaultLicenceTerms.channels] },
};

const dinars = (millimes: number | null) => (millimes === null ? '' : millimes / 1000);
const dateOnly = (value: string | null) => value?.slice(0, 10) ?? '';

export function formOf(opportunity: Opportunity): OpportunityForm {
  return {
    title: opportunity.title,
    content_type: opportunity.content_type,
    video_duration: opportunity.video_duration !== null ? String(opportunity.video_duration) : null,
    format: opportunity.format,
    platforms: [...opportunity.platforms],
    creator_platforms: [...opportunity.creator_platforms],
    category_ids: opportunity.category_ids.map(String),
    country: opportunity.country,
    cities: [...opportunity.cities],
    size_bands: [...opportunity.size_bands],
    spots: opportunity.spots ?? '',
    price_min: dinars(opportunity.price_min),
    price_max: dinars(opportunity.price_max),
    application_deadline: dateOnly(opportunity.application_deadline),
    delivery_date: dateOnly(opportunity.delivery_date),
    delivery_slot: opportunity.delivery_slot,
    publishing_deadline: dateOnly(opportunity.publishing_deadline),
    product_images: opportunity.product_image_file_ids.map((file_id) => ({ file_id })),
    attachment_file_id: opportunity.attachment_file_id,
    screening_questions: [...opportunity.screening_questions],
    visibility: opportunity.visibility,
    invited_influencer_ids: [...opportunity.invited_influencer_ids],
    brief: opportunity.brief,
    checklist: [...opportunity.checklist],
    licence: opportunity.licence as LicenceTerms,
  };
}

const numberOrNull = (value: number | string) =>
  value === '' || value === null || Number.isNaN(Number(value)) ? null : Number(value);
const millimesOf = (value: number | string) => {
  const amount = numberOrNull(value);
  return amount === null ? null : Math.round(amount) * 1000;
};

type DraftBody = OpportunityDraftInput;

/** The POST/PATCH body of the whole form (empty lines of the lists are left out). */
export function draftBodyOf(form: OpportunityForm): DraftBody {
  const filled = (lines: string[]) => lines.map((line) => line.trim()).filter(Boolean);
  return {
    title: form.title.trim(),
    content_type: (form.content_type as DraftBody['content_type']) ?? null,
    video_duration: form.video_duration
      ? (Number(form.video_duration) as NonNullable<DraftBody['video_duration']>)
      : null,
    format: (form.format as DraftBody['format']) ?? null,
    platforms: form.platforms as NonNullable<DraftBody['platforms']>,
    creator_platforms: form.creator_platforms as NonNullable<DraftBody['creator_platforms']>,
    category_ids: form.category_ids.map(Number),
    country: form.country,
    cities: form.cities,
    size_bands: form.size_bands as NonNullable<DraftBody['size_bands']>,
    spots: numberOrNull(form.spots),
    price_min: millimesOf(form.price_min),
    price_max: millimesOf(form.price_max),
    application_deadline: form.application_deadline || null,
    delivery_date: form.delivery_date || null,
    delivery_slot: form.delivery_slot,
    publishing_deadline: form.publishing_deadline || null,
    product_image_file_ids: form.product_images.map((image) => image.file_id),
    attachment_file_id: form.attachment_file_id,
    screening_questions: filled(form.screening_questions),
    visibility: form.visibility,
    invited_influencer_ids: form.visibility === 'private' ? form.invited_influencer_ids : [],
    brief: form.brief,
    checklist: filled(form.checklist),
    licence: form.licence,
  };
}

/** Step 1's required fields still empty (and, for a private one, no creator invited). */
export function missingInfoFields(form: OpportunityForm): FormField[] {
  const missing = requiredInfoFields.filter((field) => {
    const value = form[field];
    if (Array.isArray(value)) return value.length === 0;
    return value === null || String(value).trim() === '';
  });
  if (form.visibility === 'private' && form.invited_influencer_ids.length === 0) {
    missing.push('invited_influencer_ids');
  }
  return missing;
}

/** The rules between step 1's figures and dates (the contract's), by field. */
export type FormRule =
  | 'priceOrder'
  | 'wholeDinars'
  | 'belowSuggested'
  | 'deadlineInPast'
  | 'deliveryBeforeDeadline'
  | 'publishingBeforeDelivery';

/**
 * The lowest suggested price the band's maximum is under (the checkout's PRICE_BELOW_SUGGESTED,
 * the contract's rule on the suggested prices grid), else null; null too until the grid is read.
 */
export function suggestedFloorOf(
  form: OpportunityForm,
  grid: SuggestedPriceGrid | undefined,
): number | null {
  const max = numberOrNull(form.price_max);
  if (!grid || max === null) return null;
  return priceBelowSuggested(grid, {
    price_max: max * 1000,
    video_duration: form.video_duration ? Number(form.video_duration) : null,
    size_bands: form.size_bands as SizeBand[],
  });
}

export function ruleProblemsOf(
  form: OpportunityForm,
  today: string,
  grid?: SuggestedPriceGrid,
): { field: FormField; rule: FormRule }[] {
  const problems: { field: FormField; rule: FormRule }[] = [];
  for (const field of ['price_min', 'price_max'] as const) {
    const amount = numberOrNull(form[field]);
    if (amount !== null && (amount < 1 || !Number.isInteger(amount)))
      problems.push({ field, rule: 'wholeDinars' });
  }
  const min = numberOrNull(form.price_min);
  const max = numberOrNull(form.price_max);
  if (min !== null && max !== null && min > max)
    problems.push({ field: 'price_max', rule: 'priceOrder' });
  else if (suggestedFloorOf(form, grid) !== null)
    problems.push({ field: 'price_max', rule: 'belowSuggested' });
  if (form.application_deadline && form.application_deadline < today)
    problems.push({ field: 'application_deadline', rule: 'deadlineInPast' });
  if (
    form.application_deadline &&
    form.delivery_date &&
    form.delivery_date < form.application_deadline
  )
    problems.push({ field: 'delivery_date', rule: 'deliveryBeforeDeadline' });
  const afterDelivery = form.delivery_date || form.application_deadline;
  if (form.publishing_deadline && afterDelivery && form.publishing_deadline < afterDelivery)
    problems.push({ field: 'publishing_deadline', rule: 'publishingBeforeDelivery' });
  return problems;
}
