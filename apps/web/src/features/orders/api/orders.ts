/** Every order call of the web app: query options for reads, mutations that refresh what they change. */
import { useState } from 'react';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  ORDERS_PAGE_SIZE,
  type CreditNote,
  type Order,
  type PagedOrders,
  type PagedSellerOrders,
  type SellerOrder,
  type SellerOrderFilter,
  type SendBody,
} from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import { attemptKeys, unanswered } from '../../../lib/attempt-key';

export interface PaymentConfig {
  provider: 'paypal' | 'test';
  clientId: string | null;
  currency: 'CHF';
}

/** The credit notes of a paid order, one per completed refund (decision 280). */
export const creditNotesQuery = (orderId: number) =>
  queryOptions({
    queryKey: ['orders', orderId, 'credit-notes'],
    queryFn: ({ signal }) => api<CreditNote[]>(`/api/orders/${orderId}/credit-notes/`, { signal }),
  });

/** The caller's orders, newest first, a page at a time ("Load More" asks for `next`). */
export const myOrdersQuery = () =>
  infiniteQueryOptions({
    queryKey: ['orders', 'mine'],
    queryFn: ({ pageParam, signal }) =>
      api<PagedOrders>('/api/orders/myorders/', {
        query: { offset: pageParam, limit: ORDERS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
  });

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', id],
    queryFn: () => api<Order>(`/api/orders/${id}/`),
    staleTime: 0,
  });

export const paymentConfigQuery = () =>
  queryOptions({
    queryKey: ['orders', 'payment-config'],
    queryFn: () => api<PaymentConfig>('/api/orders/payment-config/'),
    staleTime: 5 * 60 * 1000,
  });

/** The seller's orders, all or only those in one state (`?state=`). */
export const mySellerOrdersQuery = (state?: SellerOrderFilter) =>
  infiniteQueryOptions({
    queryKey: ['seller-orders', 'mine', state ?? 'all'],
    queryFn: ({ pageParam, signal }) =>
      api<PagedSellerOrders>('/api/seller-orders/myorders/', {
        query: { offset: pageParam, limit: ORDERS_PAGE_SIZE, ...(state ? { state } : {}) },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 0,
  });

export const sellerOrderQuery = (id: string) =>
  queryOptions({
    queryKey: ['seller-orders', 'detail', id],
    queryFn: () => api<SellerOrder>(`/api/seller-orders/${id}/`),
    staleTime: 0,
  });

export const useMyOrders = () => useInfiniteQuery(myOrdersQuery());
export const useOrder = (id: string) => useQuery(orderQuery(id));
export const usePaymentConfig = (enabled: boolean) => useQuery({ ...paymentConfigQuery(), enabled });
export const useMySellerOrders = (state?: SellerOrderFilter) => useInfiniteQuery(mySellerOrdersQuery(state));
export const useSellerOrder = (id: string) => useQuery(sellerOrderQuery(id));

/** Pays an order: no body for the test provider, the approved PayPal order id otherwise. */
/**
 * Pays with one Idempotency-Key per attempt (server decision 173): a payment whose answer was
 * lost is retried (twice, automatically) with the same key and never captured twice.
 */
export function usePayOrder(id: string) {
  const queryClient = useQueryClient();
  const [keys] = useState(() => attemptKeys());
  return useMutation({
    mutationFn: (paypalOrderId?: string) => {
      const body = paypalOrderId ? { paypalOrderId } : undefined;
      return api<Order>(`/api/orders/${id}/pay/`, {
        method: 'PUT',
        body,
        headers: { 'idempotency-key': keys.keyFor({ id, body }) },
      });
    },
    retry: (failures, error) => failures < 2 && unanswered(error),
    onError: (error) => {
      if (!unanswered(error)) keys.settle();
    },
    onSuccess: () => keys.settle(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/** The customer cancels the whole order (refunded in full when paid). */
export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Order>(`/api/orders/${id}/cancel/`, { method: 'PUT' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/** A seller cancels their part, with a reason the customer reads. */
export function useCancelSellerOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api<SellerOrder>(`/api/seller-orders/${id}/cancel/`, { method: 'PUT', body: { reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['seller-orders'] }),
  });
}

export const createPaypalOrder = (id: number | string) =>
  api<{ id: string }>(`/api/orders/${id}/paypal/`, { method: 'POST' });

type SellerAction =
  | { kind: 'send'; parcel?: NonNullable<SendBody> }
  | { kind: 'retrieve'; itemId: number; code: string }
  | { kind: 'complete' };

/** Send, retrieve or complete; the seller order is reloaded after each (spec §4). */
export function useSellerOrderAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SellerAction) => {
      if (action.kind === 'send')
        return api<unknown>(`/api/seller-orders/${id}/send/`, { method: 'PUT', body: action.parcel });
      if (action.kind === 'complete')
        return api<unknown>(`/api/seller-orders/${id}/complete/`, { method: 'PUT' });
      return api<unknown>(`/api/orders/order-items/${action.itemId}/retrieve/`, {
        method: 'PUT',
        body: { code: action.code },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['seller-orders'] }),
  });
}
