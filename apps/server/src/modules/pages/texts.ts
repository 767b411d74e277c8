/**
 * The pages' titles and descriptions, in English here and translated in src/i18n/messages.ts
 * (its test fails when one is missing).
 */
import type { PageLanguage } from '@marktgasse/shared';
import { translateMessage } from '../../i18n/translate.ts';

export const PAGE_TEXTS = {
  homeTitle: 'Marktgasse — the Swiss marketplace',
  /** After a later page's title (a Load More link's address): "… · Page 2". */
  pageNumber: 'Page {page}',
  homeDescription: 'Swiss shops, one cart: order online or reserve for pick-up in the store, paid in CHF.',
  categoryTitle: '{category} from Swiss shops',
  categoryDescription:
    'Products in {category} from Swiss shops: order online or reserve for pick-up, paid in CHF.',
  productDescription: '{name} from {seller} for {price}. {availability}',
  inStock: 'In stock.',
  outOfStock: 'Out of stock.',
  sellersTitle: 'Sellers',
  sellersDescription: 'Every seller on Marktgasse: Swiss shops with their products and stores.',
  sellerDescription: 'Products and stores of {name} on Marktgasse.',
  mapTitle: 'Find a store',
  mapDescription: 'Shops across Switzerland on the map, with what they have in stock for pick-up.',
  notFoundTitle: 'Page not found',
  searchTitle: 'Search results for “{term}”',
  searchDescription:
    'Products from Swiss shops matching “{term}”: order online or reserve for pick-up, paid in CHF.',
} as const;

/** A text in the page's language, its {placeholders} filled. */
export function pageText(language: PageLanguage, english: string, vars: Record<string, string> = {}): string {
  const filled = english.replace(/\{(\w+)\}/g, (m, name: string) => vars[name] ?? m);
  return language === 'en' ? filled : (translateMessage(filled, language) ?? filled);
}
