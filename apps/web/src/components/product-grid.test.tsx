import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ProductGrid } from './product-grid';
import type { ProductCardData } from './product-card';

const product = (id: number): ProductCardData => ({
  id,
  brand: 'Brand',
  name: `Product ${id}`,
  price: '10.00',
  description: '',
  image: '/media/placeholder/v1/product.svg',
  thumbnail: '/media/placeholder/v1/product.svg',
  seller_id: 1,
  username: 'seller',
});

describe('ProductGrid', () => {
  it('shows the first rows at once and every card soon after, in order', async () => {
    render(
      <MemoryRouter>
        <ProductGrid products={Array.from({ length: 14 }, (_, i) => product(i + 1))} columns={3} />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('product-card')).toHaveLength(6);
    expect(await screen.findByText('Product 14')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      Array.from({ length: 14 }, (_, i) => `Product ${i + 1}`),
    );
  });
});

describe('ProductCard availability', () => {
  const stock = (store: number, number: number, city: string) => ({
    id: store,
    number,
    store,
    storeName: `Store ${store}`,
    city,
  });
  const card = (stocks: ReturnType<typeof stock>[]) => {
    render(
      <MemoryRouter>
        <ProductGrid products={[{ ...product(1), stocks }]} />
      </MemoryRouter>,
    );
    return screen.getByTestId('availability').textContent;
  };

  it('says out of stock when no store has units', () => {
    expect(card([stock(1, 0, 'Bern')])).toBe('Out of stock');
  });
  it('names the city when the units are in one city', () => {
    expect(card([stock(1, 2, 'Bern'), stock(2, 0, 'Zürich')])).toBe('In stock · Pick up in Bern');
  });
  it('counts the stores when they are in several cities', () => {
    expect(card([stock(1, 2, 'Bern'), stock(2, 5, 'Zürich')])).toBe('In stock · Pick up in 2 stores');
  });
});
