import { expect, test, type Page } from '@playwright/test';
import { DEMO_CUSTOMER, DEMO_PASSWORD, loginAs, screenshots } from '../support/helpers';
import {
  button,
  expectAnnounced,
  expectPageAnnounced,
  field,
  focused,
  messages,
  paidOrderToFulfil,
  products,
  ADDRESS,
  pattern,
  tabTo,
  useLanguage,
  type Lang,
} from '../support/a11y';

/**
 * A keyboard-only purchase and a keyboard-only seller fulfilment (sent, picked up), in English and
 * German, at desktop and phone width: after every step the focus is where a keyboard user needs
 * it (the new page's heading, or what replaced the control just used) and the result is said in
 * the app's live region.
 */
async function keyboardPurchase(page: Page, lang: Lang, width: number) {
  const m = messages(lang);
  const buyable = new Set((await products(page)).filter((p) => p.countInStock > 2).map((p) => p.id));

  await page.goto('/');
  await expect(page.locator('main h1')).toHaveCount(1);
  await tabTo(page, 'a product in stock', (f) => {
    const id = /#\/product\/(\d+)$/.exec(f.href)?.[1];
    return f.tag === 'a' && !!id && buyable.has(Number(id));
  });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/product\/\d+$/);
  await expectPageAnnounced(page);

  await tabTo(page, 'the order type', field(m('catalogue.purchase.orderType')));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel(m('catalogue.purchase.orderType'))).toHaveValue('online');
  await tabTo(page, 'the quantity', field(m('catalogue.purchase.quantity')));
  await page.keyboard.press('ArrowDown');
  await tabTo(page, 'Add to Cart', button(m('catalogue.purchase.add')));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/cart$/);
  await expectPageAnnounced(page, m('checkout.cart.title'));
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  // A quantity change: the new count and total are announced.
  await tabTo(page, 'the cart quantity', (f) => f.tag === 'select');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  const total = (await page.getByTestId('cart-total').textContent())!.trim();
  await expectAnnounced(page, total);
  await page.keyboard.press('ArrowUp');
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await tabTo(page, 'Proceed To Checkout', button(m('checkout.cart.proceed')));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/login\?redirect=/);
  await expectPageAnnounced(page);
  await tabTo(page, 'the username', field(m('auth.username')));
  await page.keyboard.type(DEMO_CUSTOMER);
  await tabTo(page, 'the password', field(m('auth.password')));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/shipping$/);
  await expectPageAnnounced(page, m('checkout.shipping.title'));

  for (const [key, value] of [
    ['checkout.shipping.name', ADDRESS.name],
    ['checkout.shipping.address', ADDRESS.address],
    ['checkout.shipping.city', ADDRESS.city],
    ['checkout.shipping.postalCode', ADDRESS.postalCode],
    ['checkout.shipping.country', ADDRESS.country],
  ] as const) {
    await tabTo(page, key, field(m(key)));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/payment$/);
  await expectPageAnnounced(page);
  await tabTo(page, 'the PayPal choice', (f) => f.tag === 'input' && f.type === 'radio');
  await page.keyboard.press('Space');
  await tabTo(page, 'Continue', button(m('checkout.continue')));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/placeorder$/);
  await expectPageAnnounced(page);
  await tabTo(page, 'Place Order', button(m('checkout.place.button')));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/customer-order\/\d+$/);
  await expectPageAnnounced(page);
  await tabTo(page, 'Test payment', button(m('orders.pay.test')));
  await page.keyboard.press('Enter');
  // The pay button is gone: focus is on the "Paid on …" notice, which is also said.
  const paid = page.locator('#payment-status');
  await expect(paid).toBeFocused();
  await expectAnnounced(page, pattern(m('orders.customer.paidOnAt')));
  if (width === 390) await screenshots(page, `a11y-keyboard-paid-${lang}`);
}

async function keyboardFulfilment(page: Page, lang: Lang) {
  const m = messages(lang);
  const { sellerOrder, seller, pickupName } = await paidOrderToFulfil(page);
  await loginAs(page, seller, DEMO_PASSWORD, '/seller-orders');
  await expect(page.locator('main h1')).toHaveCount(1);
  await tabTo(
    page,
    'the seller order',
    (f) => f.label === m('orders.list.detailsOfSeller', { id: sellerOrder.id }),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`#/seller-order/${sellerOrder.id}$`));
  await expectPageAnnounced(page);

  await tabTo(page, 'Mark As Sent', button(m('orders.seller.markSent')));
  await page.keyboard.press('Enter');
  // The dialog asks for the carrier and tracking number (both optional): confirmed as it is.
  const sendDialog = page.getByRole('dialog');
  await expect(sendDialog.getByLabel(m('orders.send.carrier'))).toBeFocused();
  await tabTo(page, 'the confirm button', button(m('orders.send.confirm')));
  await page.keyboard.press('Enter');
  await expect(sendDialog).toHaveCount(0);
  await expect(page.locator('#shipping-status')).toBeFocused();
  await expectAnnounced(page, pattern(m('orders.seller.sentOn')));

  await tabTo(page, 'Mark as Picked Up', button(m('orders.seller.markPickedUp')));
  expect((await focused(page)).label).toBe(m('orders.seller.markPickedUpOf', { name: pickupName }));
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(m('orders.pickup.label'))).toBeFocused();
  await page.keyboard.type(sellerOrder.pickupCode!);
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator(`#pickup-status-${sellerOrder.inStoreOrderItems[0]!.id}`)).toBeFocused();
  await expectAnnounced(page, pattern(m('orders.seller.pickedUpOn')));
  await expect(page.getByText(pattern(m('orders.seller.completedOn')))).toBeVisible();
}

for (const lang of ['en', 'de'] as const) {
  for (const width of [1280, 390]) {
    test(`keyboard-only purchase and seller fulfilment, ${lang} at ${width}px`, async ({ page }) => {
      test.setTimeout(150_000);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await useLanguage(page, lang);
      await keyboardPurchase(page, lang, width);
      await keyboardFulfilment(page, lang);
    });
  }
}
