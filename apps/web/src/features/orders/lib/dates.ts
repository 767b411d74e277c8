/**
 * Dates and times of orders in Swiss local time, in the product's shapes: the date as
 * YYYY-MM-DD (the spec's "first 10 characters of the timestamp", but for Zurich, not UTC)
 * and the time as HH:MM.
 */
const TIME_ZONE = 'Europe/Zurich';

const dateParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const timeParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function valid(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function swissDate(iso: string | null | undefined): string {
  const date = valid(iso);
  if (!date) return '';
  const parts = Object.fromEntries(dateParts.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export function swissTime(iso: string | null | undefined): string {
  const date = valid(iso);
  return date ? timeParts.format(date) : '';
}

/** Whole minutes left until `iso` (rounded up), 0 when past. */
export function minutesLeft(iso: string, now = Date.now()): number {
  const date = valid(iso);
  if (!date) return 0;
  return Math.max(0, Math.ceil((date.getTime() - now) / 60_000));
}

export function holdTimeText(minutes: number): string {
  return minutes === 1 ? 'Reserved for 1 more minute' : `Reserved for ${minutes} more minutes`;
}
