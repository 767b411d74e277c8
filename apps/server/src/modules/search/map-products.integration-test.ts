import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { createStore, insertProduct, setStock } from '../../../test/store-builders.ts';

interface MapItem {
  id: number;
  name: string;
  units?: number;
  matching_products?: { id: number; name: string; units: number }[];
}

let t: TestApp;
let cheeseSeller: TestUser;
let weaver: TestUser;
let kaeserei: { id: number; name: string };
let laube: { id: number; name: string };
let empty: { id: number; name: string };
let weberei: { id: number; name: string };
let emmentaler: { id: number; name: string };

const map = async (q: string) => {
  const res = await t.app.inject({ url: `/api/search/?type=map&search_string=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return res.json() as MapItem[];
};

beforeAll(async () => {
  t = await build();
  cheeseSeller = await registerUser(t.app, { status: 'STORE_OWNER' });
  weaver = await registerUser(t.app, { status: 'STORE_OWNER' });
  kaeserei = await createStore(t.app, cheeseSeller, { name: 'Chäsi am Märit', city: 'Bern' });
  laube = await createStore(t.app, cheeseSeller, { name: 'Laube', city: 'Thun' });
  empty = await createStore(t.app, cheeseSeller, { name: 'Lager Ost', city: 'Burgdorf' });
  weberei = await createStore(t.app, weaver, {
    name: 'Leinenweberei im Emmental',
    city: 'Langnau',
    description: 'Leinen aus dem Emmental',
  });
  emmentaler = await insertProduct(t.database, cheeseSeller, { name: 'Emmentaler AOP', brand: 'Hofkäserei' });
  const raclette = await insertProduct(t.database, cheeseSeller, { name: 'Raclette Käse', brand: 'Alp' });
  await setStock(t.app, cheeseSeller, kaeserei.id, emmentaler.id, 4);
  await setStock(t.app, cheeseSeller, laube.id, emmentaler.id, 9);
  await setStock(t.app, cheeseSeller, laube.id, raclette.id, 2);
  await setStock(t.app, cheeseSeller, empty.id, emmentaler.id, 0);
  t.app.ctx.cache.invalidate();
});
afterAll(async () => {
  await t.close();
});

describe('the store map finds products', () => {
  it('"Emmentaler" lists the stores holding it in stock, most units first, not the weaver in the Emmental', async () => {
    const found = await map('Emmentaler');
    expect(found.map((s) => s.name)).toEqual(['Laube', 'Chäsi am Märit']);
    expect(found[0]).toMatchObject({
      units: 9,
      matching_products: [{ id: emmentaler.id, name: 'Emmentaler AOP', units: 9 }],
    });
    expect(found[1]!.units).toBe(4);
    expect(found.some((s) => s.id === empty.id)).toBe(false);
    expect(found.some((s) => s.id === weberei.id)).toBe(false);
  });

  it('a product word held in one store finds that store; a store word still finds stores by name', async () => {
    expect((await map('raclette')).map((s) => [s.name, s.units])).toEqual([['Laube', 2]]);
    const byName = await map('Leinenweberei');
    expect(byName.map((s) => [s.name, s.units])).toEqual([['Leinenweberei im Emmental', 0]]);
  });

  it('a word matching both lists the holders first, then the stores matching by name', async () => {
    const found = await map('Emmental');
    expect(found.map((s) => s.name)).toEqual(['Laube', 'Chäsi am Märit', 'Leinenweberei im Emmental']);
  });

  it('with a typo and nothing as typed, the typo finds the product’s stores', async () => {
    expect((await map('Emmentahler')).map((s) => s.name)).toEqual(['Laube', 'Chäsi am Märit']);
  });
});
