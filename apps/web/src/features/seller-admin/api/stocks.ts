import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Stock } from '@marktgasse/shared';
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

type InStoreItem = { product?: number | { id?: number }; id?: number };

/** Ids of the seller's products in a store matching a search (type=products_in_my_store). */
export const productsInMyStoreQuery = (storeId: number, term: string) =>
  queryOptions({
    queryKey: ['search', 'products_in_my_store', storeId, term],
    queryFn: async ({ signal }) => {
      const items = await api<InStoreItem[]>('/api/search/', {
        query: { type: 'products_in_my_store', store_id: storeId, search_string: term },
        signal,
      });
      // Items are stock rows ({number, product}) or products; either way keep the product ids.
      return new Set(
        items
          .map((item) =>
            item.product === undefined
              ? item.id
              : typeof item.product === 'number'
                ? item.product
                : item.product.id,
          )
          .filter((id): id is number => typeof id === 'number'),
      );
    },
    enabled: term.length >= 2,
    placeholderData: (previous) => previous,
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
