/**
 * The translated words of a two-kind shelf ("Käse & Milchprodukte") go to the products whose
 * own words name that kind in some language, not to every product of the shelf
 * (docs/decisions/240).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { insertProduct } from '../../../test/store-builders.ts';

let t: TestApp;
let seller: TestUser;
let gruyere: { id: number };
let formaggio: { id: number };
let rahm: { id: number };
let espresso: { id: number };
let sencha: { id: number };

beforeAll(async () => {
  t = await build();
  seller = await registerUser(t.app, { status: 'STORE_OWNER' });
  const tree: { id: number; name: string; subcategory: { id: number; name: string }[] }[] = (
    await t.app.inject({ url: '/api/products/categories/' })
  ).json();
  const shelf = (name: string) => {
    for (const c of tree)
      for (const s of c.subcategory) if (s.name === name) return { categoryId: c.id, subcategoryId: s.id };
    throw new Error(`no subcategory ${name}`);
  };
  const cheese = shelf('Cheese & Dairy');
  const coffee = shelf('Coffee & Tea');
  gruyere = await insertProduct(t.database, seller, {
    name: 'Gruyère AOP, 500 g',
    brand: 'Fromagerie Moléson',
    ...cheese,
  });
  formaggio = await insertProduct(t.database, seller, {
    name: 'Formaggio d’alpe Piora',
    brand: 'Alpe Piora',
    ...cheese,
  });
  rahm = await insertProduct(t.database, seller, {
    name: 'Vollrahm, 5 dl',
    brand: 'Molkerei Gais',
    ...cheese,
  });
  espresso = await insertProduct(t.database, seller, {
    name: 'Espresso Bohnen, 1 kg',
    brand: 'Torrefazione Mendrisio',
    description: 'Caffè dal Ticino.',
    ...coffee,
  });
  sencha = await insertProduct(t.database, seller, { name: 'Grüntee Sencha', brand: 'Teehaus', ...coffee });
  t.app.ctx.cache.invalidate();
});
afterAll(async () => {
  await t.close();
});

async function found(q: string): Promise<number[]> {
  const res = await t.app.inject({ url: `/api/search/?type=all&search_string=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { id: number }[]).map((p) => p.id);
}

describe('a two-kind shelf’s words in four languages', () => {
  // Not "formaggio" here: it is a word of one product, so it is matched as typed, and a
  // singular does not find the plural "formaggi" of the shelf's name (no stemming).
  it.each(['Käse', 'Kaese', 'fromage', 'Fromages', 'formaggi'])(
    '"%s" finds the cheeses, named so in any language, and not the cream of the same shelf',
    async (q) => {
      expect((await found(q)).sort()).toEqual([gruyere.id, formaggio.id].sort());
    },
  );

  it('the English shelf name still gives "cheese" to the whole shelf, as before', async () => {
    expect((await found('cheese')).sort()).toEqual([gruyere.id, formaggio.id, rahm.id].sort());
  });

  it.each(['Kaffee', 'café', 'caffè'])('"%s" finds the coffee and not the tea of its shelf', async (q) => {
    expect(await found(q)).toEqual([espresso.id]);
  });

  it('a product renamed so that it names no kind loses the kind’s words', async () => {
    await t.database.db.execute(
      sql`update products set name = 'Alpbutter', brand = 'Alpe Piora' where id = ${formaggio.id}`,
    );
    t.app.ctx.cache.invalidate();
    expect(await found('Käse')).toEqual([gruyere.id]);
    expect(await found('Tee')).toEqual([sencha.id]);
  });
});
