import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LatestReview, Product, SellerSummary } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';

export const latestProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['products', 'latest'],
    queryFn: () => api<Product[]>('/api/products/latest-products/', { auth: false }),
  });

export const latestReviewsQueryOptions = () =>
  queryOptions({
    queryKey: ['reviews', 'latest'],
    queryFn: () => api<LatestReview[]>('/api/products/latest-reviews/', { auth: false }),
  });

export const latestSellersQueryOptions = () =>
  queryOptions({
    queryKey: ['profiles', 'latest-sellers'],
    queryFn: () => api<SellerSummary[]>('/api/profiles/latest-sellers/', { auth: false }),
  });

export function useLatestProducts(enabled = true) {
  return useQuery({ ...latestProductsQueryOptions(), enabled });
}

export function useLatestReviews(enabled = true) {
  return useQuery({ ...latestReviewsQueryOptions(), enabled });
}

export function useLatestSellers(enabled = true) {
  return useQuery({ ...latestSellersQueryOptions(), enabled });
}
