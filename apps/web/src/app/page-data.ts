/**
 * Puts a server-rendered page's data (PageData, loaded by the server through its services) where
 * the screen's queries look for it, so the server's render and the browser's hydration find the
 * same data under the same keys (docs/decisions/210).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { PagedProducts, PageData } from '@marktgasse/shared';
import { categoriesQueryOptions } from '../features/catalogue/api/categories';
import {
  latestProductsQueryOptions,
  latestReviewsQueryOptions,
  latestSellersQueryOptions,
} from '../features/catalogue/api/latest';
import { productQueryOptions } from '../features/catalogue/api/product';
import { productsQueryOptions } from '../features/catalogue/api/products';
import { reviewsQueryOptions } from '../features/catalogue/api/reviews';
import { productSearchQueryKey } from '../features/catalogue/api/search';
import { sellersQueryOptions } from '../features/catalogue/api/sellers';

/** An infinite list's first page (at `offset`), as the list's query holds it. */
const firstPage = (page: PagedProducts, offset = 0) => ({ pages: [page], pageParams: [offset] });

export function seedPageData(client: QueryClient, page: PageData): void {
  switch (page.kind) {
    case 'product':
      client.setQueryData(productQueryOptions(page.product.id).queryKey, page.product);
      client.setQueryData(reviewsQueryOptions(page.product.id).queryKey, page.reviews);
      return;
    case 'home': {
      const filter = { category: page.category, subcategory: page.subcategory };
      client.setQueryData(categoriesQueryOptions().queryKey, page.categories);
      if (page.latest) client.setQueryData(latestProductsQueryOptions().queryKey, page.latest);
      if (page.reviews) client.setQueryData(latestReviewsQueryOptions().queryKey, page.reviews);
      if (page.sellers) client.setQueryData(latestSellersQueryOptions().queryKey, page.sellers);
      client.setQueryData(
        productsQueryOptions(filter, page.offset).queryKey,
        firstPage(page.products, page.offset),
      );
      return;
    }
    case 'search':
      client.setQueryData(categoriesQueryOptions().queryKey, page.categories);
      client.setQueryData(
        productSearchQueryKey(page.term, page.options, page.offset),
        firstPage(page.results, page.offset),
      );
      return;
    case 'seller': {
      const id = page.profile.id;
      // The keys of useProfile, useSellerStores and useSellerProducts (without list options).
      client.setQueryData(['profiles', 'detail', id], page.profile);
      client.setQueryData(['stores', 'user', id, 'summaries'], page.stores);
      client.setQueryData(['products', 'user', id, {}], firstPage(page.products));
      return;
    }
    case 'sellers':
      client.setQueryData(categoriesQueryOptions().queryKey, page.categories);
      client.setQueryData(sellersQueryOptions().queryKey, page.sellers);
      return;
  }
}
