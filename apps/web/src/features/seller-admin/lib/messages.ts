/**
 * Client-side validation uses the shared zod schemas, whose messages are the spec's English
 * sentences. This turns a schema issue into the chosen language; a message it does not know
 * is shown as it is.
 */
import { PRODUCT_LIMITS } from '@marktgasse/shared';
import type { TranslateVars } from '../../../i18n';

type Translate = (key: string, vars?: TranslateVars) => string;

const KNOWN: Record<string, [string, TranslateVars?]> = {
  'Enter the store name.': ['seller.v.storeName'],
  'Enter a latitude.': ['seller.v.latitude'],
  'Enter a longitude.': ['seller.v.longitude'],
  'Latitude lies between -90 and 90.': ['seller.v.latitudeRange'],
  'Longitude lies between -180 and 180.': ['seller.v.longitudeRange'],
  'A phone number has digits, spaces and + ( ) / . - only.': ['seller.v.phone'],
  'Enter a brand.': ['seller.v.brand'],
  'Enter a name.': ['seller.v.name'],
  [`A brand has at most ${PRODUCT_LIMITS.brand} characters.`]: [
    'seller.v.brandMax',
    { max: PRODUCT_LIMITS.brand },
  ],
  [`A name has at most ${PRODUCT_LIMITS.name} characters.`]: [
    'seller.v.nameMax',
    { max: PRODUCT_LIMITS.name },
  ],
  [`A description has at most ${PRODUCT_LIMITS.description} characters.`]: [
    'seller.v.descriptionMax',
    { max: PRODUCT_LIMITS.description },
  ],
  'Enter a price in CHF with at most two decimals.': ['seller.v.price'],
  'The price must be above CHF 0.': ['seller.v.priceMin'],
  'The price must be at most CHF 1,000,000.': ['seller.v.priceMax'],
  'Choose a category.': ['seller.v.category'],
  'Choose a subcategory.': ['seller.v.subcategory'],
  'Choose an image file.': ['seller.v.image'],
};

export interface IssueLike {
  message: string;
  code?: string;
  maximum?: unknown;
}

export function issueText(t: Translate, issue: IssueLike): string {
  const known = KNOWN[issue.message];
  if (known) return t(known[0], known[1]);
  if (issue.code === 'too_big' && (typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint'))
    return t('seller.v.tooLong', { max: Number(issue.maximum) });
  return issue.message;
}
