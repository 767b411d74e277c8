/**
 * The orders module's services, wired once per app (decision 263): placement and holds,
 * payment (through the payments module's gateway), fulfilment and cancellation. One set per
 * app because the pay and cancel paths share a per-order queue; the routes and the jobs use
 * the same set.
 */
import type { AppContext } from '../../context.ts';
import { AuditService } from '../audit/service.ts';
import { commissionDefaults, LedgerService } from '../ledger/service.ts';
import { PaymentGateway } from '../payments/gateway.ts';
import { StoresService } from '../stores/service.ts';
import { CancelEffects } from './cancellation/effects.ts';
import { CancellationService } from './cancellation/service.ts';
import { StaffRefundService } from './cancellation/staff-refund.ts';
import { FulfilmentService } from './fulfilment/service.ts';
import { CaptureService } from './payment/capture.ts';
import { Reconciler } from './payment/reconcile.ts';
import { RefundService } from './payment/refunds.ts';
import { OrderPaymentService } from './payment/service.ts';
import { HoldService } from './placement/holds.ts';
import { PlacementService } from './placement/service.ts';
import { OrderReads } from './reads.ts';
import { OrderQueue } from './retry.ts';

export interface OrderServices {
  reads: OrderReads;
  placement: PlacementService;
  holds: HoldService;
  payment: OrderPaymentService;
  capture: CaptureService;
  reconciler: Reconciler;
  fulfilment: FulfilmentService;
  cancellation: CancellationService;
  staffRefunds: StaffRefundService;
  /** The payments module's one door: providers, TWINT, bank refunds. */
  gateway: PaymentGateway;
}

/** A new set, as a second server process would have (tests use one to race the app's). */
export function createOrderServices(ctx: AppContext): OrderServices {
  const db = ctx.database.db;
  const gateway = new PaymentGateway(ctx.config, db);
  // Every money event posts in the transaction of its state change (decisions 228, 243).
  const ledger = new LedgerService(db, commissionDefaults(ctx.config));
  const stores = new StoresService(ctx);
  const queue = new OrderQueue();
  const reads = new OrderReads(ctx);
  const effects = new CancelEffects(ctx, stores);
  const refunds = new RefundService(ctx, gateway, ledger, effects);
  const capture = new CaptureService(ctx, ledger, refunds, effects);
  const holds = new HoldService(ctx, stores, reads);
  return {
    reads,
    holds,
    gateway,
    capture,
    placement: new PlacementService(ctx, ledger),
    payment: new OrderPaymentService(ctx, { queue, gateway, capture, holds, reads }),
    reconciler: new Reconciler(db, gateway, capture, refunds),
    fulfilment: new FulfilmentService(ctx, ledger, reads),
    cancellation: new CancellationService(ctx, { queue, gateway, refunds, effects, reads }),
    staffRefunds: new StaffRefundService(db, queue, refunds, new AuditService(ctx)),
  };
}

const services = new WeakMap<AppContext, OrderServices>();

/** The app's one set, shared by the routes and the jobs (it holds the per-order pay queue). */
export function orderServicesFor(ctx: AppContext): OrderServices {
  let found = services.get(ctx);
  if (!found) {
    found = createOrderServices(ctx);
    services.set(ctx, found);
  }
  return found;
}
