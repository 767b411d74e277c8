/** Periodic work of the orders module: expiring unpaid orders and delivering queued e-mails. */
import { registerJob } from '../../jobs.ts';
import type { AppContext } from '../../context.ts';
import { deliverOutbox, purgeOldMail } from './mail.ts';
import { OrdersService } from './service.ts';

const services = new WeakMap<AppContext, OrdersService>();

/** One service per app, shared by the routes and the jobs (it holds the per-order pay queue). */
export function ordersServiceFor(ctx: AppContext): OrdersService {
  let service = services.get(ctx);
  if (!service) {
    service = new OrdersService(ctx);
    services.set(ctx, service);
  }
  return service;
}

registerJob({
  name: 'orders.expire-unpaid',
  intervalMs: 30_000,
  run: (ctx) => ordersServiceFor(ctx).sweepExpired(),
});

registerJob({
  name: 'orders.deliver-outbox',
  intervalMs: 15_000,
  run: (ctx, log) => deliverOutbox(ctx, log),
});

registerJob({
  name: 'orders.purge-sent-mail',
  intervalMs: 3_600_000,
  run: (ctx) => purgeOldMail(ctx),
});
