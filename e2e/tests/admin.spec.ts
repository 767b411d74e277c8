/**
 * The back office (issue 29), the Done-when journey from the web app: the demo staff member
 * enrols a second factor with the QR code and signs in; a customer reports a product, which
 * staff hide; staff remove an abusive review, suspend a seller, and refund part of a delivered
 * line; each shows at once to customers and stands in the audit log with its reason. Then
 * staff accounts, and the users screen (find, orders, password reset, lock). Screenshots at
 * 1280 and 390 px.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  DEMO_CUSTOMER,
  DEMO_PASSWORD,
  DEMO_SELLER,
  loginAs,
  screenshots,
  uniqueName,
} from '../support/helpers';
import { rememberedStaffSecret, rememberStaffSecret, staffLogin } from '../support/staff';

const STAFF = 'demo-staff';

interface ListedProduct {
  id: number;
  name: string;
  price: string;
  countInStock: number;
  seller: number;
}

const code = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetMs,
  });

/**
 * Signs the demo staff member in through the UI: enrols the authenticator (QR code, recovery
 * codes) when this spec is the first to sign in, else enters a code of the secret the enrolling
 * spec left (specs run in parallel, so another one may have enrolled first).
 */
async function signInStaff(page: Page): Promise<void> {
  await page.goto('/#/admin');
  await page.getByLabel('Username').fill(STAFF);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  const qr = page.getByRole('img', { name: /QR code/ });
  const codeField = page.getByLabel('Code from your authenticator app');
  await expect(qr.or(codeField).first()).toBeVisible();
  if (await qr.isVisible()) {
    await screenshots(page, 'admin-enrolment');
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    rememberStaffSecret(secret);
    await codeField.fill(code(secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    await page.getByRole('button', { name: 'I have saved them' }).click();
  } else {
    const secret = rememberedStaffSecret();
    expect(secret, 'the spec that enrolled the demo staff member kept its secret').not.toBeNull();
    // A code counts once: when another spec used this period's code a moment ago, the app says
    // so, and the next period's code signs in (waiting for it only then, not every time).
    await codeField.fill(code(secret!));
    await page.getByRole('button', { name: 'Sign in' }).click();
    const used = page.getByText('This code was used already. Wait for the next code.');
    await expect(page.getByRole('heading', { name: 'Back office' }).or(used)).toBeVisible();
    if (await used.isVisible()) {
      await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
      await codeField.fill(code(secret!));
      await page.getByRole('button', { name: 'Sign in' }).click();
    }
  }
  await expect(page.getByRole('heading', { name: 'Back office' })).toBeVisible();
}

async function bearer(request: APIRequestContext, username: string) {
  const login = await request.post('/api/users/login/', { data: { username, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const info = (await login.json()) as { access: string; id: number };
  return { id: info.id, headers: { authorization: `Bearer ${info.access}` } };
}

async function listed(request: APIRequestContext): Promise<ListedProduct[]> {
  const res = await request.get('/api/products/?offset=0&limit=100');
  return (await res.json()).results as ListedProduct[];
}

/**
 * A paid order of two units of a demo seller's product, sent (so delivered), and the customer's
 * one-star review of it: what staff refund and remove.
 */
async function deliveredOrderWithReview(request: APIRequestContext) {
  const customer = await bearer(request, DEMO_CUSTOMER);
  const seller = await bearer(request, DEMO_SELLER);
  // One the customer has not reviewed yet: a retry of this test must not meet its first review.
  const candidates = (await listed(request)).filter(
    (p) => p.seller === seller.id && p.countInStock > 3 && Number(p.price) < 50,
  );
  let product: (typeof candidates)[number] | undefined;
  for (const candidate of candidates) {
    const reviews = (await (await request.get(`/api/products/reviews/${candidate.id}`)).json()) as {
      user: number;
    }[];
    if (!reviews.some((r) => r.user === customer.id)) {
      product = candidate;
      break;
    }
  }
  if (!product)
    throw new Error('no cheap product of the demo seller in stock that the customer has not reviewed');
  const total = (Number(product.price) * 2).toFixed(2);
  const placed = await request.post('/api/orders/add/', {
    headers: customer.headers,
    data: {
      orderItems: [{ id: product.id, quantity: 2, orderType: 'online', storeId: null }],
      paymentMethod: 'PayPal',
      totalPrice: total,
      totalShippingPrice: '20.00',
      shippingAddress: { address: 'Marktgasse 1', city: 'Bern', postalCode: '3011', country: 'Switzerland' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: number };
  expect((await request.put(`/api/orders/${order.id}/pay/`, { headers: customer.headers })).ok()).toBe(true);
  const detail = (await (
    await request.get(`/api/orders/${order.id}/`, { headers: customer.headers })
  ).json()) as {
    sellerOrder: { id: number }[];
  };
  const sent = await request.put(`/api/seller-orders/${detail.sellerOrder[0]!.id}/send/`, {
    headers: seller.headers,
    data: {},
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const comment = `Abusive words ${uniqueName('r')}`;
  const review = await request.post(`/api/products/${product.id}/reviews/`, {
    headers: customer.headers,
    data: { rating: 1, comment },
  });
  expect(review.status(), await review.text()).toBeLessThan(300);
  return { orderId: order.id, product, comment };
}

/** Finds a row of a moderation list by searching for `text`. */
async function find(page: Page, card: string, label: string, text: string) {
  const section = page.locator('.card', { has: page.getByRole('heading', { name: card, exact: true }) });
  await section.getByLabel(label).fill(text);
  await section.getByRole('button', { name: 'Search' }).click();
  return section;
}

/** The row of a list whose number is exactly `#id` (a search by number also finds names with the digits). */
const rowOf = (list: ReturnType<Page['locator']>, id: number) =>
  list.locator('li').filter({ has: list.page().getByText(`#${id}`, { exact: true }) });

/** Opens an action's dialog, gives the reason and confirms. */
async function act(page: Page, opener: ReturnType<Page['locator']>, confirm: string, reason: string) {
  await opener.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test('staff hide a reported product, remove a review, suspend a seller and refund part of a line', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // Each reason names this try's ticket: the audit log keeps a retry's entries beside the first try's.
  const ticket = `ticket ${Date.now().toString(36).slice(-6)}`;
  const why = {
    hide: `Counterfeit reported by customers, ${ticket}`,
    review: `Insults the seller, ${ticket}`,
    suspend: `Stopped shipping for weeks, ${ticket}`,
    refund: `One bottle arrived broken, ${ticket}`,
  };
  const bought = await deliveredOrderWithReview(page.request);
  const others = (await listed(page.request)).filter((p) => p.seller !== bought.product.seller);
  const reported = others[0]!;
  const sibling = others.find((p) => p.seller === reported.seller && p.id !== reported.id);

  // A customer reports a product from its page.
  const customer = await (await browser.newContext()).newPage();
  await loginAs(customer, DEMO_CUSTOMER, DEMO_PASSWORD, `/product/${reported.id}`);
  await customer.getByRole('button', { name: 'Report' }).first().click();
  await customer.getByLabel('What is wrong?').selectOption('counterfeit');
  await customer.getByLabel('Tell us more (optional)').fill('The logo is printed crooked.');
  await customer.getByRole('button', { name: 'Send report' }).click();
  await expect(customer.getByText(/moderation team will look at it/)).toBeVisible();

  await signInStaff(page);
  await expect(page.getByText('Orders today')).toBeVisible();
  await screenshots(page, 'admin-dashboard');
  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByTestId('admin-reports').getByText('The logo is printed crooked.')).toBeVisible();
  await screenshots(page, 'admin-reports');

  // Hide the reported product: gone from the public API at once.
  await page.getByRole('link', { name: 'Moderation' }).click();
  const products = await find(page, 'Products', 'Product name, brand, number or seller', String(reported.id));
  const row = rowOf(products.getByTestId('admin-products'), reported.id);
  await act(page, row.getByRole('button', { name: 'Hide' }), 'Hide', why.hide);
  await expect(row.getByText(why.hide)).toBeVisible();
  expect((await page.request.get(`/api/products/${reported.id}/`)).status()).toBe(404);
  await screenshots(page, 'admin-moderation');

  // Remove the abusive review: the product's count goes down at once.
  const before = (await (await page.request.get(`/api/products/${bought.product.id}/`)).json()).numReviews;
  const own = await find(
    page,
    'Products',
    'Product name, brand, number or seller',
    String(bought.product.id),
  );
  const ownRow = rowOf(own.getByTestId('admin-products'), bought.product.id);
  await ownRow.getByRole('button', { name: 'Reviews' }).click();
  const review = page.getByTestId('admin-reviews').locator('li', { hasText: bought.comment });
  await act(page, review.getByRole('button', { name: 'Remove review' }), 'Remove review', why.review);
  await expect(page.getByTestId('admin-reviews').getByText(bought.comment)).toHaveCount(0);
  const after = (await (await page.request.get(`/api/products/${bought.product.id}/`)).json()).numReviews;
  expect(after).toBe(before - 1);

  // Suspend the reported product's seller: their other products leave public reads at once.
  const sellers = await find(page, 'Sellers', 'Seller name, e-mail or number', String(reported.seller));
  const sellerRow = rowOf(sellers.getByTestId('admin-sellers'), reported.seller);
  await act(page, sellerRow.getByRole('button', { name: 'Suspend' }), 'Suspend', why.suspend);
  await expect(sellerRow.getByText(why.suspend)).toBeVisible();
  if (sibling) expect((await page.request.get(`/api/products/${sibling.id}/`)).status()).toBe(404);
  await screenshots(page, 'admin-moderation-sellers');

  // Refund one of the two units of the delivered line.
  await page.getByRole('link', { name: 'Orders' }).click();
  await page.getByLabel('Order number, customer or seller').fill(String(bought.orderId));
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByTestId('admin-orders')
    .getByRole('link', { name: `#${bought.orderId}` })
    .click();
  await expect(page.getByRole('heading', { name: `Order #${bought.orderId}` })).toBeVisible();
  await page.getByRole('button', { name: 'Refund part of a line' }).click();
  await expect(page.getByRole('dialog').getByLabel('Units', { exact: true })).toHaveValue('1');
  await screenshots(page, 'admin-refund-dialog');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(why.refund);
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  const refunds = page.getByTestId('admin-payments');
  await expect(refunds.getByText(why.refund)).toBeVisible();
  await expect(refunds.getByText(bought.product.name)).toBeVisible();
  await screenshots(page, 'admin-order');

  // Each action stands in the audit log with its reason.
  await page.getByRole('link', { name: 'Audit log' }).click();
  const audit = page.getByTestId('admin-audit');
  for (const [label, action, reason] of [
    ['Product hidden', 'product.hide', why.hide],
    ['Review removed', 'review.remove', why.review],
    ['Seller suspended', 'seller.suspend', why.suspend],
    ['Part of a line refunded', 'order-line.refund', why.refund],
  ] as const) {
    const entry = audit.locator('tbody tr').filter({ hasText: reason });
    await expect(entry).toHaveCount(1);
    await expect(entry.getByRole('cell').nth(2)).toContainText(label);
    await expect(entry.getByRole('cell').nth(2).locator('code')).toHaveText(action);
  }
  await screenshots(page, 'admin-audit');

  // Staff accounts: a new colleague with support only.
  await page.getByRole('link', { name: 'Staff' }).click();
  const colleague = uniqueName('desk');
  await page.getByLabel('Username').fill(colleague);
  await page.getByLabel('E-mail').fill(`${colleague}@example.ch`);
  await page.getByLabel('Password').fill('Gletscher-Seil-42');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('admin-staff').getByText(colleague, { exact: true })).toBeVisible();
  await screenshots(page, 'admin-staff');

  // Put the shared demo data back for the other specs.
  await page.getByRole('link', { name: 'Moderation' }).click();
  const again = await find(page, 'Sellers', 'Seller name, e-mail or number', String(reported.seller));
  await act(
    page,
    rowOf(again.getByTestId('admin-sellers'), reported.seller).getByRole('button', { name: 'Reinstate' }),
    'Reinstate',
    'Shipping again',
  );
  const hidden = await find(page, 'Products', 'Product name, brand, number or seller', String(reported.id));
  await act(
    page,
    rowOf(hidden.getByTestId('admin-products'), reported.id).getByRole('button', { name: 'Show again' }),
    'Show again',
    'Invoices checked',
  );
  expect((await page.request.get(`/api/products/${reported.id}/`)).status()).toBe(200);
  await customer.context().close();
});

test('support find a user, open their orders and send a password reset; admin lock and unlock with a reason', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A fresh account with one order, to find and lock: the demo customer is shared with the
  // specs running beside this one.
  const username = uniqueName('kunde');
  const registered = await page.request.post('/api/users/registration/', {
    data: { username, email: `${username}@example.ch`, password: 'Gletscher-Seil-42', status: 'CUSTOMER' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const account = (await registered.json()) as { id: number; access: string };
  const headers = { authorization: `Bearer ${account.access}` };
  const product = (await listed(page.request)).find((p) => p.countInStock > 3 && Number(p.price) < 50)!;
  const placed = await page.request.post('/api/orders/add/', {
    headers,
    data: {
      orderItems: [{ id: product.id, quantity: 1, orderType: 'online', storeId: null }],
      paymentMethod: 'PayPal',
      totalPrice: product.price,
      totalShippingPrice: '20.00',
      shippingAddress: { address: 'Marktgasse 1', city: 'Bern', postalCode: '3011', country: 'Switzerland' },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = (await placed.json()).id as number;

  const session = await staffLogin(page.request);
  await page.goto('/');
  await page.evaluate((info) => localStorage.setItem('userInfo', info), JSON.stringify(session));
  // The session is read when the app starts: one full load of the users screen (the query
  // differs from the open page's). A hash change and a reload raced with the home page still
  // starting, which put its own address back, so the reload opened home (once in a final run).
  await page.goto('/?staff#/admin/users');

  // Find the account by its e-mail address among customers, and open its orders.
  await page.getByLabel('Username, e-mail, shop name or number').fill(`${username}@example.ch`);
  await page.getByLabel('Role').selectOption('CUSTOMER');
  await page.getByRole('button', { name: 'Search' }).click();
  const users = page.getByTestId('admin-users');
  await users.getByRole('link', { name: `Orders of ${username}` }).click();
  await expect(page.getByText(/Only the orders of customer #\d+/)).toBeVisible();
  const orders = page.getByTestId('admin-orders').locator('tbody tr');
  await expect(orders).toHaveCount(1);
  await expect(orders.getByRole('link', { name: `#${orderId}` })).toBeVisible();

  await page.getByRole('link', { name: 'Users', exact: true }).click();
  await page.getByLabel('Username, e-mail, shop name or number').fill(username);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = users.locator('tr', { has: page.getByText(username, { exact: true }) });
  await expect(row).toHaveCount(1);
  await screenshots(page, 'admin-users');

  await act(
    page,
    row.getByRole('button', { name: 'Send password reset e-mail' }),
    'Send password reset e-mail',
    'Asked by phone',
  );
  await expect(row.getByText(/password reset e-mail is on its way/)).toBeVisible();
  await act(page, row.getByRole('button', { name: 'Lock' }), 'Lock', 'Card fraud reported by the bank');
  await expect(row.getByText('locked')).toBeVisible();
  const login = await page.request.post('/api/users/login/', {
    data: { username, password: 'Gletscher-Seil-42' },
  });
  expect(login.status()).toBe(401);
  await screenshots(page, 'admin-users-locked');
  await act(page, row.getByRole('button', { name: 'Unlock' }), 'Unlock', 'Bank cleared the card');
  await expect(row.getByRole('button', { name: 'Lock' })).toBeVisible();

  // The account's own entries, found by its object: other specs (and a retry of this one, with
  // a new account) write to the same log meanwhile, so its newest rows are not all this test's.
  await page.getByRole('link', { name: 'Audit log' }).click();
  await page.getByLabel('Object').fill(`user:${account.id}`);
  await page.getByRole('button', { name: 'Search' }).click();
  const entries = page.getByTestId('admin-audit').locator('tbody tr');
  await expect(entries).toHaveCount(3);
  for (const [label, action, reason] of [
    ['Account unlocked', 'user.unlock', 'Bank cleared the card'],
    ['Account locked', 'user.lock', 'Card fraud reported by the bank'],
    ['Password reset e-mail sent', 'user.password-reset', 'Asked by phone'],
  ] as const) {
    const entry = entries.filter({ hasText: reason });
    await expect(entry).toHaveCount(1);
    // The action in words, and its raw name for support.
    await expect(entry.getByRole('cell').nth(2)).toContainText(label);
    await expect(entry.getByRole('cell').nth(2).locator('code')).toHaveText(action);
  }
  await screenshots(page, 'admin-audit-user');

  // One action, chosen by its name, and the same screen in German.
  await page.getByLabel('Action').selectOption({ label: 'Account locked' });
  await expect(entries).toHaveCount(1);
  await expect(entries).toContainText('Card fraud reported by the bank');
  await page.getByTestId('language-switcher').first().selectOption('de-CH');
  await expect(page.getByLabel('Aktion')).toHaveValue('user.lock');
  await expect(entries.getByRole('cell').nth(2)).toContainText('Konto gesperrt');
  await page.getByLabel('Aktion').selectOption({ label: 'Alle Aktionen' });
  await expect(entries).toHaveCount(3);
  await expect(entries.filter({ hasText: 'Asked by phone' })).toContainText(
    'E-Mail zum Zurücksetzen des Passworts gesendet',
  );
  await screenshots(page, 'admin-audit-user-de');
});
