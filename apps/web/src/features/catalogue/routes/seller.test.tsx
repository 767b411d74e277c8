import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product, Profile, StoreSummary } from '@marktgasse/shared';
import { PLACEHOLDER, renderScreen, testProduct } from '../testing';
import { Component as SellerScreen } from './seller';

const SELLER = 9;

const profile: Profile = {
  id: 3,
  user: SELLER,
  username: 'confiserie',
  name: 'Confiserie Emmental',
  displayName: 'Confiserie Emmental',
  status: 'STORE_OWNER',
  image: '/media/placeholder/v1/profile.svg',
  thumbnail: '/media/placeholder/v1/profile.svg',
  category: [],
  categoryDetails: [],
  industry: '',
  headquarter: '',
  description: '',
};

const store = (id: number, name: string): StoreSummary => ({
  id,
  owner: SELLER,
  name,
  address: 'Dorfstrasse 1',
  country: 'Schweiz',
  city: name,
  latitude: 46.9,
  longitude: 7.6,
  description: '',
  phone: '',
  image: PLACEHOLDER,
  thumbnail: PLACEHOLDER,
  category: [],
  categoryDetails: [],
  owner_name: 'confiserie',
  owner_id: SELLER,
  profile_image: '/media/placeholder/v1/profile.svg',
});

const product = (id: number, name: string, stocks: Product['stocks']): Product =>
  testProduct({ id, name, stocks, countInStock: stocks.reduce((sum, s) => sum + s.number, 0) });

const products = [
  product(1, 'Bretzeli', [{ id: 1, number: 3, store: 11, storeName: 'Langnau', city: 'Langnau' }]),
  product(2, 'Meringues', [
    { id: 2, number: 0, store: 11, storeName: 'Langnau', city: 'Langnau' },
    { id: 3, number: 5, store: 12, storeName: 'Burgdorf', city: 'Burgdorf' },
  ]),
];

afterEach(() => vi.unstubAllGlobals());

/**
 * The server as the seller's screen asks it: the profile, two stores, and the seller's products
 * from `productsOf(store_id)`. Each address asked is pushed to `asked`.
 */
function serveSeller(productsOf: (storeId: string | null) => unknown, asked: string[] = []): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const address = new URL(url, 'http://localhost');
      const path = address.pathname;
      asked.push(path + address.search);
      const body =
        path === `/api/profiles/${SELLER}/`
          ? profile
          : path === `/api/stores/user/${SELLER}/summaries/`
            ? [store(11, 'Langnau'), store(12, 'Burgdorf')]
            : path === `/api/products/user/${SELLER}`
              ? await productsOf(address.searchParams.get('store_id'))
              : null;
      return new Response(JSON.stringify(body), { status: body ? 200 : 404 });
    }),
  );
}

/** The seller's screen at its address, with a fresh query cache. */
const renderSellerScreen = () => renderScreen('/seller/:id', <SellerScreen />, `/seller/${SELLER}`);

describe('a seller’s screen', () => {
  it('lists the stores from their summaries; a store’s button asks the server for the products with units there (decisions 311, 314)', async () => {
    const asked: string[] = [];
    /** The seller's products as the server pages them: with `store_id`, those with units there (a longer list). */
    const sellerPage = (storeId: string | null) => {
      if (storeId === null) return { results: products, count: products.length, next: null };
      const there = products.filter((p) => p.stocks.some((s) => s.store === Number(storeId) && s.number > 0));
      return { results: there, count: there.length + 40, next: 24 };
    };
    serveSeller(sellerPage, asked);
    const user = renderSellerScreen();
    const stores = await screen.findByRole('group', { name: 'Filter by store' });
    await within(stores).findByRole('button', { name: 'Burgdorf' });
    await screen.findByText('Bretzeli');
    expect(screen.getByText('Meringues')).toBeTruthy();

    // Langnau has Bretzeli (3) and no Meringues (0); Burgdorf the other way round.
    await user.click(within(stores).getByRole('button', { name: 'Langnau' }));
    await waitFor(() => expect(screen.queryByText('Meringues')).toBeNull());
    expect(screen.getByText('Bretzeli')).toBeTruthy();
    // The count is the server's for the store, not of the products loaded so far.
    await screen.findByText('· 41');
    await user.click(within(stores).getByRole('button', { name: 'Burgdorf' }));
    await screen.findByText('Meringues');
    expect(screen.queryByText('Bretzeli')).toBeNull();
    expect(
      asked.some((a) => a.startsWith(`/api/products/user/${SELLER}?`) && a.includes('store_id=12')),
    ).toBe(true);

    // The stores' stock rows were never asked for.
    expect(
      asked.some((a) => a.startsWith(`/api/stores/user/${SELLER}?`) || a === `/api/stores/user/${SELLER}`),
    ).toBe(false);
  });

  it('while another store’s list loads, shows it loading, never the last store’s products under its name', async () => {
    let release: () => void = () => undefined;
    const burgdorfAsked = new Promise<void>((resolve) => (release = resolve));
    serveSeller(async (storeId) => {
      // Burgdorf's list is held back until the test lets it go.
      if (storeId === '12') await burgdorfAsked;
      const there = (id: number) =>
        products.filter((p) => p.stocks.some((s) => s.store === id && s.number > 0));
      return { results: storeId ? there(Number(storeId)) : products, count: 2, next: null };
    });
    const user = renderSellerScreen();
    const stores = await screen.findByRole('group', { name: 'Filter by store' });
    await user.click(await within(stores).findByRole('button', { name: 'Langnau' }));
    await screen.findByText('Bretzeli');
    await waitFor(() => expect(screen.queryByText('Meringues')).toBeNull());

    await user.click(within(stores).getByRole('button', { name: 'Burgdorf' }));
    await screen.findByText('Loading products…');
    expect(screen.queryByText('Bretzeli')).toBeNull();
    release();
    await screen.findByText('Meringues');
    expect(screen.queryByText('Bretzeli')).toBeNull();
  });
});
