/**
 * Re-checks every cart line against the product as the server has it now: the price, and the
 * stock that line draws from (all stores for online, its store for in-store). The store's lines
 * are updated; what changed is returned as a notice per line so the cart can say so.
 */
import { useEffect, useState } from 'react';
import { lineAvailability, parseRappen, type CartItem, type Product } from '@marktgasse/shared';
import type { TranslateVars } from '../../../i18n';
import { api, ApiError } from '../../../lib/api-client';
import { useCart } from '../../../stores/cart';

/** A message to translate when shown (so a language switch re-words it); `money` vars are CHF amounts. */
export interface NoticeMessage {
  key: string;
  vars?: TranslateVars;
  money?: Record<string, string>;
  /** Vars that are themselves message keys (e.g. 'this store' when the store has no name). */
  keys?: Record<string, string>;
}

export interface LineNotice {
  messages: NoticeMessage[];
  /** The line cannot be ordered as it is (product gone or no stock left). */
  blocking: boolean;
}

/** What the line can have now: the shared rule of a cart line (lineAvailability). */
export function availableStock(product: Pick<Product, 'stocks'>, item: CartItem): number {
  return lineAvailability(product.stocks, item);
}

/** The notice's text in the current language. */
export function noticeText(
  message: NoticeMessage,
  t: (key: string, vars?: TranslateVars) => string,
  money: (amount: string) => string,
): string {
  const vars: TranslateVars = { ...message.vars };
  for (const [name, amount] of Object.entries(message.money ?? {})) vars[name] = money(amount);
  for (const [name, key] of Object.entries(message.keys ?? {})) vars[name] = t(key);
  return t(message.key, vars);
}

/** Compares one line with the current product; answers the updated line (or null when gone) and notices. */
export function recheckLine(
  item: CartItem,
  product: Product | null,
): { line: CartItem | null; notice: LineNotice | null } {
  if (!product) {
    return { line: null, notice: { messages: [{ key: 'checkout.notice.gone' }], blocking: true } };
  }
  const messages: NoticeMessage[] = [];
  const store = (fallback: string): Pick<NoticeMessage, 'vars' | 'keys'> =>
    item.storeName ? { vars: { store: item.storeName } } : { keys: { store: fallback } };
  let blocking = false;
  const line: CartItem = { ...item };
  if (parseRappen(product.price) !== parseRappen(item.price)) {
    messages.push({ key: 'checkout.notice.priceChanged', money: { old: item.price, new: product.price } });
    line.price = product.price;
  }
  const stock = availableStock(product, item);
  if (item.orderType === 'inStore' && !product.stocks.some((s) => s.store === item.storeId)) {
    messages.push({ key: 'checkout.notice.storeGone', ...store('checkout.notice.theStore') });
    blocking = true;
  } else if (stock <= 0) {
    messages.push(
      item.orderType === 'online'
        ? { key: 'checkout.notice.outOfStock' }
        : { key: 'checkout.notice.outOfStockAt', ...store('checkout.notice.thisStore') },
    );
    blocking = true;
  } else if (item.quantity > stock) {
    messages.push({
      key: 'checkout.notice.reduced',
      vars: { stock, from: item.quantity, to: stock },
    });
    line.quantity = stock;
  }
  line.productStock = Math.max(stock, 0);
  line.stocks = product.stocks.map((s) => ({
    id: s.id,
    number: s.number,
    store: s.store,
    storeName: s.storeName,
  }));
  return { line, notice: messages.length ? { messages, blocking } : null };
}

/** Runs the re-check once when the cart opens. */
export function useCartRecheck(): { notices: Record<number, LineNotice>; checking: boolean } {
  const [notices, setNotices] = useState<Record<number, LineNotice>>({});
  const [checking, setChecking] = useState(() => useCart.getState().cartItems.length > 0);

  useEffect(() => {
    const controller = new AbortController();
    const items = useCart.getState().cartItems;
    if (!items.length) return;
    Promise.all(
      items.map(async (item) => {
        try {
          return await api<Product>(`/api/products/${item.id}`, { auth: false, signal: controller.signal });
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      }),
    )
      .then((products) => {
        const found: Record<number, LineNotice> = {};
        const store = useCart.getState();
        items.forEach((item, index) => {
          const { line, notice } = recheckLine(item, products[index]!);
          if (notice) found[item.id] = notice;
          // Only touch a line that is still in the cart and still the same line.
          const current = useCart.getState().cartItems.find((i) => i.id === item.id);
          if (line && current && current.orderType === item.orderType && current.storeId === item.storeId)
            store.addItem({
              ...line,
              quantity:
                line.productStock > 0 ? Math.min(current.quantity, line.productStock) : current.quantity,
            });
        });
        setNotices(found);
        setChecking(false);
      })
      .catch((error: unknown) => {
        // A network failure leaves the cart as it is; the server checks prices again at checkout.
        if ((error as Error).name !== 'AbortError') setChecking(false);
      });
    return () => controller.abort();
  }, []);

  return { notices, checking };
}
