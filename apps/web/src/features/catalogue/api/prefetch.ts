/**
 * What the home and product screens show first. The app requests it together with the screen's
 * code when a visit opens on that screen, so the first render already has its data (instead of
 * waiting for the code, rendering, then asking). The main picture is requested as soon as its
 * address is known.
 */
import type { QueryClient } from '@tanstack/react-query';
import { MEDIA_MD_UP, mediaMatches } from '../../../components/use-media-query';
import { preloadImage } from '../../../lib/preload-image';
import { categoriesQueryOptions } from './categories';
import { latestProductsQueryOptions, latestReviewsQueryOptions, latestSellersQueryOptions } from './latest';
import { productQueryOptions } from './product';
import { productsQueryOptions } from './products';
import { reviewsQueryOptions } from './reviews';

export function prefetchHome(client: QueryClient, search: URLSearchParams): void {
  const category = search.get('category') ?? undefined;
  const subcategory = search.get('subcategory') ?? undefined;
  // The carousel and the teasers show only on the unfiltered home; its first picture is the
  // page's largest element, so that request goes first.
  const unfiltered = !category && !subcategory;
  if (unfiltered)
    void client.prefetchQuery(latestProductsQueryOptions()).then(() => {
      const first = client.getQueryData(latestProductsQueryOptions().queryKey)?.[0];
      preloadImage(first?.image ?? first?.thumbnail);
    });
  void client.prefetchQuery(categoriesQueryOptions());
  void client.prefetchInfiniteQuery(productsQueryOptions({ category, subcategory }));
  // The review and seller teasers show from tablet width up.
  if (!unfiltered || !mediaMatches(MEDIA_MD_UP)) return;
  void client.prefetchQuery(latestReviewsQueryOptions());
  void client.prefetchQuery(latestSellersQueryOptions());
}

export function prefetchProduct(client: QueryClient, id: number): void {
  if (!Number.isInteger(id) || id <= 0) return;
  void client.prefetchQuery(productQueryOptions(id)).then(() => {
    const product = client.getQueryData(productQueryOptions(id).queryKey);
    preloadImage(product?.image ?? product?.thumbnail);
  });
  void client.prefetchQuery(reviewsQueryOptions(id));
}
