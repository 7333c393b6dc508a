import type {
  ContentRequest,
  ContentRequestDraftInput,
} from '@clipmarket/contracts/content-requests';
import type { LicenceTerms } from '@clipmarket/contracts/licences';
import { requestDateProblems, type RequestDateProblem } from '@clipmarket/contracts/request-dates';

/** What steps 2 and 3 edit, as the inputs hold it (strings while typed). */
export interface DraftForm {
  title: string;
  content_type: string | null;
  video_duration: string | null;
  format: string | null;
  product_name: string;
  description: string;
  platforms: string[];
  product_images: { file_id: number; url?: string }[];
  delivery_date: string;
  delivery_slot: string | null;
  publishing_deadline: string;
  script: string;
  /** The usage rights the request buys (issue 27 §1). */
  licence: LicenceTerms;
}

export type InfoField = Exclude<
  keyof DraftForm,
  'script' | 'product_images' | 'publishing_deadline' | 'licence'
>;

/** Step 2's field labels (`info.*` of the content-requests catalog), by field. */
export const infoLabelKeys: Readonly<Record<InfoField, string>> = {
  title: 'info.requestTitle',
  content_type: 'info.contentType',
  video_duration: 'info.duration',
  format: 'info.format',
  product_name: 'info.productName',
  description: 'info.description',
  platforms: 'info.platforms',
  delivery_date: 'info.deliveryDate',
  delivery_slot: 'info.deliverySlot',
};

/** Step 2's required fields, in the order of the form (the first missing one gets the focus). */
export const requiredInfoFields: readonly InfoField[] = [
  'title',
  'content_type',
  'video_duration',
  'format',
  'product_name',
  'description',
  'platforms',
  'delivery_date',
  'delivery_slot',
];

export function formOf(request: ContentRequest): DraftForm {
  return {
    title: request.title,
    content_type: request.content_type,
    video_duration: request.video_duration !== null ? String(request.video_duration) : null,
    format: request.format,
    product_name: request.product_name,
    description: request.description,
    platforms: [...request.platforms],
    product_images: request.product_images,
    delivery_date: request.delivery_date ?? '',
    delivery_slot: request.delivery_slot,
    publishing_deadline: request.publishing_deadline?.slice(0, 10) ?? '',
    script: request.script,
    licence: request.licence as LicenceTerms,
  };
}

/** The PATCH body of the whole form (a draft may be saved half-filled). */
export function draftBodyOf(form: DraftForm): ContentRequestDraftInput {
  return {
    title: form.title.trim(),
    content_type: (form.content_type as ContentRequestDraftInput['content_type']) ?? null,
    video_duration: form.video_duration ? (Number(form.video_duration) as 15 | 30 | 60) : null,
    format: (form.format as ContentRequestDraftInput['format']) ?? null,
    product_name: form.product_name.trim(),
    description: form.description.trim(),
    platforms: form.platforms as ('instagram' | 'tiktok')[],
    product_image_file_ids: form.product_images.map((image) => image.file_id),
    delivery_date: form.delivery_date || null,
    delivery_slot: form.delivery_slot,
    publishing_deadline: form.publishing_deadline || null,
    script: form.script,
    licence: form.licence,
  };
}

/** Step 2's required fields still empty. */
export function missingInfoFields(form: DraftForm): InfoField[] {
  return requiredInfoFields.filter((field) => {
    const value = form[field];
    if (Array.isArray(value)) return value.length === 0;
    return value === null || String(value).trim() === '';
  });
}

/** The fields the date rules speak of. */
export type DateField = RequestDateProblem['field'];

/** What is wrong with the form's dates now (the contract's rules, the checkout's too). */
export function dateProblemsOf(form: DraftForm, now: Date = new Date()): RequestDateProblem[] {
  return requestDateProblems(
    {
      delivery_date: form.delivery_date || null,
      delivery_slot: form.delivery_slot,
      publishing_deadline: form.publishing_deadline || null,
    },
    now,
  );
}
