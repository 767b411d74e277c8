/**
 * What the a11y specs share: the UI's own messages (read from the web app's locale files, so a
 * test in German uses the German labels), the focused element, Tab-until, and the live region.
 */
import { expect, type Page } from '@playwright/test';
import { DEMO_CUSTOMER, DEMO_PASSWORD } from './helpers';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src');

export type Lang = 'en' | 'de';
export const LOCALE_OF: Record<Lang, string> = { en: 'en', de: 'de-CH' };

function localeFiles(dir: string, file: string, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) localeFiles(full, file, found);
    else if (entry.name === file && path.basename(dir) === 'locales') found.push(full);
  }
  return found;
}

/** The app's message for `key` in `lang`, with `{name}` placeholders filled. */
export function messages(lang: Lang) {
  const all: Record<string, string> = {};
  for (const file of localeFiles(WEB_SRC, `${lang}.json`))
    Object.assign(all, JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  return (key: string, vars: Record<string, string | number> = {}) => {
    const text = all[key];
    if (text === undefined) throw new Error(`no message ${key} in ${lang}`);
    return text.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? `{${name}}`));
  };
}

/** A message with its placeholders as wildcards, as a RegExp. */
export function pattern(text: string) {
  return new RegExp(escape(text).replace(/\\\{\w+\\\}/g, '.+'));
}

/** Opens the app in `lang` (the remembered choice, as after using the switcher). */
export async function useLanguage(page: Page, lang: Lang) {
  await page.addInitScript(
    (locale) => localStorage.setItem('locale', JSON.stringify(locale)),
    LOCALE_OF[lang],
  );
}

export interface Focused {
  tag: string;
  id: string;
  type: string;
  text: string;
  href: string;
  label: string;
}

export async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement & { labels?: NodeListOf<HTMLLabelElement> };
    return {
      tag: el.tagName.toLowerCase(),
      id: el.id,
      type: el.getAttribute('type') ?? '',
      text: (el.textContent ?? '').trim().replace(/\s+/g, ' '),
      href: el.getAttribute('href') ?? '',
      label: el.getAttribute('aria-label') ?? el.labels?.[0]?.textContent?.trim() ?? '',
    };
  });
}

/** Presses Tab until the focused element matches (its focus drawn visibly); fails after `max`. */
export async function tabTo(page: Page, what: string, matches: (f: Focused) => boolean, max = 150) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (matches(f)) {
      const visible = await page.evaluate(() => {
        const el = document.activeElement!;
        const style = getComputedStyle(el);
        const own = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
        // A radio drawn as a button shows its ring on the label beside it.
        const label = el.matches('.btn-check') ? el.nextElementSibling : null;
        const next = label ? getComputedStyle(label) : null;
        return own || (next !== null && next.outlineStyle !== 'none' && parseFloat(next.outlineWidth) >= 2);
      });
      expect(visible, `a visible focus outline on ${what}`).toBe(true);
      return;
    }
  }
  throw new Error(`${what} was not reached with Tab`);
}

export const button = (name: string | RegExp) => (f: Focused) =>
  f.tag === 'button' && (typeof name === 'string' ? f.text === name || f.label === name : name.test(f.text));
export const field = (label: string) => (f: Focused) =>
  (f.tag === 'input' || f.tag === 'select' || f.tag === 'textarea') && f.label === label;

/** After a navigation: focus on the new page's h1 and its title said in the live region. */
export async function expectPageAnnounced(page: Page, heading?: string | RegExp) {
  const h1 = page.locator('main h1');
  await expect(h1).toBeFocused();
  if (heading) await expect(h1).toHaveText(heading);
  // The new screen sets its title in an effect that may run a frame after its heading is focused,
  // so the title is read with the live region each time, not once before it is set: the region
  // must come to say the title the page ends up with (a stale title said would never match it).
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const region = document.getElementById('announcer')?.textContent ?? '';
          const title = document.title;
          return { title, region, said: title !== '' && region.includes(title) };
        }),
      { message: 'the page title said in the live region' },
    )
    .toMatchObject({ said: true });
}

/** The live region (present from the start) says `text`. */
export async function expectAnnounced(page: Page, text: string | RegExp) {
  await expect(page.locator('#announcer')).toHaveText(
    text instanceof RegExp ? text : new RegExp(escape(text)),
  );
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export const ADDRESS = {
  name: 'Anna Muster',
  address: 'Marktgasse 12',
  city: 'Bern',
  postalCode: '3011',
  country: 'Schweiz',
};

export interface Product {
  id: number;
  name: string;
  brand: string;
  image: string | null;
  price: string;
  seller: number;
  username: string;
  countInStock: number;
  stocks: { id: number; number: number; store: number; storeName: string }[];
}
interface SellerOrder {
  id: number;
  pickupCode: string | null;
  inStoreOrderItems: { id: number }[];
}
interface Order {
  id: number;
  sellerOrder: SellerOrder[];
}

const rappen = (price: string) => Math.round(Number(price) * 100);

export async function products(page: Page) {
  const res = await page.request.get('/api/products/?limit=100');
  return ((await res.json()) as { results: Product[] }).results;
}

/**
 * A product with stock in a store (under CHF 50) whose seller sells a second one online, and
 * that second product; undefined where the list has none. Other specs create sellers with a
 * single product in a store, which come first in the list.
 */
export function storeAndOnline(all: Product[]): { inStore?: Product; online?: Product } {
  const cheap = (p: Product) => rappen(p.price) < 5_000;
  const onlineBeside = (p: Product) =>
    all.find((q) => q.seller === p.seller && q.id !== p.id && q.countInStock > 1 && cheap(q));
  const inStore = all.find((p) => p.stocks.some((s) => s.number > 1) && cheap(p) && onlineBeside(p));
  return { inStore, online: inStore && onlineBeside(inStore) };
}

/** A paid order of one seller with an online and a pick-up line, placed by the demo customer. */
export async function paidOrderToFulfil(page: Page) {
  const all = await products(page);
  const pair = storeAndOnline(all);
  expect(pair.inStore && pair.online, 'two products of one seller').toBeTruthy();
  const inStore = pair.inStore!;
  const online = pair.online!;
  const store = inStore.stocks.find((s) => s.number > 1)!;
  const line = (p: Product, s?: typeof store) => ({
    id: p.id,
    brand: p.brand,
    name: p.name,
    image: p.image,
    price: p.price,
    stocks: p.stocks,
    quantity: 1,
    seller: p.username,
    sellerId: p.seller,
    orderType: s ? 'inStore' : 'online',
    productStock: s ? s.number : p.countInStock,
    stockId: s ? s.id : null,
    storeName: s ? s.storeName : null,
    storeId: s ? s.store : null,
  });
  const login = await page.request.post('/api/users/login/', {
    data: { username: DEMO_CUSTOMER, password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await login.json()).access}` };
  const items = rappen(online.price) + rappen(inStore.price);
  const res = await page.request.post('/api/orders/add/', {
    headers,
    data: {
      orderItems: [line(online), line(inStore, store)],
      paymentMethod: 'PayPal',
      totalPrice: (items / 100).toFixed(2),
      totalShippingPrice: items < 10_000 ? '20.00' : '0.00',
      shippingAddress: ADDRESS,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const order = (await res.json()) as Order;
  expect((await page.request.put(`/api/orders/${order.id}/pay/`, { headers })).ok()).toBe(true);
  const full = (await (await page.request.get(`/api/orders/${order.id}/`, { headers })).json()) as Order;
  return {
    order: full,
    sellerOrder: full.sellerOrder[0]!,
    seller: inStore.username,
    pickupName: inStore.name,
  };
}
