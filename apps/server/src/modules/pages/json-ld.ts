/**
 * schema.org structured data of the pages (JSON-LD): Product with Offer and AggregateRating,
 * BreadcrumbList, a seller's stores as Store with address and geo, Organization on the home.
 */
import type { Product, Profile, Review, StoreSummary } from '@marktgasse/shared';

const CONTEXT = 'https://schema.org';

export interface Crumb {
  name: string;
  url: string;
}

export function breadcrumbs(crumbs: Crumb[]): object {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: c.url,
    })),
  };
}

export function productLd(
  p: Product,
  reviews: Review[],
  urls: { page: string; seller: string; image: string },
): object {
  const data: Record<string, unknown> = {
    '@context': CONTEXT,
    '@type': 'Product',
    '@id': `${urls.page}#product`,
    sku: String(p.id),
    name: `${p.brand} ${p.name}`,
    brand: { '@type': 'Brand', name: p.brand },
    category: p.subcategoryName ? `${p.categoryName} > ${p.subcategoryName}` : p.categoryName,
    image: [urls.image],
    url: urls.page,
    offers: {
      '@type': 'Offer',
      url: urls.page,
      price: p.price,
      priceCurrency: 'CHF',
      availability: `${CONTEXT}/${p.countInStock > 0 ? 'InStock' : 'OutOfStock'}`,
      seller: { '@type': 'Organization', name: p.sellerDetails.name || p.username, url: urls.seller },
    },
  };
  if (p.description.trim()) data.description = p.description.trim();
  if (p.numReviews > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: p.rating,
      reviewCount: p.numReviews,
      bestRating: 5,
      worstRating: 1,
    };
    data.review = reviews.slice(0, 5).map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.name },
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      ...(r.comment ? { reviewBody: r.comment } : {}),
      datePublished: r.createdAt,
    }));
  }
  return data;
}

export function storeLd(store: StoreSummary, seller: { name: string; url: string }, image: string): object {
  return {
    '@context': CONTEXT,
    '@type': 'Store',
    '@id': `${seller.url}#store-${store.id}`,
    name: store.name,
    image,
    ...(store.description ? { description: store.description } : {}),
    ...(store.phone ? { telephone: store.phone } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: store.address,
      addressLocality: store.city,
      addressCountry: store.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: store.latitude, longitude: store.longitude },
    parentOrganization: { '@type': 'Organization', name: seller.name, url: seller.url },
  };
}

export function sellerLd(profile: Profile, url: string, image: string): object {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': `${url}#seller`,
    name: profile.name || profile.username,
    url,
    logo: image,
    ...(profile.description ? { description: profile.description } : {}),
  };
}

/** The site's logo, a PNG the web build draws from its icon (decision 321). */
export const LOGO = { path: '/icon-512.png', width: 512, height: 512, type: 'image/png' } as const;

export function organizationLd(origin: string): object {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    name: 'Marktgasse',
    url: `${origin}/`,
    logo: `${origin}${LOGO.path}`,
  };
}
