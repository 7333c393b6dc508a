import { adminPaymentStates, type AdminPaymentState } from '@clipmarket/contracts/admin-money';
import { intlLocale } from '../../lib/i18n';

/** A moment with its time (payments are minutes apart), digits in Latin script everywhere. */
export function formatDateTime(value: string, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    numberingSystem: 'latn',
  }).format(new Date(value));
}

/** Badge colour of a payment state: paid green, waiting blue/grey, unpaid red/orange. */
export const stateColors: Record<AdminPaymentState, string> = {
  created: 'gray',
  pending: 'blue',
  paid: 'teal',
  failed: 'red',
  expired: 'orange',
};

export const isPaymentState = (value: string | null): value is AdminPaymentState =>
  value !== null && (adminPaymentStates as readonly string[]).includes(value);

/**
 * The money tables: full width, texts from the reading side (browsers centre `th`), one line
 * per cell (they scroll sideways on a narrow screen instead of wrapping amounts and dates).
 */
export const moneyTableProps = {
  w: '100%',
  styles: {
    th: { textAlign: 'start', whiteSpace: 'nowrap' },
    td: { whiteSpace: 'nowrap' },
    caption: { textAlign: 'start' },
  },
} as const;
