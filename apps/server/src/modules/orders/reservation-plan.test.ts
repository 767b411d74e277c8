import { describe, expect, it } from 'vitest';
import { planReservation, type PlanLine, type PlanStock } from './reservation-plan.ts';

const SELLER = 7;
const OTHER_SELLER = 8;

const online = (productId: number, quantity: number): PlanLine => ({
  productId,
  sellerId: SELLER,
  quantity,
  orderType: 'online',
  storeId: null,
});
const pickUp = (productId: number, storeId: number, quantity: number): PlanLine => ({
  productId,
  sellerId: SELLER,
  quantity,
  orderType: 'inStore',
  storeId,
});
/** Stock row `id` holds `number` units of `productId` in store `storeId` (the seller's own unless told). */
const stock = (
  id: number,
  storeId: number,
  productId: number,
  number: number,
  owner = SELLER,
): PlanStock => ({
  id,
  storeId,
  productId,
  number,
  storeOwnerId: owner,
});

describe('planning a reservation', () => {
  it('takes a pick-up line from its chosen store, even when another store has more', () => {
    const plan = planReservation([pickUp(1, 20, 2)], [stock(100, 10, 1, 9), stock(101, 20, 1, 3)]);
    expect(plan).toEqual({
      ok: true,
      allocations: [[{ stockId: 101, storeId: 20, quantity: 2 }]],
      takes: [{ stockId: 101, quantity: 2 }],
    });
  });

  it('sends an online line from the store with the largest stock', () => {
    const plan = planReservation([online(1, 2)], [stock(100, 10, 1, 3), stock(101, 20, 1, 7)]);
    expect(plan).toEqual({
      ok: true,
      allocations: [[{ stockId: 101, storeId: 20, quantity: 2 }]],
      takes: [{ stockId: 101, quantity: 2 }],
    });
  });

  it('prefers the lower stock id when two stores hold the same number', () => {
    const plan = planReservation([online(1, 2)], [stock(105, 20, 1, 4), stock(102, 10, 1, 4)]);
    expect(plan.ok && plan.allocations).toEqual([[{ stockId: 102, storeId: 10, quantity: 2 }]]);
  });

  it('splits an online line across stores, largest first, and lists the takes in stock-id order', () => {
    const plan = planReservation(
      [online(1, 6)],
      [stock(100, 10, 1, 3), stock(101, 20, 1, 4), stock(102, 30, 1, 0)],
    );
    expect(plan).toEqual({
      ok: true,
      allocations: [
        [
          { stockId: 101, storeId: 20, quantity: 4 },
          { stockId: 100, storeId: 10, quantity: 2 },
        ],
      ],
      takes: [
        { stockId: 100, quantity: 2 },
        { stockId: 101, quantity: 4 },
      ],
    });
  });

  it('reports an online shortfall with what is left in all of the seller’s stores', () => {
    const plan = planReservation(
      [online(2, 1), online(1, 8)],
      [stock(100, 10, 1, 3), stock(101, 20, 1, 4), stock(102, 10, 2, 5)],
    );
    expect(plan).toEqual({ ok: false, shortfall: { kind: 'short', line: 1, available: 7 } });
  });

  it('reports a pick-up shortfall in the chosen store, though another store could send the units', () => {
    const plan = planReservation([pickUp(1, 10, 4)], [stock(100, 10, 1, 3), stock(101, 20, 1, 50)]);
    expect(plan).toEqual({
      ok: false,
      shortfall: { kind: 'short-in-store', line: 0, stockId: 100, available: 3 },
    });
  });

  it('refuses a pick-up from a store that does not stock the product', () => {
    const plan = planReservation([pickUp(1, 30, 1)], [stock(100, 10, 1, 3)]);
    expect(plan).toEqual({ ok: false, shortfall: { kind: 'not-in-store', line: 0 } });
  });

  it('counts only stock in the seller’s own stores', () => {
    const foreign = [stock(100, 10, 1, 2), stock(101, 40, 1, 50, OTHER_SELLER)];
    // A pick-up in another owner's store is refused as if the store did not stock the product…
    expect(planReservation([pickUp(1, 40, 1)], foreign)).toEqual({
      ok: false,
      shortfall: { kind: 'not-in-store', line: 0 },
    });
    // …and an online line never ships from it.
    expect(planReservation([online(1, 3)], foreign)).toEqual({
      ok: false,
      shortfall: { kind: 'short', line: 0, available: 2 },
    });
    expect(planReservation([online(1, 2)], foreign)).toMatchObject({
      ok: true,
      takes: [{ stockId: 100, quantity: 2 }],
    });
  });

  it('plans pick-up lines first when one product is on several lines, and the others take what is left', () => {
    // Online comes first in the cart, but the pick-up in store 20 has no other choice.
    const plan = planReservation(
      [online(1, 3), pickUp(1, 20, 2), online(1, 1)],
      [stock(100, 10, 1, 4), stock(101, 20, 1, 3)],
    );
    expect(plan).toEqual({
      ok: true,
      allocations: [
        [{ stockId: 100, storeId: 10, quantity: 3 }],
        [{ stockId: 101, storeId: 20, quantity: 2 }],
        // Store 10 is down to 1, store 20 to 1: the tie goes to the lower stock id.
        [{ stockId: 100, storeId: 10, quantity: 1 }],
      ],
      takes: [
        { stockId: 100, quantity: 4 },
        { stockId: 101, quantity: 2 },
      ],
    });
  });

  it('reports a shortfall when lines of one product together want more than there is', () => {
    const plan = planReservation([pickUp(1, 10, 2), online(1, 2)], [stock(100, 10, 1, 3)]);
    expect(plan).toEqual({ ok: false, shortfall: { kind: 'short', line: 1, available: 1 } });
  });
});
