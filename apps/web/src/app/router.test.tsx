import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { matchTable, routes, serverRoutes } from './router';

/** Addresses of every kind the app has, and some it has not. */
const ADDRESSES = [
  '/',
  '/search',
  '/product/42',
  '/product/42/',
  '/product/42/emmentaler-aop',
  '/Product/42',
  '/product/42/emmentaler/extra',
  '/seller/7',
  '/sellers',
  '/map',
  '/cart',
  '/shipping',
  '/payment',
  '/placeorder',
  '/customer-orders',
  '/customer-order/3f2a',
  '/seller-orders',
  '/seller-order/12',
  '/mystores',
  '/mystores/add-store',
  '/mystores/5/edit',
  '/mystores/5',
  '/myproducts',
  '/myproducts/add-product',
  '/myproducts/9/edit',
  '/admin',
  '/admin/orders/17',
  '/earnings',
  '/login',
  '/register',
  '/profile',
  '/confirm-email',
  '/forgot-password',
  '/reset-password',
  '/accept-invitation',
  '/nowhere',
  '/seller',
  '/product',
];

const summary = (matches: ReturnType<typeof matchTable>) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({ route, params, pathname, pathnameBase }));

describe('the route table', () => {
  it('opens the screen react-router would rank first, with the same parameters, for every address', () => {
    for (const address of ADDRESSES) {
      expect(summary(matchTable(routes, address)), address).toEqual(summary(matchRoutes(routes, address)));
    }
  });

  it('matches a server table of one page kind like react-router, the catch-all answering the rest', () => {
    const table = serverRoutes(['product/:id', 'product/:id/:slug'], null);
    for (const address of ['/product/42', '/product/42/kaese', '/seller/7', '/']) {
      expect(summary(matchTable(table, address)), address).toEqual(summary(matchRoutes(table, address)));
    }
    expect(matchTable(table, '/seller/7')?.[1]?.route.path).toBe('*');
  });
});
