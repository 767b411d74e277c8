/**
 * The product page the server's renderer writes as a string (apps/web/src/features/catalogue/
 * routes/product-markup.ts, docs/decisions/307) is byte for byte the page the product screen
 * renders, for generated products and reviews in the four languages: a visitor, a crawler and the
 * browser's hydration cannot tell which one made it.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { PageLanguage, PageRenderer, Product, RenderRequest, Review } from '@marktgasse/shared';
import { buildPageRenderer } from '../../../test/page-renderer.ts';
import { markupNames } from './critical-css.ts';

type Renderer = PageRenderer & {
  render(request: RenderRequest, options?: { write?: boolean }): ReturnType<PageRenderer['render']>;
  writtenProductPages(): number;
};

let renderer: Renderer;

beforeAll(async () => {
  const webDist = buildPageRenderer();
  const file = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
  renderer = (await import(pathToFileURL(file).href)) as Renderer;
}, 120_000);

/** Texts with what markup must escape, several languages' words, and nothing at all. */
const text = fc.oneof(
  fc.constantFrom(
    '',
    '   ',
    'Emmentaler AOP',
    'A & B "C" <D> \'E\'',
    'Würzig und mild, für die ganze Familie und den Sonntag.',
    'Très bon fromage pour la fondue et les amis.',
    'Un formaggio della valle per la cena.',
    'Line one\nline two',
  ),
  fc.string({ maxLength: 30 }),
);
const name = text.filter((t) => t.trim().length > 0);
const category = fc.constantFrom('Fashion', 'Men', 'Health & Beauty', 'Food & Drinks', 'Unknown <x> & "y"');

const stock = fc.record({
  id: fc.integer({ min: 1, max: 99_999 }),
  number: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 250_000 })),
  store: fc.integer({ min: 1, max: 999 }),
  storeName: name,
  city: fc.option(fc.constantFrom('Bern', 'Genève', 'Zürich & Co'), { nil: null }),
});

const review = fc.record({
  id: fc.integer({ min: 1, max: 99_999 }),
  name,
  user: fc.integer({ min: 1, max: 9_999 }),
  rating: fc.integer({ min: 1, max: 5 }),
  comment: text,
  createdAt: fc
    .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 11, 31) })
    .map((ms) => new Date(ms).toISOString()),
  verified: fc.boolean(),
}) as fc.Arbitrary<Review>;

const product = fc
  .record({
    id: fc.integer({ min: 1, max: 2_000_000 }),
    brand: name,
    name,
    rappen: fc.integer({ min: 5, max: 2_500_000 }).map((r) => r - (r % 5)),
    description: fc.option(text, { nil: null }),
    image: fc.option(fc.constantFrom('/media/products/a.webp', '/media/x?a=1&b="2"'), { nil: null }),
    categoryName: category,
    subcategoryName: fc.option(category, { nil: null }),
    seller: fc.integer({ min: 1, max: 9_999 }),
    sellerName: fc.option(name, { nil: '' }),
    rating: fc.oneof(
      fc.integer({ min: 0, max: 50 }).map((r) => r / 10),
      fc.constantFrom(0, 0.5, 2.5, 4.25, 4.75, 5),
    ),
    numReviews: fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 20_000 })),
    stocks: fc.array(stock, { maxLength: 5 }),
  })
  .map(
    (p) =>
      ({
        id: p.id,
        brand: p.brand,
        name: p.name,
        price: `${Math.floor(p.rappen / 100)}.${String(p.rappen % 100).padStart(2, '0')}`,
        description: p.description,
        image: p.image,
        thumbnail: p.image,
        category: 1,
        categoryName: p.categoryName,
        subcategory: p.subcategoryName ? 2 : null,
        subcategoryName: p.subcategoryName,
        vatRate: 'standard',
        seller: p.seller,
        sellerDetails: { id: p.seller, name: p.sellerName, image: null },
        seller_id: p.seller,
        username: `seller-${p.seller}`,
        rating: p.rating,
        numReviews: p.numReviews,
        countInStock: p.stocks.reduce((sum, s) => sum + s.number, 0),
        stocks: p.stocks,
        createdAt: '2026-11-27T00:59:42.576Z',
      }) as unknown as Product,
  );

const language = fc.constantFrom<PageLanguage>('de', 'fr', 'it', 'en');

describe('the written product page', () => {
  it('is the product screen’s render, byte for byte, with the same data for the browser', async () => {
    const errors = vi.spyOn(console, 'error');
    const before = renderer.writtenProductPages();
    await fc.assert(
      fc.asyncProperty(language, product, fc.array(review, { maxLength: 4 }), async (lang, p, reviews) => {
        const request: RenderRequest = {
          language: lang,
          path: `/product/${p.id}`,
          page: { kind: 'product', product: p, reviews },
        };
        const screen = await renderer.render(request, { write: false });
        const written = await renderer.render(request);
        expect(written.html).toBe(screen.html);
        // Undated: the same data is the same page, whenever it is rendered (its ETag holds).
        expect(JSON.stringify(written.state)).toBe(JSON.stringify(screen.state));
      }),
      { numRuns: 400 },
    );
    // The pages above were written, not rendered by the screen again (which would agree trivially):
    // the first page of each language is the screen's (it gives the frame), and one in a thousand.
    expect(renderer.writtenProductPages() - before).toBeGreaterThan(380);
    expect(errors).not.toHaveBeenCalled();
    // 800 renders: 2 s on a quiet machine, over the default 5 s beside the browser suite.
  }, 30_000);

  it('names its shape: pages of one shape have the same elements and classes (decision 313)', async () => {
    const namesOfShape = new Map<string, string>();
    await fc.assert(
      fc.asyncProperty(language, product, fc.array(review, { maxLength: 4 }), async (lang, p, reviews) => {
        const written = await renderer.render({
          language: lang,
          path: `/product/${p.id}`,
          page: { kind: 'product', product: p, reviews },
        });
        // The screen's own renders (each language's first, a sample after) name none.
        if (written.shape === undefined) return;
        expect(written.shape).toMatch(new RegExp(`^${lang}:\\d{4}:product:`));
        const names = markupNames(written.html);
        const seen = namesOfShape.get(written.shape!);
        if (seen === undefined) namesOfShape.set(written.shape!, names);
        else expect(names).toBe(seen);
      }),
      { numRuns: 400 },
    );
    // Products and reviews of many kinds: the key tells them apart.
    expect(namesOfShape.size).toBeGreaterThan(20);
  }, 30_000);
});
