import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  rappenToDecimal,
  type CartItem,
  type Order,
  type OrderCreateInput,
  type ShippingAddress,
} from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
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

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: OrderCreateInput) =>
      api<Order>('/api/orders/add/', { method: 'POST', body: payload }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
