import { queryOptions } from '@tanstack/react-query';
import type { Product } from '@marktgasse/shared';
import { api, ApiError } from '../../../lib/api-client';
import { selectRole, useSession } from '../../../stores/session';
import { usePageQuery } from '../../../lib/seeded-query';

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['products', 'detail', id],
    queryFn: () => productOf(id),
  });

/**
 * The public answer (cacheable, without the token); a seller whose shop is not public yet sees
 * their own product by asking again with the token (decision 290). The session's change empties
 * the query cache, so the answer is not shown to the next person at this browser.
 */
async function productOf(id: number): Promise<Product> {
  try {
    return await api<Product>(`/api/products/${id}`, { auth: false });
  } catch (error) {
    const seller = selectRole(useSession.getState()) === 'STORE_OWNER';
    if (!(error instanceof ApiError && error.status === 404 && seller)) throw error;
    return api<Product>(`/api/products/${id}`);
  }
}

export function useProduct(id: number) {
  return usePageQuery({ ...productQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
