import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@marktgasse/shared';
import { Component as HomeScreen } from './home';

const PLACEHOLDER = '/media/placeholder/v1/product.svg';
const TOTAL = 1200;

const product = (id: number): Product => ({
  id,
  brand: 'Kambly',
  name: `Bretzeli ${id}`,
  price: '4.90',
  description: '',
  image: PLACEHOLDER,
  thumbnail: PLACEHOLDER,
  category: 1,
  categoryName: 'Lebensmittel',
  subcategory: 2,
  subcategoryName: 'Gebäck',
  vatRate: 'standard',
  seller: 9,
  sellerDetails: { id: 9, name: 'Confiserie Emmental', image: '/media/placeholder/v1/profile.svg' },
  seller_id: 9,
  username: 'confiserie',
  rating: 0,
  numReviews: 0,
  countInStock: 3,
  stocks: [],
  createdAt: '2026-01-01T00:00:00Z',
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.title = '';
});

/** The product list as the server pages it: 12 from `offset` of TOTAL; everything else empty. */
function serveList(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const address = new URL(url, 'http://localhost');
      if (address.pathname !== '/api/products/') return new Response('[]', { status: 200 });
      const offset = Number(address.searchParams.get('offset'));
      const results = Array.from({ length: 12 }, (_, i) => product(offset + i + 1));
      return new Response(JSON.stringify({ results, count: TOTAL, next: offset + 12 }), { status: 200 });
    }),
  );
}

function renderHome(address: string) {
  const router = createMemoryRouter([{ path: '/', element: <HomeScreen /> }], { initialEntries: [address] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('a later page of the list (a Load More link’s address)', () => {
  it('counts from where it starts, also after Load More, and keeps its page in the title', async () => {
    serveList();
    const user = renderHome('/?offset=12');
    await screen.findByText('Showing 13–24 of 1’200 products');
    await waitFor(() => expect(document.title).toBe('Marktgasse — the Swiss marketplace · Page 2'));

    await user.click(screen.getByRole('button', { name: 'Load More' }));
    await screen.findByText('Showing 13–36 of 1’200 products');
    expect(document.title).toBe('Marktgasse — the Swiss marketplace · Page 2');
  });

  it('leaves the first page as it was', async () => {
    serveList();
    renderHome('/');
    await screen.findByText('Showing 12 of 1’200 products');
    await waitFor(() => expect(document.title).toBe('Marktgasse — the Swiss marketplace'));
  });
});
