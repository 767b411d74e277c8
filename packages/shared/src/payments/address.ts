/**
 * Structured postal addresses as the QR-bill wants them (street, building number, postcode,
 * town, country code as separate fields; combined addresses are refused since November 2025).
 */

export interface StructuredAddress {
  street: string;
  buildingNumber?: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

const COUNTRY_NAMES: Record<string, string> = {
  ch: 'CH',
  che: 'CH',
  schweiz: 'CH',
  suisse: 'CH',
  svizzera: 'CH',
  svizra: 'CH',
  switzerland: 'CH',
  li: 'LI',
  liechtenstein: 'LI',
  de: 'DE',
  deutschland: 'DE',
  germany: 'DE',
  at: 'AT',
  österreich: 'AT',
  austria: 'AT',
  fr: 'FR',
  france: 'FR',
  it: 'IT',
  italia: 'IT',
  italy: 'IT',
};

/** "Schweiz", "CH", "suisse" → "CH"; null for a country we cannot name by its code. */
export function countryCode(country: string): string | null {
  const key = country.trim().toLowerCase();
  if (/^[a-z]{2}$/.test(key) && COUNTRY_NAMES[key] === undefined) return key.toUpperCase();
  return COUNTRY_NAMES[key] ?? null;
}

/** "Bahnhofstrasse 12a" → street "Bahnhofstrasse", number "12a"; no number → the whole line. */
export function splitStreet(line: string): { street: string; buildingNumber?: string } {
  const match = /^(.*?\D)\s+(\d+\s?[a-zA-Z]?(?:[-/]\d+[a-zA-Z]?)?)$/.exec(line.trim());
  if (!match) return { street: line.trim() };
  return { street: match[1]!.trim(), buildingNumber: match[2]!.replace(/\s+/g, '') };
}

/**
 * "Marktgasse 1, 3011 Bern" or "Marktgasse 1, 3011 Bern, CH" (the PLATFORM_ADDRESS format)
 * → its fields; null when it does not read as street, postcode and town.
 */
export function parseStructuredAddress(text: string): StructuredAddress | null {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length < 2 || parts.length > 3) return null;
  const [streetLine, placeLine, countryPart] = parts as [string, string, string | undefined];
  const place = /^(\d{4,5})\s+(.+)$/.exec(placeLine);
  if (!streetLine || !place) return null;
  const country = countryPart === undefined ? 'CH' : countryCode(countryPart);
  if (!country) return null;
  return { ...splitStreet(streetLine), postalCode: place[1]!, city: place[2]!, country };
}
