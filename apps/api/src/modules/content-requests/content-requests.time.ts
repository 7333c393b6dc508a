/** Tunisia's time zone: delivery deadlines are a date and a slot there (spec §9). */
export const REQUEST_TIME_ZONE = 'Africa/Tunis';

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
