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
