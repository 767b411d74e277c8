/** The orders module's HTTP routes, one file per resource (decision 263). */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { customerOrderRoutes } from './customer-routes.ts';
import { payRoutes } from './pay-routes.ts';
import { routeKit } from './route-kit.ts';
import { sellerOrderRoutes } from './seller-routes.ts';
import { orderServicesFor } from './services.ts';

export async function ordersRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const kit = routeKit(root, ctx, orderServicesFor(ctx));
  customerOrderRoutes(kit);
  payRoutes(kit);
  sellerOrderRoutes(kit);
}
