import {
  createPromoCodeBodySchema,
  END_BEFORE_START_MESSAGE,
  PER_ADVERTISER_ABOVE_TOTAL_MESSAGE,
  PROMO_BASIS_POINTS_MAX,
  PROMO_BASIS_POINTS_MIN,
  type CreatePromoCodeInput,
  type PromoPurchaseKind,
} from '@clipmarket/contracts/promo-codes';

/** What the create form holds: a percent as typed (12.5), days as `YYYY-MM-DD`. */
export interface PromoCodeFormValues {
  code: string;
  percent: number | string;
  startsOn: string;
  endsOn: string;
  maxRedemptions: number | string;
  maxRedemptionsPerAdvertiser: number | string;
  appliesTo: PromoPurchaseKind[];
  isActive: boolean;
}

export type PromoCodeFormField = keyof PromoCodeFormValues;

/** The local day `YYYY-MM-DD` of a date. */
export function toDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Local midnight at the start of a `YYYY-MM-DD` day, `days` later. */
function startOfDay(day: string, days = 0): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date! + days);
}

export const emptyPromoCodeForm = (today = new Date()): PromoCodeFormValues => ({
  code: '',
  percent: '',
  startsOn: toDay(today),
  endsOn: '',
  maxRedemptions: '',
  maxRedemptionsPerAdvertiser: '',
  appliesTo: ['wallet_pack', 'content_request', 'opportunity'],
  isActive: true,
});

const optionalNumber = (value: number | string) =>
  value === '' || value === null ? null : Number(value);

/**
 * The request body: the percent becomes integer basis points (12.5 % → 1250), the start day
 * starts at local midnight and the end day is included (the code ends at the next midnight).
 */
export function toCreateBody(values: PromoCodeFormValues): unknown {
  const percent = optionalNumber(values.percent);
  const validDay = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day);
  return {
    code: values.code,
    percent_basis_points: percent === null ? undefined : Math.round(percent * 100),
    starts_at: validDay(values.startsOn) ? startOfDay(values.startsOn).toISOString() : '',
    ends_at: validDay(values.endsOn) ? startOfDay(values.endsOn, 1).toISOString() : null,
    max_redemptions: optionalNumber(values.maxRedemptions),
    max_redemptions_per_advertiser: optionalNumber(values.maxRedemptionsPerAdvertiser),
    applies_to: values.appliesTo,
    is_active: values.isActive,
  };
}

/** Form field of each wire field. */
const fieldOfWire: Record<string, PromoCodeFormField> = {
  code: 'code',
  percent_basis_points: 'percent',
  starts_at: 'startsOn',
  ends_at: 'endsOn',
  max_redemptions: 'maxRedemptions',
  max_redemptions_per_advertiser: 'maxRedemptionsPerAdvertiser',
  applies_to: 'appliesTo',
};

export const formFieldOf = (wireField: string): PromoCodeFormField | undefined =>
  fieldOfWire[wireField.split('.')[0] ?? ''];

/** Key (admin namespace) of the message shown for a problem with a field. */
export function problemKey(field: PromoCodeFormField, message: string): string {
  if (message === END_BEFORE_START_MESSAGE) return 'promoCodes.form.errors.endBeforeStart';
  if (message === PER_ADVERTISER_ABOVE_TOTAL_MESSAGE) {
    return 'promoCodes.form.errors.perAdvertiserAboveTotal';
  }
  switch (field) {
    case 'code':
      return 'promoCodes.form.errors.code';
    case 'percent':
      return 'promoCodes.form.errors.percent';
    case 'startsOn':
    case 'endsOn':
      return 'promoCodes.form.errors.date';
    case 'appliesTo':
      return 'promoCodes.form.errors.appliesTo';
    default:
      return 'promoCodes.form.errors.limit';
  }
}

export type ParsedForm =
  | { ok: true; body: CreatePromoCodeInput }
  | { ok: false; problems: Partial<Record<PromoCodeFormField, string>> };

/** Checks the form with the API's own schema; problems are keys of translated messages. */
export function parsePromoCodeForm(values: PromoCodeFormValues): ParsedForm {
  const result = createPromoCodeBodySchema.safeParse(toCreateBody(values));
  if (result.success) return { ok: true, body: result.data };
  const problems: Partial<Record<PromoCodeFormField, string>> = {};
  for (const issue of result.error.issues) {
    const field = formFieldOf(issue.path.map(String).join('.'));
    if (field && !problems[field]) problems[field] = problemKey(field, issue.message);
  }
  return { ok: false, problems };
}

export const PERCENT_MIN = PROMO_BASIS_POINTS_MIN / 100;
export const PERCENT_MAX = PROMO_BASIS_POINTS_MAX / 100;
