/**
 * The refund account's IBAN as the server checks it (ibantools there, decision 234): a valid
 * IBAN (country length, ISO 13616 mod-97) that is not a Swiss/Liechtenstein QR-IBAN (bank id
 * 30000-31999, which only receives QR payments). The web's cancel dialog says the same before
 * sending; the server stays the judge.
 */

/** IBAN lengths of the countries a Swiss shop's customers bank in (SEPA and neighbours). */
const LENGTHS: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

/** Spaces and dashes out, upper case: "ch93 0076 2011 6238 5295 7" → "CH9300762011623852957". */
export function electronicIban(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const digits = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

export type RefundIbanProblem = 'invalid' | 'qrIban';

/** Why the input cannot receive a refund, or null when it can. */
export function refundIbanProblem(input: string): RefundIbanProblem | null {
  const iban = electronicIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return 'invalid';
  const length = LENGTHS[iban.slice(0, 2)];
  if (length !== undefined && iban.length !== length) return 'invalid';
  if (iban.length < 15 || iban.length > 34 || mod97(iban) !== 1) return 'invalid';
  if (/^(CH|LI)/.test(iban) && /^3[01]\d{3}$/.test(iban.slice(4, 9))) return 'qrIban';
  return null;
}
