import { isSwiss, shippingAddressSchema, SWISS_POSTCODE, type ShippingAddress } from '@marktgasse/shared';

export type ShippingErrors = Partial<Record<keyof ShippingAddress, string>>;

export const SWISS_POSTCODE_MESSAGE = 'A Swiss postal code has 4 digits.';

/** All four fields required; a Swiss address needs a 4-digit postal code. Empty object when valid. */
export function validateShipping(values: ShippingAddress): ShippingErrors {
  const errors: ShippingErrors = {};
  const parsed = shippingAddressSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof ShippingAddress;
      errors[field] ??= issue.message;
    }
  }
  if (!errors.postalCode && isSwiss(values.country) && !SWISS_POSTCODE.test(values.postalCode.trim()))
    errors.postalCode = SWISS_POSTCODE_MESSAGE;
  return errors;
}
