/**
 * IBANs for payouts (decision 226): checked by their checksum with ibantools, kept in the
 * electronic format, a QR-IBAN refused (it only takes QR-bill payments with a reference).
 */
import { electronicFormatIBAN, friendlyFormatIBAN, isQRIBAN, isValidIBAN } from 'ibantools';
import { badRequest } from './errors.ts';

/** '' clears; anything else must be a valid IBAN that is not a QR-IBAN. Answers the electronic format. */
export function payoutIban(value: string, field = 'iban'): string {
  const compact = electronicFormatIBAN(value) ?? '';
  if (compact === '') return '';
  if (!isValidIBAN(compact)) {
    const message = 'This is not a valid IBAN: check the letters and digits.';
    throw badRequest(message, [{ field, message }]);
  }
  if (isQRIBAN(compact)) {
    const message = 'A QR-IBAN cannot receive payouts: enter the account’s ordinary IBAN.';
    throw badRequest(message, [{ field, message }]);
  }
  return compact;
}

/** "CH93 0076 2011 6238 5295 7" for the owner. */
export const formatIban = (iban: string): string => friendlyFormatIBAN(iban) ?? iban;

/** Everyone but the owner sees the country and the last four characters only. */
export function maskIban(iban: string): string {
  const masked = `${iban.slice(0, 2)}${'*'.repeat(Math.max(0, iban.length - 6))}${iban.slice(-4)}`;
  return friendlyFormatIBAN(masked) ?? masked;
}
