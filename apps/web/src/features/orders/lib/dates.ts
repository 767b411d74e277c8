/**
 * The hold time of an unpaid order. Dates and times themselves are shown through
 * useFormat() (src/i18n/format.ts): the locale's shape, always in Swiss time.
 */
/** Whole minutes left until `iso` (rounded up), 0 when past. */
export function minutesLeft(iso: string, now = Date.now()): number {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return 0;
  return Math.max(0, Math.ceil((time - now) / 60_000));
}
