/** What the catalogue's route files share: error answers, the bearer scheme, the tag, the sorted lists. */
import {
  errorBodySchema,
  type Paged,
  type PagedProducts,
  type Product,
  type ProductListOptionsQuery,
  type SellerProductsQuery,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';

export const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
export const bearer = [{ bearer: [] }];
export const tags = ['catalogue'];

/**
 * The sorted and filtered product lists (docs/decisions/181), answered by the search module;
 * app.ts hands them in, so the catalogue imports nothing of search (search builds on catalogue).
 */
export interface SortedProductLists {
  productListPage(ctx: AppContext, q: ProductListOptionsQuery): Promise<PagedProducts>;
  sellerProductList(
    ctx: AppContext,
    sellerId: number,
    q: SellerProductsQuery,
    offset: number,
    limit: number,
  ): Promise<Paged<Product>>;
}
