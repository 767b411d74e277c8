import { useQuery } from '@tanstack/react-query';
import type { LatestReview, Product, SellerSummary } from '@marktgasse/shared';
import { api } from '../../../lib/api-client';

export function useLatestProducts() {
  return useQuery({
    queryKey: ['products', 'latest'],
    queryFn: () => api<Product[]>('/api/products/latest-products/', { auth: false }),
  });
}

export function useLatestReviews() {
  return useQuery({
    queryKey: ['reviews', 'latest'],
    queryFn: () => api<LatestReview[]>('/api/products/latest-reviews/', { auth: false }),
  });
}

export function useLatestSellers() {
  return useQuery({
    queryKey: ['profiles', 'latest-sellers'],
    queryFn: () => api<SellerSummary[]>('/api/profiles/latest-sellers/', { auth: false }),
  });
}
