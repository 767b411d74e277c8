import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '@marktgasse/shared';
import { useSession } from '../../../stores/session';
import { Component as MyProducts } from './my-products';

const product = (id: number) => ({
  id,
  brand: 'Sennerei',
  name: `Product ${id}`,
  price: '12.90',
  image: '',
  thumbnail: '',
  categoryName: 'Cheese',
  subcategoryName: 'Hard cheese',
  vatRate: 'standard',
});

/** A seller's products, newest (highest id) first, answered in pages as the API does; DELETE removes one. */
function serveProducts(total: number) {
  let ids = Array.from({ length: total }, (_, i) => total - i);
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const { pathname, searchParams } = new URL(url, 'http://localhost');
    if (init?.method === 'DELETE') {
      const id = Number(pathname.split('/').at(-2));
      ids = ids.filter((other) => other !== id);
      return new Response(null, { status: 204 });
    }
    const offset = Number(searchParams.get('offset'));
    const limit = Number(searchParams.get('limit'));
    const next = offset + limit < ids.length ? offset + limit : null;
    const results = ids.slice(offset, offset + limit).map(product);
    return new Response(JSON.stringify({ results, count: ids.length, next }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const productLinks = () => screen.queryAllByRole('link', { name: /^Product \d+$/ });
/** The product calls (the page also asks once what moderation did to the shop). */
const urls = (fetchMock: ReturnType<typeof serveProducts>) =>
  fetchMock.mock.calls.map((call) => String(call[0])).filter((url) => !url.startsWith('/api/moderation/'));

function renderMyProducts() {
  const router = createMemoryRouter([{ path: '*', element: <MyProducts /> }], {
    initialEntries: ['/myproducts'],
  });
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

describe('My Products', () => {
  it('shows the newest 24 and loads the rest with Load More', async () => {
    const fetchMock = serveProducts(30);
    renderMyProducts();
    await waitFor(() => expect(productLinks()).toHaveLength(24));
    expect(screen.getByRole('link', { name: 'Product 30' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Product 6' })).toBeNull();
    expect(urls(fetchMock)).toEqual(['/api/products/myproducts/?offset=0&limit=24']);

    await userEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(productLinks()).toHaveLength(30));
    expect(urls(fetchMock)[1]).toBe('/api/products/myproducts/?offset=24&limit=24');
    expect(screen.getByRole('link', { name: 'Product 1' })).toBeTruthy();
    // A row of a later page has its Edit link; the last page is there: nothing more to load.
    const edit = screen.getByRole('link', { name: /^Edit\s?Product 1$/ });
    expect(edit.getAttribute('href')).toBe('/myproducts/1/edit');
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('deletes a product from a later page and shows the loaded pages again without it', async () => {
    const fetchMock = serveProducts(30);
    renderMyProducts();
    await userEvent.click(await screen.findByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(productLinks()).toHaveLength(30));

    const row = screen.getByRole('link', { name: 'Product 3' }).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: /^Delete/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Product Deleted Successfully!')).toBeTruthy();
    await waitFor(() => expect(productLinks()).toHaveLength(29));
    expect(screen.queryByRole('link', { name: 'Product 3' })).toBeNull();
    expect(urls(fetchMock)).toContain('/api/products/3/');
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('pages a search the same way (type=my_products)', async () => {
    const fetchMock = serveProducts(30);
    renderMyProducts();
    await waitFor(() => expect(productLinks()).toHaveLength(24));
    await userEvent.type(screen.getByRole('searchbox'), 'käse');
    await waitFor(
      () =>
        expect(urls(fetchMock)).toContain(
          '/api/search/?type=my_products&search_string=k%C3%A4se&offset=0&limit=24',
        ),
      { timeout: 2000 },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Load More' }));
    await waitFor(() =>
      expect(urls(fetchMock)).toContain(
        '/api/search/?type=my_products&search_string=k%C3%A4se&offset=24&limit=24',
      ),
    );
  });

  it('says so when the seller has no product, without a Load More', async () => {
    serveProducts(0);
    renderMyProducts();
    expect(await screen.findByText('Currently no product to show!')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });
});
