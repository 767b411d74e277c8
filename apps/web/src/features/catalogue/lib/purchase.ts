import { lineAvailability, quantityChoices, totalStock as stockOfAll } from '@marktgasse/shared';
import type { CartItem, Product } from '@marktgasse/shared';
import type { Locale, Translate } from '../../../i18n';
import { number } from '../../../i18n/format';

export type OrderChoice = 'none' | 'online' | 'inStore';

export function totalStock(product: Pick<Product, 'stocks'>): number {
  return stockOfAll(product.stocks);
}

/** Whether a store's name already says its town as a word of its own ("Velo Bern", not "Bernina"). */
function namesTown(name: string, town: string): boolean {
  const word = town.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<!\\p{L})${word}(?!\\p{L})`, 'iu').test(name);
}

/** A store with stock as the purchase options name it ('Velo Bern, Bern (12 in stock)'). */
export function storeOptionText(
  t: Translate,
  locale: Locale,
  s: { storeName: string; city?: string | null; number: number },
): string {
  return t('catalogue.purchase.storeOption', {
    store: s.city && !namesTown(s.storeName, s.city) ? `${s.storeName}, ${s.city}` : s.storeName,
    count: number(s.number, locale),
  });
}

/** Under a store's name where it is chosen: "Fribourg · 3 an Lager" (the town unless the name says it). */
export function storeStockText(
  t: Translate,
  locale: Locale,
  s: { storeName: string; city?: string | null; number: number },
): string {
  const stock = t('catalogue.purchase.storeStock', { count: number(s.number, locale) });
  return s.city && !namesTown(s.storeName, s.city) ? `${s.city} · ${stock}` : stock;
}

/** Stores that can hand the product over (stock above 0). */
export function storesWithStock(product: Pick<Product, 'stocks'>) {
  return product.stocks.filter((s) => s.number > 0);
}

/** Available quantity: the shared rule of a cart line (lineAvailability, spec §5 Quantity). */
export function availableFor(
  product: Pick<Product, 'stocks'>,
  orderType: OrderChoice,
  storeId: number | null,
): number {
  return lineAvailability(product.stocks, { orderType, storeId });
}

/** Quantity choices 0..available, at most the shared cap of choices. */
export function quantityOptions(available: number): number[] {
  return quantityChoices(available, 0);
}

export function canAddToCart(input: {
  product: Pick<Product, 'stocks'>;
  orderType: OrderChoice;
  storeId: number | null;
  quantity: number;
  ownProduct: boolean;
}): boolean {
  if (input.ownProduct || input.quantity <= 0 || totalStock(input.product) === 0) return false;
  if (input.orderType === 'none') return false;
  if (input.orderType === 'inStore' && input.storeId === null) return false;
  return input.quantity <= availableFor(input.product, input.orderType, input.storeId);
}

/** The cart line of spec §3 Cart item. */
export function toCartItem(
  product: Product,
  orderType: 'online' | 'inStore',
  storeId: number | null,
  quantity: number,
): CartItem {
  const stock = orderType === 'inStore' ? product.stocks.find((s) => s.store === storeId) : undefined;
  return {
    id: product.id,
    brand: product.brand,
    name: product.name,
    image: product.thumbnail ?? product.image,
    price: product.price,
    stocks: product.stocks.map((s) => ({
      id: s.id,
      number: s.number,
      store: s.store,
      storeName: s.storeName,
    })),
    quantity,
    // The shop name when the seller set one (cart groups show it).
    seller: product.sellerDetails.name || product.username,
    sellerId: product.seller,
    orderType,
    productStock: availableFor(product, orderType, storeId),
    stockId: stock?.id ?? null,
    storeName: stock?.storeName ?? null,
    storeId: stock?.store ?? null,
  };
}
