/**
 * A credit note as PDF (decision 280): in the order's language, the platform as supplier with its
 * VAT number, the receipt it corrects, the amount and the VAT per rate, read back from the PDF's
 * text; the order's customer only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { insertProduct, insertStore, orderPayload, setStock } from '../../../test/order-builders.ts';
import { pdfText } from '../../../test/pdf-text.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build({ PLATFORM_VAT_NUMBER: 'CHE-123.456.789 MWST' });
});
afterAll(async () => {
  await t.close();
});

const put = (user: TestUser, url: string, language: string) =>
  t.app.inject({ method: 'PUT', url, headers: { ...user.auth, 'accept-language': language } });
const get = (user: TestUser, url: string, accept = 'application/pdf') =>
  t.app.inject({ url, headers: { ...user.auth, accept } });

interface Note {
  number: string;
  receipt: string;
  amount: string;
  vat: { rate: string; net: string; amount: string }[];
}

/**
 * Cheese (reduced) 2 × 12.50 and a pen (standard) 1 × 10.00 with CHF 20 shipping, placed in
 * `language`, paid, then cancelled by the customer: one credit note of CHF 55.
 */
async function refundedOrder(language: string): Promise<{ customer: TestUser; orderId: number; note: Note }> {
  const seller = await registerUser(t.app, { status: 'STORE_OWNER' });
  const store = await insertStore(t.database.db, seller.id);
  const cheese = await insertProduct(t.database.db, seller.id, { price: '12.50', vatRate: 'reduced' });
  const pen = await insertProduct(t.database.db, seller.id, { price: '10.00' });
  for (const p of [cheese, pen]) await setStock(t.database.db, store.id, p.id, 10);
  const customer = await registerUser(t.app);
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: { ...customer.auth, 'accept-language': language },
    payload: orderPayload(
      [
        { product: cheese, quantity: 2 },
        { product: pen, quantity: 1 },
      ],
      { totalPrice: '35.00', totalShippingPrice: '20.00' },
    ),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = (placed.json() as { id: number }).id;
  expect((await put(customer, `/api/orders/${orderId}/pay/`, language)).statusCode).toBe(200);
  expect((await put(customer, `/api/orders/${orderId}/cancel/`, language)).statusCode).toBe(200);
  const notes = (await get(customer, `/api/orders/${orderId}/credit-notes/`, 'application/json')).json();
  expect(notes).toHaveLength(1);
  return { customer, orderId, note: notes[0] as Note };
}

const refundOf = (note: Note) => note.number.split('-').at(-1)!;

describe('the credit note as PDF', () => {
  it.each([
    ['de-CH', 'de-CH', 'Gutschrift', 'Korrigiert Quittung', 'MWST-Nr.', 'Rückerstattet inkl. MWST'],
    ['fr-CH', 'fr-CH', 'Note de crédit', 'Corrige la quittance', 'N° TVA', 'Remboursé TVA incl.'],
    ['it-CH', 'it-CH', 'Nota di credito', 'Rettifica la ricevuta', 'N. IVA', 'Rimborsato IVA incl.'],
    ['en', 'en', 'Credit note', 'Corrects receipt', 'VAT no.', 'Refunded incl. VAT'],
  ])(
    'an order placed in %s gets its credit note in %s with the amount and the VAT per rate',
    async (language, contentLanguage, title, corrects, vatNo, refunded) => {
      const { customer, orderId, note } = await refundedOrder(language);
      const res = await get(customer, `/api/orders/${orderId}/credit-notes/${refundOf(note)}/`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-language']).toBe(contentLanguage);
      const text = pdfText(res.rawPayload);
      expect(text).toContain(`${title} ${note.number}`);
      expect(text).toContain(`${corrects} R-${String(orderId).padStart(6, '0')}`);
      expect(text).toContain('Marktgasse AG');
      expect(text).toContain(`${vatNo} CHE-123.456.789 MWST`);
      expect(text).toContain(`${refunded} (CHF)`);
      // 25.00 at 2.6 % holds 0.63; 10.00 + 20.00 shipping at 8.1 % hold 2.25 (decision 235).
      const lines = text.split('\n');
      const after = (label: string) => lines.slice(lines.indexOf(label) + 1, lines.indexOf(label) + 3);
      expect(after('8.1 %')).toEqual(['27.75', '2.25']);
      expect(after('2.6 %')).toEqual(['24.37', '0.63']);
      expect(after(`${refunded} (CHF)`)).toContain('55.-');
    },
  );

  it('answers JSON when asked, and 404 to anyone else and for a refund of another order', async () => {
    const { customer, orderId, note } = await refundedOrder('de-CH');
    const url = `/api/orders/${orderId}/credit-notes/${refundOf(note)}/`;
    expect((await get(customer, url, 'application/json')).json()).toEqual(note);

    const other = await refundedOrder('de-CH');
    expect((await get(other.customer, url)).statusCode).toBe(404);
    expect(
      (await get(customer, `/api/orders/${orderId}/credit-notes/${refundOf(other.note)}/`)).statusCode,
    ).toBe(404);
    expect((await get(customer, `/api/orders/${orderId}/credit-notes/999999/`)).statusCode).toBe(404);
    const bad = await get(customer, `/api/orders/${orderId}/credit-notes/-1/`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/refund id/);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});
