import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductInStore, Stock } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';

export const storeStocksQuery = (storeId: number) =>
  queryOptions({
    queryKey: ['stocks', 'store', storeId],
    queryFn: ({ signal }) => api<Stock[]>(`/api/stocks/store/${storeId}`, { signal }),
  });

export const productStocksQuery = (productId: number) =>
  queryOptions({
    queryKey: ['stocks', 'product', productId],
    queryFn: ({ signal }) => api<Stock[]>(`/api/stocks/product/${productId}`, { signal }),
  });

export const useStoreStocks = (storeId: number) => useQuery(storeStocksQuery(storeId));
export const useProductStocks = (productId: number) => useQuery(productStocksQuery(productId));

/**
 * The stock rows of a store whose product matches a search (type=products_in_my_store, the
 * owner's rows at 0 included; each with its product), best first. The store panel lists them
 * while searching: the seller's products are paged, so those loaded may not hold every match.
 */
export const productsInMyStoreQuery = (storeId: number, term: string) =>
  queryOptions({
    queryKey: ['search', 'products_in_my_store', storeId, term],
    queryFn: ({ signal }) =>
      api<ProductInStore[]>('/api/search/', {
        query: { type: 'products_in_my_store', store_id: storeId, search_string: term },
        signal,
      }),
    enabled: term.length >= 2,
    // The matches of the last word stay while the next one loads, in this store only.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === storeId ? previous : undefined,
  });

export const useProductsInMyStore = (storeId: number, term: string) =>
  useQuery(productsInMyStoreQuery(storeId, term));

export interface SaveStockInput {
  /** The existing row, when there is one. */
  stockId?: number;
  number: number;
  store: number;
  product: number;
}

/** Save a stock number: updates the row, or creates it when the store has none for that product. */
export function useSaveStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ stockId, number, store, product }: SaveStockInput) =>
      stockId
        ? api<Stock>(`/api/stocks/${stockId}/`, { method: 'PUT', body: { number } })
        : api<Stock>('/api/stocks/new/', { method: 'POST', body: { number, store, product } }),
    onSuccess: () => {
      for (const key of ['stocks', 'search', 'my-products', 'my-stores', 'product', 'products'])
        void client.invalidateQueries({ queryKey: [key] });
    },
  });
}
