/**
 * The customer's receipt and credit notes (decision 235). The order is read through the orders
 * service (the customer's own order, others 404); the VAT of each line is its rate frozen at
 * placement (`ledger_line_terms`), else the product's VAT category (orders placed before the
 * ledger was wired). Shipping takes the highest rate among its part's lines (decision 225).
 */
import {
  parseRappen,
  rappenToDecimal,
  refundVat,
  VAT_RATE_BP,
  vatByRate,
  vatRatePercent,
  type CreditNote,
  type Order,
  type Receipt,
  type VatByRate,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { orderServicesFor } from '../orders/services.ts';
import { ReceiptsRepo } from './repo.ts';

export interface ReceiptLine {
  name: string;
  quantity: number;
  unitRappen: number;
  vatRateBp: number;
  kind: 'item' | 'shipping';
  /** The seller part it belongs to (refunds of a part are split over its rates). */
  sellerOrderId: number;
}

export interface ReceiptData {
  number: string;
  orderId: number;
  paidAt: Date;
  buyer: { name: string; address: string };
  lines: ReceiptLine[];
  vat: VatByRate[];
  totalRappen: number;
  /** The order's language (de, fr, it) or null for English. */
  locale: string | null;
}

const rappen = (decimal: string) => parseRappen(decimal) ?? 0;
const zurichDay = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: 'Europe/Zurich' });
const vatAnswer = (v: VatByRate) => ({
  rate: vatRatePercent(v.rateBp),
  net: rappenToDecimal(v.grossRappen - v.vatRappen),
  amount: rappenToDecimal(v.vatRappen),
});
const gross = (l: ReceiptLine) => ({ grossRappen: l.unitRappen * l.quantity, vatRateBp: l.vatRateBp });

export const receiptNumber = (orderId: number) => `R-${String(orderId).padStart(6, '0')}`;
const creditNoteNumber = (orderId: number, refundId: number) =>
  `C-${String(orderId).padStart(6, '0')}-${refundId}`;

export class ReceiptsService {
  constructor(private readonly ctx: AppContext) {}

  /** The paid order's receipt data; 404 for someone else's order, 409 while it is unpaid. */
  async receipt(caller: Caller, orderId: number): Promise<ReceiptData> {
    const order = await orderServicesFor(this.ctx).reads.orderFor(caller, orderId);
    if (!order.paidAt)
      throw conflict(`Order ${orderId} is not paid yet: its receipt is issued once it is paid.`);
    const db = this.ctx.database.db;
    const lines = await this.linesOf(order);
    return {
      number: receiptNumber(order.id),
      orderId: order.id,
      paidAt: new Date(order.paidAt),
      buyer: buyerOf(order),
      lines,
      vat: vatByRate(lines.map(gross)),
      totalRappen: rappen(order.totalAmount),
      locale: await new ReceiptsRepo(db).orderLocale(order.id),
    };
  }

  private async linesOf(order: Order): Promise<ReceiptLine[]> {
    const db = this.ctx.database.db;
    const parts = order.sellerOrder;
    const frozen = await new ReceiptsRepo(db).frozenRates(parts.map((p) => p.id));
    const items = parts.flatMap((p) => [...p.onlineOrderItems, ...p.inStoreOrderItems]);
    const current = await new ReceiptsRepo(db).productVatRates([...new Set(items.map((i) => i.product))]);
    const frozenOf = (soId: number, itemId: number | null) =>
      frozen.find((f) => f.sellerOrderId === soId && f.orderItemId === itemId)?.vatRateBp;
    const lines: ReceiptLine[] = [];
    for (const part of parts) {
      const partLines = [...part.onlineOrderItems, ...part.inStoreOrderItems].map((item) => ({
        name: item.name,
        quantity: item.quantity,
        unitRappen: rappen(item.price),
        vatRateBp: frozenOf(part.id, item.id) ?? VAT_RATE_BP[current.get(item.product) ?? 'standard'],
        kind: 'item' as const,
        sellerOrderId: part.id,
      }));
      lines.push(...partLines);
      const shipping = rappen(part.shippingPrice);
      if (shipping > 0) {
        const highest = Math.max(0, ...partLines.map((l) => l.vatRateBp));
        lines.push({
          name: part.seller.name,
          quantity: 1,
          unitRappen: shipping,
          vatRateBp: frozenOf(part.id, null) ?? highest,
          kind: 'shipping',
          sellerOrderId: part.id,
        });
      }
    }
    return lines;
  }

  /** One credit note per completed refund, newest last, each with the VAT it gives back. */
  async creditNotes(caller: Caller, orderId: number): Promise<CreditNote[]> {
    return this.notesOf(await this.receipt(caller, orderId));
  }

  /** The credit note of one refund with its receipt's data; 404 when the order has no such one. */
  async creditNote(
    caller: Caller,
    orderId: number,
    refundId: number,
  ): Promise<{ note: CreditNote; data: ReceiptData }> {
    const data = await this.receipt(caller, orderId);
    const note = (await this.notesOf(data)).find((n) => n.number === creditNoteNumber(orderId, refundId));
    if (!note) throw notFound(`Order ${orderId} has no credit note for refund ${refundId}.`);
    return { note, data };
  }

  private async notesOf(data: ReceiptData): Promise<CreditNote[]> {
    const refunds = await new ReceiptsRepo(this.ctx.database.db).completedRefunds(data.orderId);
    return refunds.map((refund) => {
      const basisLines = data.lines.filter(
        (l) => refund.sellerOrderId === null || l.sellerOrderId === refund.sellerOrderId,
      );
      const vat = refundVat(refund.amountRappen, vatByRate(basisLines.map(gross)));
      return {
        number: creditNoteNumber(data.orderId, refund.id),
        receipt: data.number,
        date: zurichDay(refund.completedAt),
        amount: rappenToDecimal(refund.amountRappen),
        vat: vat.map(vatAnswer),
      };
    });
  }
}

function buyerOf(order: Order): { name: string; address: string } {
  const a = order.shippingAddress;
  const name = a?.name || order.customer.name;
  const address = a ? `${a.address}, ${a.postalCode} ${a.city}, ${a.country}` : order.customer.email;
  return { name, address };
}

/** The JSON answer of a receipt. */
export function receiptAnswer(
  data: ReceiptData,
  platform: Receipt['seller'],
  shippingLabel: string,
): Receipt {
  return {
    number: data.number,
    date: zurichDay(data.paidAt),
    order: data.orderId,
    seller: platform,
    buyer: data.buyer,
    lines: data.lines.map((l) => ({
      name: l.kind === 'shipping' ? `${shippingLabel} (${l.name})` : l.name,
      quantity: l.quantity,
      price: rappenToDecimal(l.unitRappen),
      vatRate: vatRatePercent(l.vatRateBp),
      kind: l.kind,
    })),
    vat: data.vat.map(vatAnswer),
    total: rappenToDecimal(data.totalRappen),
    currency: 'CHF',
  };
}
