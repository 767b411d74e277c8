/**
 * The QR reference of a Swiss QR-bill (SIX Implementation Guidelines QR-bill, "QRR"): 27
 * digits, the last a check digit by the recursive modulo-10 method. Ours are derived from the
 * order id behind a fixed prefix, so each order has exactly one and the bank file's reference
 * leads back to it without a lookup table.
 */

export const QR_REFERENCE_LENGTH = 27;

/** Two digits before the order id: 51 marks a Marktgasse order (other uses may take others). */
export const ORDER_QR_REFERENCE_PREFIX = '51';

const CARRY_TABLE = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5] as const;

/** The recursive modulo-10 check digit of a string of digits. */
export function mod10RecursiveCheckDigit(digits: string): number {
  if (!/^\d*$/.test(digits)) throw new RangeError('Only digits have a modulo-10 check digit.');
  let carry = 0;
  for (const digit of digits) carry = CARRY_TABLE[(carry + Number(digit)) % 10]!;
  return (10 - carry) % 10;
}

/** Spaces (as printed in blocks of five) are ignored; 27 digits with a right check digit. */
export function isValidQrReference(reference: string): boolean {
  const digits = reference.replace(/\s+/g, '');
  if (!/^\d{27}$/.test(digits)) return false;
  return mod10RecursiveCheckDigit(digits.slice(0, 26)) === Number(digits[26]);
}

/** Order 4711 → "510000000000000000000047114" with its check digit last. */
export function qrReferenceForOrder(orderId: number, prefix = ORDER_QR_REFERENCE_PREFIX): string {
  if (!Number.isSafeInteger(orderId) || orderId < 1) throw new RangeError(`${orderId} is not an order id.`);
  if (!/^\d{1,10}$/.test(prefix)) throw new RangeError('The QR reference prefix is one to ten digits.');
  const body = prefix + String(orderId).padStart(26 - prefix.length, '0');
  if (body.length !== 26) throw new RangeError(`Order id ${orderId} is too long for a QR reference.`);
  return body + String(mod10RecursiveCheckDigit(body));
}

/** The order id a valid reference of ours names, or null (someone else's, mistyped, or no order). */
export function orderIdFromQrReference(reference: string, prefix = ORDER_QR_REFERENCE_PREFIX): number | null {
  const digits = reference.replace(/\s+/g, '');
  if (!isValidQrReference(digits) || !digits.startsWith(prefix)) return null;
  const id = Number(digits.slice(prefix.length, 26));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** "210000000003139471430009017" → "21 00000 00003 13947 14300 09017", as printed on the bill. */
export function formatQrReference(reference: string): string {
  const digits = reference.replace(/\s+/g, '');
  const head = digits.length % 5;
  const blocks = digits.slice(head).match(/\d{5}/g) ?? [];
  return [digits.slice(0, head), ...blocks].filter(Boolean).join(' ');
}
