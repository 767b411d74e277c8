import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { SELLER_PRODUCTS_PAGE_SIZE, type PagedProducts, type Product } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';

/**
 * The seller's products a page at a time, newest first (GET /api/products/myproducts/), or
 * those matching a search of 2+ characters (type=my_products): both answer {results, count,
 * next} with offset and limit, and Load More asks for `offset={next}`, as the seller page does.
 * `data` is the products loaded so far.
 */
export const myProductsQuery = (term = '') =>
  infiniteQueryOptions({
    queryKey: ['my-products', term],
    queryFn: ({ pageParam, signal }) => {
      const page = { offset: pageParam, limit: SELLER_PRODUCTS_PAGE_SIZE };
      return term
        ? api<PagedProducts>('/api/search/', {
            query: { type: 'my_products', search_string: term, ...page },
            signal,
          })
        : api<PagedProducts>('/api/products/myproducts/', { query: page, signal });
    },
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    select: (data) => data.pages.flatMap((page) => page.results),
    placeholderData: keepPreviousData,
  });

export const useMyProducts = (term = '') => useInfiniteQuery(myProductsQuery(term));

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

/**
 * One product as its owner edits it (the product page's query: a save refreshes both). Asked
 * with the token: while the shop awaits approval, only its owner gets it (decision 290).
 */
export const editedProductQuery = (id: number) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: ({ signal }) => api<Product>(`/api/products/${id}`, { signal }),
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
