/**
 * Money is integer Rappen (1 CHF = 100 Rappen) everywhere inside the code. JSON carries
 * decimal strings with two decimals ("49.90"). One helper formats for display.
 */

export const RAPPEN_PER_FRANC = 100;

/**
 * How far (in Rappen) a JSON number may lie from a two-decimal amount and still count as it:
 * binary floating point noise such as 3 × 24.90 = 74.69999999999999 (decision 197). Far below
 * a Rappen, so a third decimal (74.695) is still refused rather than rounded.
 */
const FLOAT_NOISE_RAPPEN = 1e-4;

/** A JSON number as Rappen when it is a two-decimal amount up to float noise; null otherwise. */
function numberToRappen(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const scaled = value * RAPPEN_PER_FRANC;
  const rappen = Math.round(scaled);
  if (Math.abs(scaled - rappen) > FLOAT_NOISE_RAPPEN) return null;
  if (Math.abs(rappen) >= 1e9 * RAPPEN_PER_FRANC) return null;
  return rappen === 0 ? 0 : rappen;
}

/**
 * Parses "49.9", "49.90", "49" into Rappen, and a JSON number that is a two-decimal amount up to
 * floating point noise (74.69999999999999 → 7470); null when invalid.
 */
export function parseRappen(value: string | number): number | null {
  if (typeof value === 'number') return numberToRappen(value);
  const text = value.trim();
  const match = /^(-)?(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, minus, whole, fraction = ''] = match;
  const rappen = Number(whole) * RAPPEN_PER_FRANC + Number(fraction.padEnd(2, '0'));
  return minus ? -rappen : rappen;
}

/** 4990 -> "49.90" (the API's wire format). */
export function rappenToDecimal(rappen: number): string {
  const sign = rappen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(rappen));
  const francs = Math.floor(abs / RAPPEN_PER_FRANC);
  const cents = abs % RAPPEN_PER_FRANC;
  return `${sign}${francs}.${String(cents).padStart(2, '0')}`;
}

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

export interface FormatOptions {
  /** Thousands separator; Swiss usage is the right single quote. Empty for none. */
  thousands?: string;
  /** Without the leading "CHF ". */
  bare?: boolean;
}

/**
 * Display rule of the product: whole amounts as "CHF 49.-", otherwise "CHF 49.90".
 * Accepts Rappen (number) or a decimal string from the API.
 */
export function formatCHF(amount: number | string, options: FormatOptions = {}): string {
  const rappen = typeof amount === 'string' ? parseRappen(amount) : Math.round(amount);
  if (rappen === null || !Number.isFinite(rappen)) return options.bare ? '' : 'CHF';
  const sign = rappen < 0 ? '-' : '';
  const abs = Math.abs(rappen);
  const francs = groupThousands(String(Math.floor(abs / RAPPEN_PER_FRANC)), options.thousands ?? '’');
  const cents = abs % RAPPEN_PER_FRANC;
  const body = cents === 0 ? `${sign}${francs}.-` : `${sign}${francs}.${String(cents).padStart(2, '0')}`;
  return options.bare ? body : `CHF ${body}`;
}

/**
 * The seller's product list shows the price truncated to whole francs (spec §9): "CHF 12" for
 * 12.90, thousands grouped as in formatCHF (the web passes the locale's separator).
 */
export function truncatedFrancs(amount: number | string, options: FormatOptions = {}): string {
  const rappen = typeof amount === 'string' ? parseRappen(amount) : amount;
  if (rappen === null || !Number.isFinite(rappen)) return '';
  const francs = Math.trunc(rappen / RAPPEN_PER_FRANC);
  const body = `${francs < 0 ? '-' : ''}${groupThousands(String(Math.abs(francs)), options.thousands ?? '’')}`;
  return options.bare ? body : `CHF ${body}`;
}

/**
 * The thousands separator of CHF amounts in each language the shop speaks (de, fr, it, en, with
 * or without "-CH"): Swiss usage, the typographic apostrophe, and a narrow no-break space in
 * French. The decimal sign of an amount stays the point in every language (Swiss currency usage,
 * as CLDR's fr-CH has it for currencies).
 */
export function chfGrouping(locale: string): string {
  return /^fr\b/i.test(locale) ? '\u202f' : '’';
}

/** The one money formatter per language (web, e-mails, documents): formatCHF with its grouping. */
export function formatCHFIn(
  locale: string,
  amount: number | string,
  options: { bare?: boolean } = {},
): string {
  return formatCHF(amount, { ...options, thousands: chfGrouping(locale) });
}
