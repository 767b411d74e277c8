import { isSwiss, shippingAddressSchema, SWISS_POSTCODE, type ShippingAddress } from '@marktgasse/shared';

/** Per field, the message key of what is wrong (translated when shown). */
export type ShippingErrors = Partial<Record<keyof ShippingAddress, string>>;

export const SWISS_POSTCODE_MESSAGE = 'checkout.shipping.error.swissPostcode';
export const TOO_LONG_MESSAGE = 'checkout.shipping.error.tooLong';

/** All four fields required; a Swiss address needs a 4-digit postal code. Empty object when valid. */
export function validateShipping(values: ShippingAddress): ShippingErrors {
  const errors: ShippingErrors = {};
  const parsed = shippingAddressSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof ShippingAddress;
      errors[field] ??= issue.code === 'too_big' ? TOO_LONG_MESSAGE : `checkout.shipping.error.${field}`;
    }
  }
  if (!errors.postalCode && isSwiss(values.country) && !SWISS_POSTCODE.test(values.postalCode.trim()))
    errors.postalCode = SWISS_POSTCODE_MESSAGE;
  return errors;
}
