import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, testProduct } from '../testing';
import { Component as HomeScreen } from './home';

const TOTAL = 1200;

const product = (id: number) => testProduct({ id, name: `Bretzeli ${id}` });

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

const renderHome = (address: string) => renderScreen('/', <HomeScreen />, address);

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
