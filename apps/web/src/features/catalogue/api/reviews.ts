import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';
import { usePageMutation, usePageQuery } from '../../../lib/seeded-query';

export const reviewsQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: ['reviews', 'product', productId],
    queryFn: () => api<Review[]>(`/api/products/reviews/${productId}`, { auth: false }),
  });

export function useReviews(productId: number) {
  return usePageQuery({
    ...reviewsQueryOptions(productId),
    enabled: Number.isInteger(productId) && productId > 0,
  });
}

/** POST /api/products/{id}/reviews/; afterwards the product (rating, count) and its reviews reload. */
export function useCreateReview(productId: number) {
  const client = useQueryClient();
  return usePageMutation({
    mutationFn: (input: { rating: number; comment: string }) =>
      api<unknown>(`/api/products/${productId}/reviews/`, { method: 'POST', body: input }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['products', 'detail', productId] }),
        client.invalidateQueries({ queryKey: ['reviews'] }),
      ]),
  });
}
