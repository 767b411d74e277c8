import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  rappenToDecimal,
  type CartItem,
  type Order,
  type OrderCreateInput,
  type ShippingAddress,
} from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import { attemptKeys, unanswered } from '../../../lib/attempt-key';
import { summarizeCart } from '../lib/cart-groups';

/** The §3 order creation payload: the cart lines, the items price and the shipping, as decimal strings. */
export function orderPayload(
  cartItems: CartItem[],
  paymentMethod: string,
  shippingAddress: ShippingAddress | null,
): OrderCreateInput {
  const summary = summarizeCart(cartItems);
  return {
    orderItems: cartItems.map((item) => ({ ...item })),
    paymentMethod,
    totalPrice: rappenToDecimal(summary.itemsRappen),
    totalShippingPrice: rappenToDecimal(summary.shippingRappen),
    shippingAddress: summary.hasOnline ? shippingAddress : null,
  };
}

/**
 * Places the order with one Idempotency-Key per attempt: retried (automatically, twice, when
 * no answer arrived; or by pressing the button again) with the same key, so a lost answer
 * never places a second order.
 */
export function useCreateOrder() {
  const queryClient = useQueryClient();
  const [keys] = useState(() => attemptKeys());
  return useMutation({
    mutationFn: (payload: OrderCreateInput) =>
      api<Order>('/api/orders/add/', {
        method: 'POST',
        body: payload,
        headers: { 'idempotency-key': keys.keyFor(payload) },
      }),
    retry: (failures, error) => failures < 2 && unanswered(error),
    onSuccess: () => {
      keys.settle();
      return queryClient.invalidateQueries({ queryKey: ['orders'] });
    },
    onError: (error) => {
      if (!unanswered(error)) keys.settle();
    },
  });
}
