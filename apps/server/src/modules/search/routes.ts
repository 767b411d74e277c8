import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  searchQuerySchema,
  searchResponseSchema,
  searchResponseSchemaFor,
  SEARCH_PAGE_SIZES,
} from '@marktgasse/shared';
import { listBody, pageOf, plainListHeaders, wantsPage } from '../../lib/list-answer.ts';
import type { AppContext } from '../../context.ts';
import { cachedAnswer, markPrivate, sendAnswer } from '../../lib/public-answer.ts';
import { SearchService, type SearchResult } from './service.ts';

const pageSizes = Object.entries(SEARCH_PAGE_SIZES)
  .map(([type, s]) => `${type} ${s.max}`)
  .join(', ');

/** The answer body: the page shape when asked with offset or limit, else the plain list (docs/decisions/118). */
function body(result: SearchResult): unknown {
  return listBody(pageOf(result.items, result.count, result), result.paged);
}

/**
 * The count of each cached answer, for the headers of a plain list: kept beside the read
 * cache (not in it), so a search costs one cache entry. Bounded; a count that fell out is
 * counted again.
 */
const COUNTS = new WeakMap<AppContext, Map<string, number>>();
const MAX_COUNTS = 20_000;
function countsOf(ctx: AppContext): Map<string, number> {
  let counts = COUNTS.get(ctx);
  if (!counts) COUNTS.set(ctx, (counts = new Map()));
  return counts;
}
function remember(counts: Map<string, number>, key: string, count: number): void {
  counts.delete(key);
  if (counts.size >= MAX_COUNTS) counts.delete(counts.keys().next().value!);
  counts.set(key, count);
}

export async function searchRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new SearchService(ctx);

  app.get(
    '/api/search/',
    {
      schema: {
        tags: ['search'],
        summary: 'Search by type: every word must match, accents and case do not matter, typos are forgiven',
        description: [
          'Public types (no credentials): `products`, `all`, `stores`, `map`, `profiles`, `products_in_store` (store_id; rows with number > 0), `products_in_my_store` (store_id; the same rows, and with the owner’s token also the rows at 0), `products_by_seller` (seller_id).',
          'Seller types (bearer token of a STORE_OWNER; 401 without, 403 for customers): `my_products` (store_name optional), `my_stores`.',
          'Answers by type: `products`, `all`, `products_by_seller`, `my_products` → Product; `products_in_store`, `products_in_my_store` → {id (stock row), number, store, product}; `stores`, `my_stores` → Store; `map` → MapStore (id, owner, name, address, city, latitude, longitude, category, owner_name, owner_id, profile_image); `profiles` → SellerSummary.',
          '`type=products` with the name of a category or subcategory (any case and accents, "&" and spaces as typed, e.g. "Sports & Outdoors", "Hiking") answers exactly that category’s products; `profiles` with a category name answers the sellers of that category, `stores` and `map` the stores of its sellers. Otherwise the text is searched: products by name, brand, category, subcategory, description and seller name (`all` is the same search, never a category); stores by name, city, seller, address and description; sellers by name, industry, headquarter and description.',
          'Matching: every word must match; exact and prefix matches of a word come first (name, brand, category, subcategory, description, in that order), then words that contain it (compounds: "käse" finds "Hartkäse"), then typos (one letter from 5 letters, two from 9, only when there are fewer than 12 exact matches). "Käse", "Kaese" and "Kase" are the same word.',
          `Called as the spec calls it (no offset, no limit), the answer is a plain list of at most the type’s maximum (${pageSizes}), best first, with X-Total-Count and, when there is more, a Link header to the next page. With offset or limit it is a page {results, count, next} (next: the next offset, or null).`,
          'Product types also take sort (relevance, newest, price_asc, price_desc, rating), min_price and max_price (CHF, e.g. 49.90), in_stock=true and pickup_city (units in a store of that city). An empty search_string lists everything of the type, newest first.',
        ].join('\n\n'),
        querystring: searchQuerySchema,
        response: {
          200: searchResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const paged = wantsPage(query);
      // The owner's view of their store differs from everyone's: never from or into the shared cache.
      const personal =
        !SearchService.isPublic(query.type) || (query.type === 'products_in_my_store' && request.user);
      const prepared = await service.prepare(query, request);
      if (personal) {
        markPrivate(reply);
        const result = await prepared.run();
        if (!result.paged) plainListHeaders(ctx.config, request, reply, result.count, result.limit);
        return body(result);
      }
      const key = prepared.key;
      const counts = countsOf(ctx);
      const answer = await cachedAnswer(ctx, key, searchResponseSchemaFor(query.type, paged), async () => {
        const result = await prepared.run();
        // Set before the answer is handed out, so every request that shares this load finds it.
        remember(counts, key, result.count);
        return body(result);
      });
      if (!paged) {
        let count = counts.get(key);
        if (count === undefined) remember(counts, key, (count = (await prepared.run()).count));
        plainListHeaders(ctx.config, request, reply, count, query.limit ?? SEARCH_PAGE_SIZES[query.type].max);
      }
      return sendAnswer(request, reply, answer);
    },
  );
}
