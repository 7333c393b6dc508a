/**
 * The dates of a content request (spec §2 step 2, §9): a delivery deadline (a date and a time
 * slot in Tunisia's time) and an optional publishing date. One set of rules for the request
 * form's step 2, which marks a wrong date on its field, and for the checkout, which refuses it
 * (`CONTENT_REQUEST_INCOMPLETE` with the field and its message).
 */

/** Tunisia's time zone: delivery deadlines are a date and a slot there (spec §9). */
export const REQUEST_TIME_ZONE = 'Africa/Tunis';

export const requestDateMessages = {
  deliveryInPast: 'The delivery deadline must be in the future',
  publishingInPast: 'The publishing date must be in the future',
  publishingBeforeDelivery: 'The publishing date cannot be before the delivery date',
} as const;
export type RequestDateRule = keyof typeof requestDateMessages;

/** The dates as a draft holds them (`YYYY-MM-DD`, `HH:MM`), each possibly not chosen yet. */
export interface RequestDates {
  delivery_date: string | null;
  delivery_slot: string | null;
  publishing_deadline: string | null;
}

export interface RequestDateProblem {
  field: 'delivery_date' | 'delivery_slot' | 'publishing_deadline';
  rule: RequestDateRule;
  message: string;
}

/** Minutes `timeZone` is ahead of UTC at `instant`. */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** The instant of a local date (`YYYY-MM-DD`) and slot (`HH:MM`) in Tunisia's time. */
export function deadlineOf(date: string, slot: string, timeZone = REQUEST_TIME_ZONE): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = slot.split(':').map(Number) as [number, number];
  const wallClock = Date.UTC(year, month - 1, day, hours, minutes);
  // The offset at the wall-clock time read as UTC, then once more at the found instant (DST).
  const first = wallClock - offsetMinutes(new Date(wallClock), timeZone) * 60_000;
  return new Date(wallClock - offsetMinutes(new Date(first), timeZone) * 60_000);
}

/** Today's date (`YYYY-MM-DD`) in Tunisia at `now`: the first day a deadline may fall on. */
export function requestToday(now: Date = new Date(), timeZone = REQUEST_TIME_ZONE): string {
  const local = new Date(now.getTime() + offsetMinutes(now, timeZone) * 60_000);
  return local.toISOString().slice(0, 10);
}

const problem = (field: RequestDateProblem['field'], rule: RequestDateRule) => ({
  field,
  rule,
  message: requestDateMessages[rule],
});

/**
 * What is wrong with a request's dates at `now`, one problem per field at most: a delivery
 * deadline not in the future (on the date, or on the slot when only today's hour has passed),
 * a publishing date before the delivery date or, without one, in the past. Dates not chosen
 * yet are no problem here (the checkout asks for the delivery date and slot as required).
 */
export function requestDateProblems(
  dates: RequestDates,
  now: Date = new Date(),
): RequestDateProblem[] {
  const problems: RequestDateProblem[] = [];
  const today = requestToday(now);
  const { delivery_date: delivery, delivery_slot: slot, publishing_deadline: publishing } = dates;
  if (delivery) {
    if (delivery < today) problems.push(problem('delivery_date', 'deliveryInPast'));
    else if (slot && deadlineOf(delivery, slot).getTime() <= now.getTime()) {
      problems.push(problem('delivery_slot', 'deliveryInPast'));
    }
  }
  if (publishing) {
    const publishingDay = publishing.slice(0, 10);
    if (delivery && publishingDay < delivery) {
      problems.push(problem('publishing_deadline', 'publishingBeforeDelivery'));
    } else if (publishingDay < today) {
      problems.push(problem('publishing_deadline', 'publishingInPast'));
    }
  }
  return problems;
}

/** The rule behind one of these messages (a field reason the API answered), if it is one. */
export function requestDateRuleOf(message: string): RequestDateRule | null {
  const rules = Object.keys(requestDateMessages) as RequestDateRule[];
  return rules.find((rule) => requestDateMessages[rule] === message) ?? null;
}
