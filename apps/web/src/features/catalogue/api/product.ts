import { queryOptions } from '@tanstack/react-query';
import type { Product } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import { usePageQuery } from '../../../lib/seeded-query';

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: () => api<Product>(`/api/products/${id}`, { auth: false }),
  });

export function useProduct(id: number) {
  return usePageQuery({ ...productQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
