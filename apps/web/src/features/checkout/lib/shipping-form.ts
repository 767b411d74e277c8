import { isSwiss, shippingAddressSchema, SWISS_POSTCODE, type ShippingAddress } from '@marktgasse/shared';
import { schemaErrors, type FieldErrors, type FieldMessageKeys } from '../../../lib/field-errors';

export type ShippingErrors = FieldErrors<keyof ShippingAddress>;

export const SWISS_POSTCODE_MESSAGE = 'checkout.shipping.error.swissPostcode';
export const TOO_LONG_MESSAGE = 'checkout.shipping.error.tooLong';

const MESSAGES: FieldMessageKeys<keyof ShippingAddress> = {
  address: { other: 'checkout.shipping.error.address', tooLong: TOO_LONG_MESSAGE },
  city: { other: 'checkout.shipping.error.city', tooLong: TOO_LONG_MESSAGE },
  postalCode: { other: 'checkout.shipping.error.postalCode', tooLong: TOO_LONG_MESSAGE },
  country: { other: 'checkout.shipping.error.country', tooLong: TOO_LONG_MESSAGE },
};

/** All four fields required; a Swiss address needs a 4-digit postal code. Empty object when valid. */
export function validateShipping(values: ShippingAddress): ShippingErrors {
  const parsed = shippingAddressSchema.safeParse(values);
  const errors = parsed.success ? {} : schemaErrors(parsed.error.issues, MESSAGES);
  if (!errors.postalCode && isSwiss(values.country) && !SWISS_POSTCODE.test(values.postalCode.trim()))
    errors.postalCode = { key: SWISS_POSTCODE_MESSAGE };
  return errors;
}
