import {
  isSwiss,
  normaliseSwissPhone,
  shippingAddressSchema,
  SWISS_POSTCODE,
  type ShippingAddress,
} from '@marktgasse/shared';
import { schemaErrors, type FieldErrors, type FieldMessageKeys } from '../../../lib/field-errors';

/** The form's values: every field a string (name and phone are optional in the API only). */
export type ShippingValues = Required<ShippingAddress>;
export type ShippingField = keyof ShippingValues;
export type ShippingErrors = FieldErrors<ShippingField>;

export const SWISS_POSTCODE_MESSAGE = 'checkout.shipping.error.swissPostcode';
export const TOO_LONG_MESSAGE = 'checkout.shipping.error.tooLong';
export const NAME_MESSAGE = 'checkout.shipping.error.name';

const MESSAGES: FieldMessageKeys<ShippingField> = {
  name: { other: NAME_MESSAGE, tooLong: TOO_LONG_MESSAGE },
  address: { other: 'checkout.shipping.error.address', tooLong: TOO_LONG_MESSAGE },
  city: { other: 'checkout.shipping.error.city', tooLong: TOO_LONG_MESSAGE },
  postalCode: { other: 'checkout.shipping.error.postalCode', tooLong: TOO_LONG_MESSAGE },
  country: { other: 'checkout.shipping.error.country', tooLong: TOO_LONG_MESSAGE },
  phone: { other: 'checkout.shipping.error.phone', tooLong: 'checkout.shipping.error.phone' },
};

/**
 * The recipient's name and the four address fields are required (the name so the seller can
 * label the parcel); a Swiss address needs a 4-digit postal code; the phone is optional and
 * Swiss. Empty object when valid.
 */
export function validateShipping(values: ShippingValues): ShippingErrors {
  const parsed = shippingAddressSchema.safeParse(values);
  const errors = parsed.success ? {} : schemaErrors(parsed.error.issues, MESSAGES);
  if (!errors.name && !values.name.trim()) errors.name = { key: NAME_MESSAGE };
  if (!errors.postalCode && isSwiss(values.country) && !SWISS_POSTCODE.test(values.postalCode.trim()))
    errors.postalCode = { key: SWISS_POSTCODE_MESSAGE };
  return errors;
}

/** What is kept for the order: trimmed, the phone in its Swiss form, no empty phone. */
export function shippingToSave(values: ShippingValues): ShippingAddress {
  const phone = values.phone.trim() ? normaliseSwissPhone(values.phone) : null;
  return {
    name: values.name.trim(),
    address: values.address.trim(),
    city: values.city.trim(),
    postalCode: values.postalCode.trim(),
    country: values.country.trim(),
    ...(phone ? { phone } : {}),
  };
}
