/**
 * Sorted and filtered product lists outside /api/search/ (docs/decisions/181): the product
 * list, a category's products and a seller's products take the search's `sort`, `min_price`,
 * `max_price`, `in_stock` and `pickup_city`, and answer through the one product search
 * (SearchService.productIds), rendered by the catalogue's loader. The catalogue calls these
 * only when such a parameter was sent; without one its lists are as the spec has them.
 */
import {
  type Paged,
  productFiltersOf,
  type PagedProducts,
  type Product,
  type ProductListOptionsQuery,
  type SearchSort,
  type SellerProductsQuery,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { pageOf } from '../../lib/list-answer.ts';
import { CatalogueService, loadProducts } from '../catalogue/service.ts';
import { SearchRepo, type ProductScope } from './repo.ts';
import { SearchService } from './service.ts';

/** A list without search words has no relevance: it is newest first, as `relevance` is without text. */
const sortOf = (sort: SearchSort | undefined): SearchSort => sort ?? 'newest';

/** One page of GET /api/products/ with sort and filters; `next` is the next offset or null. */
export async function productListPage(ctx: AppContext, q: ProductListOptionsQuery): Promise<PagedProducts> {
  const tree = await new CatalogueService(ctx).categories();
  const scope: ProductScope = {};
  if (q.category) scope.categoryIds = tree.filter((c) => c.name === q.category).map((c) => c.id);
  if (q.subcategory)
    scope.subcategoryIds = tree.flatMap((c) =>
      c.subcategory.filter((s) => s.name === q.subcategory).map((s) => s.id),
    );
  if (scope.categoryIds?.length === 0 || scope.subcategoryIds?.length === 0)
    return { results: [], next: null, count: 0 };
  const page = await new SearchService(ctx).productIds({
    scope,
    filters: productFiltersOf(q),
    sort: sortOf(q.sort),
    offset: q.offset,
    limit: q.limit,
  });
  return pageOf(await loadProducts(ctx, page.ids), page.count, q);
}

/** GET /api/products/user/{id} with sort and filters: one page of the seller's matching products (404 for no live seller). */
export async function sellerProductList(
  ctx: AppContext,
  sellerId: number,
  q: SellerProductsQuery,
  offset: number,
  limit: number,
): Promise<Paged<Product>> {
  if (!(await new SearchRepo(ctx.database.readDb).liveUser(sellerId)))
    throw notFound(`User ${sellerId} does not exist.`);
  // A store's button on the seller's page: the products with units there (decision 314). Another
  // seller's store has none of this seller's products: an empty page, as for no match.
  const inStore = q.store_id === undefined ? {} : { storeId: q.store_id, inStoreStockOnly: true };
  const page = await new SearchService(ctx).productIds({
    scope: { sellerId, ...inStore },
    filters: productFiltersOf(q),
    sort: sortOf(q.sort),
    offset,
    limit,
  });
  return pageOf(await loadProducts(ctx, page.ids), page.count, { offset, limit });
}
