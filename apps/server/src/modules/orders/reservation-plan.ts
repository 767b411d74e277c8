/**
 * Which store gives how many units to each line of a cart: a pure function of the cart and the
 * stock rows as read, so it can be tested on its own and run again after a lost race.
 */
import type { OrderType } from '@marktgasse/shared';

export interface PlanLine {
  productId: number;
  /** The product's seller: only stock in this seller's own stores counts. */
  sellerId: number;
  quantity: number;
  orderType: OrderType;
  /** The pick-up store of an in-store line; null for online lines. */
  storeId: number | null;
}

export interface PlanStock {
  id: number;
  storeId: number;
  productId: number;
  number: number;
  storeOwnerId: number;
}

export interface Allocation {
  stockId: number;
  storeId: number;
  quantity: number;
}

/** Units to take off one stock row (the sum over every line that allocated from it). */
export interface Take {
  stockId: number;
  quantity: number;
}

/** Why a cart cannot be reserved; `line` is the index of the first line that fell short. */
export type Shortfall =
  | { kind: 'not-in-store'; line: number }
  | { kind: 'short-in-store'; line: number; stockId: number; available: number }
  | { kind: 'short'; line: number; available: number };

export type ReservationPlan =
  | {
      ok: true;
      /** Per cart line, in cart order: the stores its units come from. */
      allocations: Allocation[][];
      /** Per stock row, in stock-id order (concurrent writers take rows in one order). */
      takes: Take[];
    }
  | { ok: false; shortfall: Shortfall };

/**
 * Plans a reservation: pick-up lines first, each from its chosen store (they have no other
 * choice), then online lines from the seller's stores, the largest remaining stock first (the
 * lower stock id on a tie), split across stores when one is not enough. Several lines of one
 * product share the same rows: each line sees what the lines before it left.
 */
export function planReservation(lines: readonly PlanLine[], stocks: readonly PlanStock[]): ReservationPlan {
  const left = new Map(stocks.map((s) => [s.id, s.number]));
  const allocations: Allocation[][] = lines.map(() => []);
  const take = (line: number, stock: PlanStock, quantity: number) => {
    left.set(stock.id, left.get(stock.id)! - quantity);
    allocations[line]!.push({ stockId: stock.id, storeId: stock.storeId, quantity });
  };
  const sellersStock = (line: PlanLine) =>
    stocks.filter((s) => s.productId === line.productId && s.storeOwnerId === line.sellerId);

  for (const [index, line] of lines.entries()) {
    if (line.orderType !== 'inStore') continue;
    const stock = sellersStock(line).find((s) => s.storeId === line.storeId);
    if (!stock) return { ok: false, shortfall: { kind: 'not-in-store', line: index } };
    const available = left.get(stock.id)!;
    if (available < line.quantity) {
      return { ok: false, shortfall: { kind: 'short-in-store', line: index, stockId: stock.id, available } };
    }
    take(index, stock, line.quantity);
  }

  for (const [index, line] of lines.entries()) {
    if (line.orderType !== 'online') continue;
    const candidates = sellersStock(line).sort((a, b) => left.get(b.id)! - left.get(a.id)! || a.id - b.id);
    const available = candidates.reduce((sum, s) => sum + left.get(s.id)!, 0);
    if (available < line.quantity) return { ok: false, shortfall: { kind: 'short', line: index, available } };
    let missing = line.quantity;
    for (const stock of candidates) {
      if (missing === 0) break;
      const quantity = Math.min(missing, left.get(stock.id)!);
      if (quantity > 0) take(index, stock, quantity);
      missing -= quantity;
    }
  }

  const byStock = new Map<number, number>();
  for (const a of allocations.flat()) byStock.set(a.stockId, (byStock.get(a.stockId) ?? 0) + a.quantity);
  const takes = [...byStock]
    .map(([stockId, quantity]) => ({ stockId, quantity }))
    .sort((a, b) => a.stockId - b.stockId);
  return { ok: true, allocations, takes };
}
