/**
 * E-mails in the recipient's language (decision 272): an order placed and paid in German gets
 * German e-mails; one placed in English gets English ones. The seller is written to in their
 * account's language (users.locale, recorded when they registered), English without one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { buildShop, orderPayload, SHIPPING_ADDRESS, type Shop } from '../../../test/order-builders.ts';
import { outbox, users } from '../../db/schema.ts';

let t: TestApp;
let shop: Shop;
beforeAll(async () => {
  t = await build();
  shop = await buildShop(t.app, t.database.db, { prices: ['12.50'] });
});
afterAll(async () => {
  await t.close();
});

/** The e-mails to `email` about orders (not the account's own, such as the address confirmation). */
const mailsTo = async (email: string) =>
  (await t.database.db.select().from(outbox).where(eq(outbox.recipient, email))).filter((m) =>
    /#\d+/.test(m.subject),
  );

/** Places and pays an online order of two units with `lang` as the browser's Accept-Language. */
async function placeAndPay(customer: TestUser, lang: string): Promise<number> {
  const headers = { ...customer.auth, 'accept-language': lang };
  const payload = orderPayload(
    [{ product: shop.products[0]!, quantity: 2 }],
    {
      totalPrice: '25.00',
      totalShippingPrice: '20.00',
    },
    { shippingAddress: SHIPPING_ADDRESS },
  );
  const placed = await t.app.inject({ method: 'POST', url: '/api/orders/add/', headers, payload });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().id as number;
  const paid = await t.app.inject({ method: 'PUT', url: `/api/orders/${id}/pay/`, headers });
  expect(paid.statusCode, paid.body).toBe(200);
  return id;
}

describe('the language of order e-mails', () => {
  it('writes to a customer who ordered in German in German, with the order’s facts', async () => {
    const customer = await registerUser(t.app);
    const id = await placeAndPay(customer, 'de-CH,de;q=0.9,en;q=0.5');
    const [paid] = await mailsTo(customer.email);
    expect(paid?.subject).toBe(`Marktgasse: Zahlung für Bestellung #${id} erhalten`);
    expect(paid?.body).toMatch(/^Guten Tag /);
    expect(paid?.body).toContain(`2 × ${shop.products[0]!.name} — CHF 12.50 (wird Ihnen geschickt)`);
    expect(paid?.body).toContain('Total: CHF 45.-');
    expect(paid?.body).toContain(`/api/orders/${id}/receipt/`);
    expect(paid?.body).toContain('der Marktplatz der Schweizer Läden');
  });

  it('writes to a customer who ordered in English in English, and to the seller in English', async () => {
    const customer = await registerUser(t.app);
    const id = await placeAndPay(customer, 'en-GB');
    const [paid] = await mailsTo(customer.email);
    expect(paid?.subject).toBe(`Marktgasse: payment received for order #${id}`);
    expect(paid?.body).toContain('(sent to you)');
    const seller = await mailsTo(shop.seller.email);
    expect(seller.find((m) => m.body.includes(`order #${id} has been paid`))?.body).toContain('(to send)');
  });

  it('writes to a seller in their account’s language, whatever the customer’s', async () => {
    await t.database.db.update(users).set({ locale: 'fr' }).where(eq(users.id, shop.seller.id));
    try {
      const customer = await registerUser(t.app);
      const id = await placeAndPay(customer, 'de-CH');
      // French subjects number with `n°`, not `#`: every e-mail to the seller.
      const seller = await t.database.db.select().from(outbox).where(eq(outbox.recipient, shop.seller.email));
      const mail = seller.find((m) => m.body.includes(`commande n° ${id} a été payée`));
      expect(mail?.subject).toMatch(/^Marktgasse : nouvelle commande payée, commande vendeur n° \d+$/);
      expect(mail?.body).toMatch(/^Bonjour /);
      // The customer still hears in the language they ordered in.
      expect((await mailsTo(customer.email))[0]?.subject).toBe(
        `Marktgasse: Zahlung für Bestellung #${id} erhalten`,
      );
    } finally {
      await t.database.db.update(users).set({ locale: null }).where(eq(users.id, shop.seller.id));
    }
  });
});
