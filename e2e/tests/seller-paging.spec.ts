import { expect, test } from '@playwright/test';
import { uniqueName } from '../support/helpers';

/**
 * A seller page never loads a seller's whole catalogue at once: 24 products, then Load More
 * appends the next 24 until there are no more (GET /api/products/user/{id}?offset=&limit=24).
 */
test('a seller with 30 products shows 24, and Load More appends the other 6', async ({ page, request }) => {
  const username = uniqueName('bulkseller');
  const reg = await request.post('/api/users/registration/', {
    data: { username, email: `${username}@example.ch`, password: 'secret-pass-1', status: 'STORE_OWNER' },
  });
  expect(reg.status()).toBe(201);
  const { id, access } = (await reg.json()) as { id: number; access: string };
  const tree = (await (await request.get('/api/products/categories/')).json()) as {
    id: number;
    subcategory: { id: number }[];
  }[];
  for (let i = 1; i <= 30; i += 1) {
    const res = await request.post('/api/products/new/', {
      headers: { authorization: `Bearer ${access}` },
      data: {
        brand: 'Paging',
        name: `Paged product ${String(i).padStart(2, '0')}`,
        price: '9.90',
        category: tree[0]!.id,
        subcategory: tree[0]!.subcategory[0]!.id,
      },
    });
    expect(res.status()).toBe(201);
  }

  const pages: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes(`/api/products/user/${id}`)) pages.push(new URL(r.url()).search);
  });
  await page.goto(`/#/seller/${id}`);
  const cards = page.getByTestId('product-grid').getByTestId('product-card');
  await expect(cards).toHaveCount(24);
  // Newest first: the last one created leads.
  await expect(cards.first()).toContainText('Paged product 30');
  await expect(page.getByRole('heading', { name: /Products/ })).toContainText('30');
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(cards).toHaveCount(30);
  await expect(cards.last()).toContainText('Paged product 01');
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
  expect(pages).toEqual(['?offset=0&limit=24', '?offset=24&limit=24']);
});
