/** Every e-mail about orders, in each of the four languages, tells the facts of its event. */
import { formatQrReference, qrReferenceForOrder, trackingUrl } from '@marktgasse/shared';
import { describe, expect, it } from 'vitest';
import { MAIL_LANGUAGES, type MailLanguage } from '../mail/template.ts';
import { cancelMails, mails, type MailItem } from './mail.ts';

const site = { config: { PUBLIC_URL: 'https://marktgasse.example', HOST: '127.0.0.1', PORT: 8000 } };
const anna = { email: 'anna@example.ch', username: 'anna' };
const cheese: MailItem = {
  name: 'Emmentaler AOP',
  quantity: 2,
  priceRappen: 1250,
  orderType: 'inStore',
  storeName: 'Käserei Bern',
};
const honey: MailItem = {
  name: 'Bienenhonig',
  quantity: 1,
  priceRappen: 124_900,
  orderType: 'online',
  storeName: null,
};

/** 12.50 and 1249.- as each language writes them (French groups thousands with a narrow space). */
const amounts: Record<MailLanguage, [string, string]> = {
  en: ['CHF 12.50', 'CHF 1’249.-'],
  de: ['CHF 12.50', 'CHF 1’249.-'],
  fr: ['CHF 12.50', 'CHF 1\u202f249.-'],
  it: ['CHF 12.50', 'CHF 1’249.-'],
};
const greeting: Record<MailLanguage, string> = {
  en: 'Hello anna,',
  de: 'Guten Tag anna',
  fr: 'Bonjour anna,',
  it: 'Ciao anna,',
};
const orderNumber: Record<MailLanguage, (id: number) => string> = {
  en: (id) => `#${id}`,
  de: (id) => `#${id}`,
  fr: (id) => `n° ${id}`,
  it: (id) => `n. ${id}`,
};

/** The subjects of one template in the four languages are four different texts. */
const distinct = (subjects: string[]) => expect(new Set(subjects).size).toBe(4);

describe.each(MAIL_LANGUAGES)('order e-mails in %s', (l) => {
  const [unit, big] = amounts[l];
  const no = orderNumber[l];

  it('the invoice: amount, due date, QR reference, QR-bill and order links', () => {
    const mail = mails.invoiceIssued(site, anna, l, {
      orderId: 42,
      totalRappen: 124_900,
      dueAt: new Date('2026-12-10T12:00:00Z'),
    });
    expect(mail.recipient).toBe('anna@example.ch');
    expect(mail.subject).toContain(no(42));
    expect(mail.body.startsWith(greeting[l])).toBe(true);
    expect(mail.body).toContain(big);
    expect(mail.body).toContain('10.12.2026');
    expect(mail.body).toContain(formatQrReference(qrReferenceForOrder(42)));
    expect(mail.body).toContain('https://marktgasse.example/api/orders/42/qr-bill/');
    expect(mail.body).toContain('https://marktgasse.example/#/customer-order/42');
  });

  it('payment received: the lines with their prices, the total and the receipt', () => {
    const mail = mails.orderPaid(site, anna, l, { orderId: 7, totalRappen: 124_900, items: [cheese, honey] });
    expect(mail.subject).toContain(no(7));
    expect(mail.body).toContain(`2 × Emmentaler AOP — ${unit} (`);
    expect(mail.body).toContain('Käserei Bern');
    expect(mail.body).toContain(`1 × Bienenhonig — ${big}`);
    expect(mail.body).toContain('https://marktgasse.example/api/orders/7/receipt/');
    expect(mail.body).toContain('https://marktgasse.example/#/customer-order/7');
  });

  it('ready for pick-up: the code, the seller and the items', () => {
    const mail = mails.readyForPickup(site, anna, l, {
      orderId: 7,
      code: 'K7Q2',
      seller: 'Käserei',
      items: [cheese],
    });
    expect(mail.subject).toContain('K7Q2');
    expect(mail.subject).toContain(no(7));
    expect(mail.body).toContain('Käserei');
    expect(mail.body).toContain(`2 × Emmentaler AOP — ${unit}`);
  });

  it('the seller’s new paid order: both numbers, the lines, the total and the seller order link', () => {
    const mail = mails.sellerNewPaidOrder(site, anna, l, {
      orderId: 7,
      sellerOrderId: 9,
      totalRappen: 124_900,
      items: [honey],
    });
    expect(mail.subject).toContain(no(9));
    expect(mail.body).toContain(no(7));
    expect(mail.body).toContain(`1 × Bienenhonig — ${big}`);
    expect(mail.body).toContain('https://marktgasse.example/#/seller-order/9');
  });

  it('shipped: the carrier, the tracking number and the carrier’s tracking link', () => {
    const mail = mails.shipped(site, anna, l, {
      orderId: 7,
      seller: 'Imkerei',
      items: [honey],
      carrier: 'swisspost',
      trackingNumber: '99.00.123456.12345678',
    });
    expect(mail.subject).toContain('Imkerei');
    expect(mail.body).toContain('99.00.123456.12345678');
    expect(mail.body).toContain(trackingUrl('swisspost', '99.00.123456.12345678')!);
    const untracked = mails.shipped(site, anna, l, {
      orderId: 7,
      seller: 'Imkerei',
      items: [honey],
      carrier: null,
      trackingNumber: null,
    });
    expect(untracked.body).not.toContain('post.ch');
    expect(untracked.body).toContain('https://marktgasse.example/#/customer-order/7');
  });

  it('picked up: the item and the store', () => {
    const mail = mails.pickedUp(site, anna, l, { orderId: 7, item: cheese });
    expect(mail.subject).toContain('Emmentaler AOP');
    expect(mail.body).toContain('2 × Emmentaler AOP');
    expect(mail.body).toContain('Käserei Bern');
  });

  it('cancelled, a seller’s part cancelled, and a late payment refunded: the amounts and the reason', () => {
    const paid = cancelMails.customerCancelled(site, anna, l, { orderId: 7, refundedRappen: 1250 });
    expect(paid.subject).toContain(no(7));
    expect(paid.body).toContain(unit);
    const unpaid = cancelMails.customerCancelled(site, anna, l, { orderId: 7, refundedRappen: 0 });
    expect(unpaid.body).not.toContain('CHF');
    const part = cancelMails.sellerCancelled(site, anna, l, {
      orderId: 7,
      seller: 'Käserei',
      reason: 'Out of stock',
      refundedRappen: 124_900,
      items: [cheese],
    });
    expect(part.body).toContain('Out of stock');
    expect(part.body).toContain(big);
    expect(part.body).toContain(`2 × Emmentaler AOP — ${unit}`);
    const late = cancelMails.refunded(site, anna, l, { orderId: 7, refundedRappen: 124_900 });
    expect(late.body).toContain(big);
    expect(late.body).toContain(no(7));
  });
});

it('writes each order e-mail in four different texts', () => {
  const all = (make: (l: MailLanguage) => { subject: string }) =>
    distinct(MAIL_LANGUAGES.map((l) => make(l).subject));
  all((l) => mails.invoiceIssued(site, anna, l, { orderId: 1, totalRappen: 100, dueAt: new Date() }));
  all((l) => mails.orderPaid(site, anna, l, { orderId: 1, totalRappen: 100, items: [] }));
  all((l) => mails.readyForPickup(site, anna, l, { orderId: 1, code: 'A', seller: 'S', items: [] }));
  all((l) =>
    mails.sellerNewPaidOrder(site, anna, l, { orderId: 1, sellerOrderId: 2, totalRappen: 100, items: [] }),
  );
  all((l) =>
    mails.shipped(site, anna, l, { orderId: 1, seller: 'S', items: [], carrier: null, trackingNumber: null }),
  );
  all((l) => mails.pickedUp(site, anna, l, { orderId: 1, item: cheese }));
  all((l) => cancelMails.customerCancelled(site, anna, l, { orderId: 1, refundedRappen: 0 }));
  all((l) =>
    cancelMails.sellerCancelled(site, anna, l, {
      orderId: 1,
      seller: 'S',
      reason: 'r',
      refundedRappen: 0,
      items: [],
    }),
  );
  all((l) => cancelMails.refunded(site, anna, l, { orderId: 1, refundedRappen: 100 }));
});
