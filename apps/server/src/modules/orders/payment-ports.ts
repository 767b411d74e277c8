/**
 * The orders side of the payments module's ports (decision 233): invoice orders found by their
 * QR reference and paid through the orders service's capture path, and the QR-bill's order.
 * app.ts gives these to `paymentsRoutes`, server.ts to `paymentsJobs` (decision 247).
 */
import { orderIdFromQrReference } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import type { InvoiceOrders, InvoiceOrderStatus } from '../payments/bank-matching.ts';
import type { InvoiceBills } from '../payments/qr-bill-routes.ts';
import type { TwintOrders } from '../payments/twint-signals.ts';
import type { BillLanguage } from '../payments/qr-bill.ts';
import * as repo from './repo.ts';
import type { CaptureService } from './payment/capture.ts';
import * as payRepo from './payment/repo.ts';
import { effectiveStatus } from './views.ts';

function invoiceStatus(order: repo.OrderRow): InvoiceOrderStatus {
  const status = effectiveStatus(order);
  if (status === 'pending') return 'unpaid';
  if (status === 'expired' || status === 'cancelled' || status === 'refunded') {
    return status === 'refunded' ? 'cancelled' : status;
  }
  return 'paid';
}

const BILL_LANGUAGES: readonly BillLanguage[] = ['de', 'fr', 'it'];

export function invoiceOrders(ctx: AppContext, capture: CaptureService): InvoiceOrders {
  const db = ctx.database.db;
  return {
    async findByQrReference(qrReference) {
      const id = orderIdFromQrReference(qrReference);
      const order = id === null ? undefined : await repo.findOrder(db, id);
      if (!order || order.paymentMethod !== 'Invoice') return null;
      return {
        orderId: order.id,
        totalRappen: order.itemsRappen + order.shippingRappen,
        status: invoiceStatus(order),
      };
    },
    markPaid: (orderId, payment) => capture.recordBankPayment(orderId, payment),
  };
}

export function invoiceBills(ctx: AppContext): InvoiceBills {
  const db = ctx.database.db;
  return {
    async findForCustomer(orderId, customerId) {
      const order = await repo.findOrder(db, orderId);
      if (!order || order.customerId !== customerId || order.paymentMethod !== 'Invoice') return null;
      const customer = (await repo.findUsers(db, [customerId])).get(customerId);
      const a = order.shippingAddress;
      const language = BILL_LANGUAGES.find((l) => l === order.locale) ?? 'en';
      return {
        id: order.id,
        totalRappen: order.itemsRappen + order.shippingRappen,
        language,
        customerName: a?.name || customer?.name || customer?.username || '',
        address: a
          ? { address: a.address, city: a.city, postalCode: a.postalCode, country: a.country }
          : null,
      };
    },
  };
}

export function twintOrders(ctx: AppContext, capture: CaptureService): TwintOrders {
  const db = ctx.database.db;
  return {
    async findByTransaction(transactionId) {
      const order = await payRepo.findOrderByProviderOrderId(db, transactionId);
      if (!order || order.paymentMethod !== 'TWINT') return null;
      const status = invoiceStatus(order);
      const payment = status === 'paid' ? await repo.findPayment(db, order.id) : undefined;
      return {
        id: order.id,
        totalRappen: order.itemsRappen + order.shippingRappen,
        state: status === 'unpaid' ? 'unpaid' : status === 'paid' ? 'paid' : 'closed',
        paidWith: payment?.providerReference ?? null,
      };
    },
    markPaid: (orderId, payment) => capture.recordWalletPayment(orderId, payment),
    pendingTransactions: () => payRepo.pendingTwintTransactions(db),
  };
}

/** All three ports from the orders' capture service: app.ts and server.ts's jobs use the same. */
export function orderPaymentPorts(ctx: AppContext, capture: CaptureService) {
  return {
    invoiceOrders: invoiceOrders(ctx, capture),
    twintOrders: twintOrders(ctx, capture),
    invoiceBills: invoiceBills(ctx),
  };
}
