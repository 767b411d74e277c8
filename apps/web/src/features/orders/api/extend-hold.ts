import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import { orderQuery } from './orders';

/**
 * Keeps an unpaid order's stock reserved for longer (PUT /api/orders/{id}/extend/, the customer's
 * own order only): answers the order with its new `expiresAt`, or a 4xx detail when the
 * anti-hoarding limits forbid another extension.
 */
export function useExtendHold(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Order>(`/api/orders/${id}/extend/`, { method: 'PUT' }),
    onSuccess: (order) => {
      queryClient.setQueryData(orderQuery(id).queryKey, order);
      void queryClient.invalidateQueries({ queryKey: ['orders', 'mine'] });
    },
  });
}
