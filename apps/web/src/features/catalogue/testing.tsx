/**
 * What the catalogue's unit tests share: a product as the API answers it, and a screen rendered
 * at its address with a fresh query cache. Imported by tests only.
 */
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Product } from '@marktgasse/shared';

export const PLACEHOLDER = '/media/placeholder/v1/product.svg';

/** A Confiserie Emmental biscuit, in stock online, unless `fields` say otherwise. */
export function testProduct(fields: Partial<Product> & Pick<Product, 'id'>): Product {
  return {
    brand: 'Kambly',
    name: 'Bretzeli',
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
    ...fields,
  };
}

/** `element` as the route `path` at `address`, with a fresh query cache; the user to act with. */
export function renderScreen(path: string, element: ReactElement, address: string) {
  const router = createMemoryRouter([{ path, element }], { initialEntries: [address] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}
