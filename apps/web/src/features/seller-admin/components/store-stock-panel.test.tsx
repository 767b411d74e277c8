import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse, Store } from '@marktgasse/shared';
import { useSession } from '../../../stores/session';
import { StoreStockPanel } from './store-stock-panel';

const TOTAL = 30;
const store = { id: 7, name: 'Laden Bern' } as Store;
const product = (id: number) => ({ id, brand: 'Sennerei', name: `Product ${id}`, price: '12.90' });

/** The seller's products in pages, the store's stock rows (product 1 only) and the in-store search. */
function serve() {
  const fetchMock = vi.fn(async (url: string) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    if (pathname === `/api/stocks/store/${store.id}`)
      return json([{ id: 501, number: 4, store: store.id, product: product(1) }]);
    if (pathname === '/api/search/')
      return json([{ id: 501, number: 4, store: store.id, product: product(1) }]);
    const offset = Number(searchParams.get('offset'));
    const limit = Number(searchParams.get('limit'));
    const ids = Array.from({ length: TOTAL }, (_, i) => TOTAL - i);
    const next = offset + limit < TOTAL ? offset + limit : null;
    return json({ results: ids.slice(offset, offset + limit).map(product), count: TOTAL, next });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const productLinks = () => screen.queryAllByRole('link', { name: /^Product \d+$/ });

function renderPanel() {
  const router = createMemoryRouter([{ path: '*', element: <StoreStockPanel store={store} /> }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useSession.setState({ userInfo: { access: 'token', status: 'STORE_OWNER' } as LoginResponse, user: null });
});
afterEach(() => vi.unstubAllGlobals());

describe('the stock panel of a store on My Stores', () => {
  it('lists the seller’s products a page at a time, each with the store’s stock', async () => {
    serve();
    renderPanel();
    await waitFor(() => expect(productLinks()).toHaveLength(24));
    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(productLinks()).toHaveLength(TOTAL));
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
    // Product 1 (on the second page) has the store's row: 4 in stock.
    expect(screen.getByRole('link', { name: 'Product 1' }).closest('tr')!.textContent).toContain('4');
  });

  it('lists a search’s own matches, also those not loaded yet', async () => {
    const fetchMock = serve();
    renderPanel();
    await waitFor(() => expect(productLinks()).toHaveLength(24));
    await userEvent.type(screen.getByLabelText(`Search products in ${store.name}`), 'Product 1');
    await waitFor(() => expect(productLinks().map((link) => link.textContent)).toEqual(['Product 1']), {
      timeout: 2000,
    });
    expect(fetchMock.mock.calls.map((call) => String(call[0]))).toContain(
      `/api/search/?type=products_in_my_store&store_id=${store.id}&search_string=Product+1`,
    );
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });
});
