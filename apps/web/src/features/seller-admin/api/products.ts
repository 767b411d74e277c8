import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';

/** The seller's products, or those matching a search of 2+ characters (type=my_products). */
export const myProductsQuery = (term = '') =>
  queryOptions({
    queryKey: ['my-products', term],
    queryFn: ({ signal }) =>
      term
        ? api<Product[]>('/api/search/', { query: { type: 'my_products', search_string: term }, signal })
        : api<Product[]>('/api/products/myproducts/', { signal }),
    placeholderData: (previous) => previous,
  });

export const useMyProducts = (term = '') => useQuery(myProductsQuery(term));

function invalidateProductData(client: ReturnType<typeof useQueryClient>) {
  for (const key of ['my-products', 'stocks', 'search', 'products', 'product'])
    void client.invalidateQueries({ queryKey: [key] });
}

export function useCreateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api<Product>('/api/products/new/', { method: 'POST', body: form }),
    onSuccess: () => invalidateProductData(client),
  });
}

export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<void>(`/api/products/${id}/`, { method: 'DELETE' }),
    onSuccess: () => invalidateProductData(client),
  });
}

/** One product as its owner edits it (the product page's query: a save refreshes both). */
export const editedProductQuery = (id: number) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: ({ signal }) => api<Product>(`/api/products/${id}`, { auth: false, signal }),
  });

export function useUpdateProduct(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => api<Product>(`/api/products/${id}/`, { method: 'PATCH', body: form }),
    onSuccess: (product) => {
      // The product page shows the saved product at once, without another round trip.
      client.setQueryData(['products', 'detail', id], product);
      invalidateProductData(client);
    },
  });
}
