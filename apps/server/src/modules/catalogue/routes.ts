/**
 * The catalogue's HTTP edge, one file per resource: products (the public list and one product),
 * a seller's products, product edits, reviews, categories and the home page's newest lists.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { CatalogueService } from './service.ts';
import type { SortedProductLists } from './route-parts.ts';
import { categoryRoutes } from './category-routes.ts';
import { homeRoutes } from './home-routes.ts';
import { productRoutes } from './product-routes.ts';
import { sellerProductRoutes } from './seller-product-routes.ts';
import { productEditRoutes } from './product-edit-routes.ts';
import { reviewRoutes } from './review-routes.ts';

export async function catalogueRoutes(
  root: FastifyInstance,
  ctx: AppContext,
  lists: SortedProductLists,
): Promise<void> {
  const service = new CatalogueService(ctx);
  categoryRoutes(root, ctx, service);
  productRoutes(root, ctx, service, lists);
  homeRoutes(root, ctx, service);
  sellerProductRoutes(root, ctx, service, lists);
  productEditRoutes(root, service);
  reviewRoutes(root, ctx, service);
}
