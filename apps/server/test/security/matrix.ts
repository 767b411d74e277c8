/**
 * The authorization matrix: for every route of the server (method + URL pattern as the router
 * stores it, without the trailing slash) the expected status for each role. A route of the
 * route table without an entry here fails the suite; an entry must list all six roles.
 *
 * Expected values: a status, or a list of acceptable statuses (object-level refusals may be
 * 403 or 404, but never 2xx).
 */
import { uniqueName } from '../fixtures.ts';
import {
  FRESH_PRODUCT_PRICE,
  ROLES,
  orderBody,
  routeTable,
  type Role,
  type World,
} from '../security-fixtures.ts';

export type Expected = number | readonly number[];
export type Expectations = Record<Role, Expected>;

export interface MatrixCase {
  label?: string;
  /** The concrete URL; may create a fresh object for destructive routes. */
  url: (w: World, role: Role) => string | Promise<string>;
  body?: (w: World, role: Role) => unknown;
  expect: Expectations;
  /** Order in which the roles run (owners of destructive actions last). */
  order?: readonly Role[];
  /** Runs after each role's request (e.g. log in again after a logout). */
  after?: (w: World, role: Role) => Promise<void>;
  /** Field-level checks on a response. */
  check?: (w: World, role: Role, res: { statusCode: number; body: string }) => void;
}

/** Routes left out of the matrix on purpose, with the reason. */
export const HIDDEN: { pattern: RegExp; why: string }[] = [
  {
    pattern: /^(GET|HEAD) \/media\/\*$/,
    why: 'public images with server-generated names (tested in uploads)',
  },
  {
    pattern: /^(GET|HEAD) \/media\/placeholder\/:version\/:file$/,
    why: 'the default images: static and public (contract suite, catalogue)',
  },
  { pattern: /^(GET|HEAD) \/api\/docs/, why: 'the OpenAPI viewer: static and public' },
  { pattern: /^OPTIONS \*$/, why: 'CORS preflight (tested in headers)' },
  { pattern: /^HEAD /, why: 'HEAD runs the GET handler and is checked through GET' },
];

const PUBLIC: Expectations = {
  anonymous: 200,
  customerA: 200,
  customerB: 200,
  sellerS: 200,
  sellerT: 200,
  staff: 200,
};
const ANY_USER = (status: number): Expectations => ({
  anonymous: 401,
  customerA: status,
  customerB: status,
  sellerS: status,
  sellerT: status,
  staff: status,
});
/** Seller-only, nothing object-level: 401 anonymous, 403 for customers and staff (no seller profile). */
const SELLERS = (status: number): Expectations => ({
  anonymous: 401,
  customerA: 403,
  customerB: 403,
  sellerS: status,
  sellerT: status,
  staff: 403,
});
const NOT_OWNER = [403, 404] as const;
/** Only S (owner) may; another seller is refused object-level, customers and staff function-level. */
const ONLY_S = (status: number): Expectations => ({
  anonymous: 401,
  customerA: NOT_OWNER,
  customerB: NOT_OWNER,
  sellerS: status,
  sellerT: NOT_OWNER,
  staff: NOT_OWNER,
});
/** Only customer A (the order's customer); everyone else gets 404 (the order's existence is not revealed). */
const ONLY_A = (status: number): Expectations => ({
  anonymous: 401,
  customerA: status,
  customerB: 404,
  sellerS: 404,
  sellerT: 404,
  staff: 404,
});
const S_LAST: readonly Role[] = ['anonymous', 'customerA', 'customerB', 'sellerT', 'staff', 'sellerS'];
const A_LAST: readonly Role[] = ['anonymous', 'customerB', 'sellerS', 'sellerT', 'staff', 'customerA'];

/**
 * A new unpaid order of A for one unit of a fresh product of S (for routes that end an order).
 * Its own product: fuzzing may have ordered or zeroed the shared product's stock by then.
 */
async function freshOrderOfA(w: World): Promise<{ id: number; sellerOrderId: number }> {
  const productId = await w.freshProduct();
  const res = await w.app.inject({
    method: 'POST',
    url: '/api/orders/add/',
    headers: w.headers('customerA'),
    payload: orderBody(productId, FRESH_PRODUCT_PRICE, [{ quantity: 1 }]),
  });
  if (res.statusCode !== 201) throw new Error(`fresh order: ${res.statusCode} ${res.body}`);
  const order = res.json() as { id: number; sellerOrder: { id: number }[] };
  return { id: order.id, sellerOrderId: order.sellerOrder[0]!.id };
}

/** A paid and then cancelled order of A (one per world): its refund has a credit note. */
const refundedOrders = new WeakMap<World, Promise<{ id: number; refundId: number }>>();
function refundedOrderOfA(w: World): Promise<{ id: number; refundId: number }> {
  const made = refundedOrders.get(w) ?? makeRefundedOrderOfA(w);
  refundedOrders.set(w, made);
  return made;
}
async function makeRefundedOrderOfA(w: World): Promise<{ id: number; refundId: number }> {
  const { id } = await freshOrderOfA(w);
  for (const step of ['pay', 'cancel']) {
    const res = await w.inject('customerA', { method: 'PUT', url: `/api/orders/${id}/${step}/` });
    if (res.statusCode !== 200) throw new Error(`refunded order, ${step}: ${res.statusCode} ${res.body}`);
  }
  const notes = await w.inject('customerA', { method: 'GET', url: `/api/orders/${id}/credit-notes/` });
  const [note] = notes.json() as { number: string }[];
  if (!note) throw new Error(`refunded order ${id} has no credit note: ${notes.body}`);
  return { id, refundId: Number(note.number.split('-').at(-1)) };
}

const noSecrets = (_w: World, _role: Role, res: { body: string }) => {
  if (/password|scrypt|token_?version/i.test(res.body))
    throw new Error(`secret field in ${res.body.slice(0, 200)}`);
};
const noEmail = (w: World, role: Role, res: { body: string }) => {
  noSecrets(w, role, res);
  if (/"email"|@example\.ch/.test(res.body))
    throw new Error(`e-mail in public answer ${res.body.slice(0, 200)}`);
};

const validProduct = (w: World) => ({
  brand: 'Marke',
  name: uniqueName('Produkt '),
  price: '5.50',
  category: w.ref.category,
  subcategory: w.ref.subcategory,
});
const validStore = () => ({ name: uniqueName('Laden '), latitude: 46.9, longitude: 7.4, city: 'Bern' });

/** Admin routes for a staff member without permissions: everyone gets the 404 of a missing route. */
function adminRoutesAnswerNobody(
  routes: [method: string, pattern: string, url: (w: World) => string][],
): Record<string, MatrixCase[]> {
  const nobody: Expectations = {
    anonymous: 404,
    customerA: 404,
    customerB: 404,
    sellerS: 404,
    sellerT: 404,
    staff: 404,
  };
  return Object.fromEntries(
    routes.map(([method, pattern, url]) => [
      `${method} ${pattern}`,
      [
        {
          url,
          body: method === 'GET' ? undefined : () => ({ reason: 'matrix', status: 'dismissed' }),
          expect: nobody,
          check: (w, role, res) => {
            const path = url(w).split('?')[0];
            if (JSON.parse(res.body).detail !== `There is no ${method} ${path}.`)
              throw new Error(`not the missing route's answer for ${role}: ${res.body}`);
          },
        },
      ],
    ]),
  );
}

export const MATRIX: Record<string, MatrixCase[]> = {
  'GET /api/health': [{ url: () => '/api/health/', expect: PUBLIC }],
  'GET /api/openapi.json': [{ url: () => '/api/openapi.json', expect: PUBLIC }],
  'GET /api/config': [{ url: () => '/api/config/', expect: PUBLIC, check: noSecrets }],

  // ---------------------------------------------------------------- accounts
  'POST /api/users/registration': [
    {
      url: () => '/api/users/registration/',
      body: () => {
        const username = uniqueName('reg');
        return { username, email: `${username}@example.org`, password: 'long enough pass' };
      },
      expect: { anonymous: 201, customerA: 201, customerB: 201, sellerS: 201, sellerT: 201, staff: 201 },
      check: noSecrets,
    },
  ],
  'POST /api/users/login': [
    {
      label: 'wrong password',
      url: () => '/api/users/login/',
      body: (w) => ({ username: w.users.customerB.username, password: 'wrong password 1' }),
      expect: { anonymous: 401, customerA: 401, customerB: 401, sellerS: 401, sellerT: 401, staff: 401 },
    },
  ],
  'POST /api/users/logout': [
    {
      url: () => '/api/users/logout/',
      expect: ANY_USER(204),
      after: async (w, role) => {
        if (role !== 'anonymous') await w.relogin(role);
      },
    },
  ],
  'GET /api/users/me': [
    {
      url: () => '/api/users/me/',
      expect: ANY_USER(200),
      check: (w, role, res) => {
        if (role === 'anonymous') return;
        const body = JSON.parse(res.body);
        if (body.id !== w.users[role].id) throw new Error(`me of ${role} answered user ${body.id}`);
        noSecrets(w, role, res);
      },
    },
  ],
  // E-mail links (decisions 253, 254): the token decides, not the caller.
  'POST /api/users/email-confirmation': [
    {
      label: 'a token nobody was sent',
      url: () => '/api/users/email-confirmation/',
      body: () => ({ token: 'not-a-token-anybody-was-sent' }),
      expect: { anonymous: 400, customerA: 400, customerB: 400, sellerS: 400, sellerT: 400, staff: 400 },
    },
  ],
  'POST /api/users/email-confirmation/resend': [
    { url: () => '/api/users/email-confirmation/resend/', expect: ANY_USER(202) },
  ],
  // A signed-in user's own address and password (decision 324). Wrong current passwords only:
  // the fuzz suite starts from these bodies and must not change a role's password or address.
  'POST /api/users/me/email': [
    {
      label: 'a wrong current password (staff: the address is the admin’s)',
      url: () => '/api/users/me/email/',
      body: () => ({ email: `${uniqueName('neu')}@example.ch`, password: 'wrong password 1' }),
      expect: { ...ANY_USER(400), staff: 403 },
    },
  ],
  'POST /api/users/email-change/confirm': [
    {
      label: 'a token nobody was sent',
      url: () => '/api/users/email-change/confirm/',
      body: () => ({ token: 'not-a-token-anybody-was-sent' }),
      expect: { anonymous: 400, customerA: 400, customerB: 400, sellerS: 400, sellerT: 400, staff: 400 },
    },
  ],
  'POST /api/users/me/password': [
    {
      label: 'a wrong current password',
      url: () => '/api/users/me/password/',
      body: () => ({ currentPassword: 'wrong password 1', newPassword: 'long enough pass 2' }),
      expect: ANY_USER(400),
    },
  ],
  'POST /api/users/password-reset': [
    {
      label: 'an unknown name (the same answer as a known one)',
      url: () => '/api/users/password-reset/',
      body: () => ({ username: uniqueName('nobody') }),
      expect: { anonymous: 202, customerA: 202, customerB: 202, sellerS: 202, sellerT: 202, staff: 202 },
    },
  ],
  'POST /api/users/password-reset/confirm': [
    {
      label: 'a token nobody was sent',
      url: () => '/api/users/password-reset/confirm/',
      body: () => ({ token: 'not-a-token-anybody-was-sent', password: 'long enough pass' }),
      expect: { anonymous: 400, customerA: 400, customerB: 400, sellerS: 400, sellerT: 400, staff: 400 },
    },
  ],
  'POST /api/users/staff-invitation/accept': [
    {
      label: 'a token nobody was sent',
      url: () => '/api/users/staff-invitation/accept/',
      body: () => ({ token: 'not-a-token-anybody-was-sent', password: 'long enough pass' }),
      expect: { anonymous: 400, customerA: 400, customerB: 400, sellerS: 400, sellerT: 400, staff: 400 },
    },
  ],
  'GET /api/users': [
    {
      url: () => '/api/users/',
      expect: { anonymous: 401, customerA: 403, customerB: 403, sellerS: 403, sellerT: 403, staff: 200 },
      check: noSecrets,
    },
  ],
  'DELETE /api/users/:id': [
    {
      label: "A's account",
      url: (w) => `/api/users/${w.users.customerA.id}/`,
      // Runs last of all (see LAST_ROUTES): A deletes the own account; anyone else's try is a 404 like a missing user.
      expect: { anonymous: 401, customerA: 204, customerB: 404, sellerS: 404, sellerT: 404, staff: 404 },
      order: A_LAST,
    },
  ],
  'POST /api/profiles/new': [
    {
      label: "for A's user id",
      url: () => '/api/profiles/new/',
      body: (w) => ({ user: w.users.customerA.id, status: 'CUSTOMER' }),
      // A already has a profile (409); anyone else may not create one for A; without a token
      // only a profile-less account registered moments ago from the same address may (401).
      expect: { anonymous: 401, customerA: 409, customerB: 403, sellerS: 403, sellerT: 403, staff: 403 },
    },
  ],
  'GET /api/profiles': [{ url: () => '/api/profiles/', expect: PUBLIC, check: noEmail }],
  'GET /api/profiles/sellers': [{ url: () => '/api/profiles/sellers/', expect: PUBLIC, check: noEmail }],
  'GET /api/profiles/latest-sellers': [
    { url: () => '/api/profiles/latest-sellers/', expect: PUBLIC, check: noEmail },
  ],
  'GET /api/profiles/:id': [
    { url: (w) => `/api/profiles/${w.users.customerA.id}/`, expect: PUBLIC, check: noEmail },
  ],
  'PATCH /api/profiles/:id': [
    {
      label: "A's profile",
      url: (w) => `/api/profiles/${w.users.customerA.id}/`,
      body: () => ({ description: 'changed' }),
      expect: { anonymous: 401, customerA: 200, customerB: 404, sellerS: 404, sellerT: 404, staff: 404 },
    },
    {
      label: "S's profile",
      url: (w) => `/api/profiles/${w.users.sellerS.id}/`,
      body: () => ({ industry: 'Käse' }),
      expect: { anonymous: 401, customerA: 404, customerB: 404, sellerS: 200, sellerT: 404, staff: 404 },
    },
  ],

  // ---------------------------------------------------------------- catalogue
  'GET /api/products': [{ url: () => '/api/products/?offset=0&limit=12', expect: PUBLIC, check: noEmail }],
  'GET /api/products/categories': [{ url: () => '/api/products/categories/', expect: PUBLIC }],
  'GET /api/products/latest-products': [
    { url: () => '/api/products/latest-products/', expect: PUBLIC, check: noEmail },
  ],
  'GET /api/products/latest-reviews': [
    { url: () => '/api/products/latest-reviews/', expect: PUBLIC, check: noEmail },
  ],
  'GET /api/products/myproducts': [
    {
      url: () => '/api/products/myproducts/',
      expect: SELLERS(200),
      check: (w, role, res) => {
        if (res.statusCode !== 200) return;
        const sellers = new Set((JSON.parse(res.body) as { seller: number }[]).map((p) => p.seller));
        for (const s of sellers)
          if (s !== w.users[role as 'sellerS'].id) throw new Error(`${role} sees products of seller ${s}`);
      },
    },
  ],
  'GET /api/products/user/:id': [
    { url: (w) => `/api/products/user/${w.users.sellerS.id}`, expect: PUBLIC, check: noEmail },
  ],
  'POST /api/products/new': [{ url: () => '/api/products/new/', body: validProduct, expect: SELLERS(201) }],
  'GET /api/products/reviews/:id': [{ url: (w) => `/api/products/reviews/${w.product.id}`, expect: PUBLIC }],
  'POST /api/products/:id/reviews': [
    {
      label: 'a fresh product of S each time',
      url: async (w) => `/api/products/${await w.freshProduct()}/reviews/`,
      body: () => ({ rating: 4, comment: 'Gut.' }),
      expect: { anonymous: 401, customerA: 201, customerB: 201, sellerS: 403, sellerT: 403, staff: 403 },
    },
  ],
  'GET /api/products/:id': [{ url: (w) => `/api/products/${w.product.id}`, expect: PUBLIC, check: noEmail }],
  'DELETE /api/products/:id': [
    {
      label: 'a fresh product of S each time',
      url: async (w) => `/api/products/${await w.freshProduct()}/`,
      expect: ONLY_S(204),
    },
  ],

  'PATCH /api/products/:id': [
    {
      label: "S's product (someone else's answers like a missing one)",
      url: (w) => `/api/products/${w.product.id}/`,
      body: () => ({ description: 'Neu beschrieben.' }),
      expect: { anonymous: 401, customerA: 404, customerB: 404, sellerS: 200, sellerT: 404, staff: 404 },
    },
  ],

  // ---------------------------------------------------------------- stores and stocks
  'POST /api/stores/new': [{ url: () => '/api/stores/new/', body: validStore, expect: SELLERS(201) }],
  'GET /api/stores/mystores': [
    {
      url: () => '/api/stores/mystores/',
      expect: SELLERS(200),
      check: (w, role, res) => {
        if (res.statusCode !== 200) return;
        for (const s of JSON.parse(res.body) as { owner: number }[])
          if (s.owner !== w.users[role as 'sellerS'].id)
            throw new Error(`${role} sees a store of ${s.owner}`);
      },
    },
  ],
  'GET /api/stores/user/:id': [
    { url: (w) => `/api/stores/user/${w.users.sellerS.id}`, expect: PUBLIC, check: noEmail },
  ],
  'GET /api/stores/user/:id/summaries': [
    { url: (w) => `/api/stores/user/${w.users.sellerS.id}/summaries/`, expect: PUBLIC, check: noEmail },
  ],
  'GET /api/stores/:id': [{ url: (w) => `/api/stores/${w.store.id}/`, expect: PUBLIC, check: noEmail }],
  'PATCH /api/stores/:id': [
    {
      label: "S's store (another seller's answers like a missing one)",
      url: (w) => `/api/stores/${w.store.id}/`,
      body: () => ({ phone: '+41 31 311 00 00' }),
      expect: { anonymous: 401, customerA: 403, customerB: 403, sellerS: 200, sellerT: 404, staff: 403 },
    },
  ],
  'DELETE /api/stores/:id': [
    {
      label: 'a fresh store of S each time',
      url: async (w) => `/api/stores/${await w.freshStore()}/`,
      expect: ONLY_S(204),
    },
  ],
  'GET /api/stocks': [
    {
      url: () => '/api/stocks/',
      expect: PUBLIC,
      check: (w, role, res) => {
        if (role !== 'sellerT') return;
        const rows = JSON.parse(res.body) as { store: number }[];
        if (rows.some((r) => r.store === w.store.id)) throw new Error("seller T's stock list holds S's rows");
      },
    },
  ],
  'GET /api/stocks/store/:id': [{ url: (w) => `/api/stocks/store/${w.store.id}`, expect: PUBLIC }],
  'GET /api/stocks/product/:id': [{ url: (w) => `/api/stocks/product/${w.product.id}`, expect: PUBLIC }],
  'POST /api/stocks/new': [
    {
      label: "S's store and product",
      url: () => '/api/stocks/new/',
      body: (w) => ({ store: w.store.id, product: w.product.id, number: 1000 }),
      expect: ONLY_S(201),
    },
    {
      label: "T's store with S's product",
      url: () => '/api/stocks/new/',
      body: (w) => ({ store: w.storeT.id, product: w.product.id, number: 5 }),
      expect: { ...ONLY_S(0), sellerS: NOT_OWNER },
    },
  ],
  'PUT /api/stocks/:id': [
    {
      url: (w) => `/api/stocks/${w.stock.id}/`,
      body: () => ({ number: 1000 }),
      expect: ONLY_S(200),
    },
  ],

  // ---------------------------------------------------------------- search
  'GET /api/search': [
    ...['stores', 'map', 'products', 'profiles', 'all'].map((type) => ({
      label: type,
      url: () => `/api/search/?type=${type}&search_string=`,
      expect: PUBLIC,
      check: noEmail,
    })),
    {
      label: 'products_in_store',
      url: (w: World) => `/api/search/?type=products_in_store&store_id=${w.store.id}&search_string=`,
      expect: PUBLIC,
    },
    {
      label: 'products_by_seller',
      url: (w: World) =>
        `/api/search/?type=products_by_seller&seller_id=${w.users.sellerS.id}&search_string=`,
      expect: PUBLIC,
    },
    { label: 'my_products', url: () => '/api/search/?type=my_products&search_string=', expect: SELLERS(200) },
    { label: 'my_stores', url: () => '/api/search/?type=my_stores&search_string=', expect: SELLERS(200) },
    {
      // Public like products_in_store (issue #15); only the owner also sees the rows at 0.
      label: "products_in_my_store of S's store",
      url: (w: World) => `/api/search/?type=products_in_my_store&store_id=${w.store.id}&search_string=`,
      expect: PUBLIC,
      check: (_w: World, role: Role, res: { body: string }) => {
        const rows = JSON.parse(res.body) as { number: number }[];
        if (role !== 'sellerS' && rows.some((r) => r.number === 0))
          throw new Error(`${role} sees the owner's rows at 0`);
      },
    },
  ],
  'GET /api/geocode': [{ url: () => '/api/geocode/?q=Bern', expect: PUBLIC }],

  // ---------------------------------------------------------------- orders
  'POST /api/orders/add': [
    {
      label: "one online line of S's product",
      url: () => '/api/orders/add/',
      body: (w) => orderBody(w.product.id, w.product.price, [{ quantity: 1 }]),
      // Sellers cannot buy their own products; staff has no customer profile.
      expect: { anonymous: 401, customerA: 201, customerB: 201, sellerS: 403, sellerT: 201, staff: 403 },
    },
  ],
  'GET /api/orders/myorders': [
    {
      url: () => '/api/orders/myorders/',
      expect: ANY_USER(200),
      check: (w, role, res) => {
        if (role === 'anonymous' || role === 'customerA') return;
        const ids = (JSON.parse(res.body) as { id: number }[]).map((o) => o.id);
        if (ids.includes(w.paidOrder.id) || ids.includes(w.unpaidOrder.id))
          throw new Error(`${role} sees an order of A`);
      },
    },
  ],
  'GET /api/orders/payment-config': [{ url: () => '/api/orders/payment-config/', expect: PUBLIC }],
  'GET /api/orders/invoice-eligibility': [
    { url: () => '/api/orders/invoice-eligibility/', expect: ANY_USER(200) },
  ],
  'GET /api/payments/methods': [{ url: () => '/api/payments/methods/', expect: PUBLIC }],
  // Until the orders side is wired (issue 27), no order has a QR-bill: 404 for every caller;
  // then ONLY_A(200) with an invoice order of A.
  'GET /api/orders/:id/qr-bill': [
    {
      url: (w) => `/api/orders/${w.unpaidOrder.id}/qr-bill/`,
      expect: { anonymous: 401, customerA: 404, customerB: 404, sellerS: 404, sellerT: 404, staff: 404 },
    },
  ],
  // A's order has no bank refunds: A sees the empty list, everyone else the missing order.
  'GET /api/orders/:id/bank-refunds': [
    { url: (w) => `/api/orders/${w.paidOrder.id}/bank-refunds/`, expect: ONLY_A(200) },
  ],
  // No refund of A's order waits for an account: A gets the 409, everyone else the missing order.
  'PUT /api/orders/:id/bank-refunds/account': [
    {
      url: (w) => `/api/orders/${w.paidOrder.id}/bank-refunds/account/`,
      body: () => ({ iban: 'CH93 0076 2011 6238 5295 7', accountHolder: 'Anna Muster' }),
      expect: ONLY_A(409),
    },
  ],
  // Signed by Datatrans, not by a user: without DATATRANS_HMAC_KEY (as here) it answers like a
  // missing route for everyone (signatures are tested in modules/payments).
  'POST /api/payments/datatrans/webhook': [
    {
      url: () => '/api/payments/datatrans/webhook/',
      body: () => ({ transactionId: '1' }),
      expect: { anonymous: 404, customerA: 404, customerB: 404, sellerS: 404, sellerT: 404, staff: 404 },
    },
  ],
  'GET /api/orders/:id': [
    {
      url: (w) => `/api/orders/${w.paidOrder.id}/`,
      expect: ONLY_A(200),
      check: (w, role, res) => {
        if (role !== 'customerA' && res.body.includes(w.users.customerA.email))
          throw new Error(`${role} got A's e-mail`);
      },
    },
  ],
  'GET /api/orders/:id/receipt': [
    { url: (w) => `/api/orders/${w.paidOrder.id}/receipt/`, expect: ONLY_A(200) },
    { label: 'unpaid', url: (w) => `/api/orders/${w.unpaidOrder.id}/receipt/`, expect: ONLY_A(409) },
  ],
  'GET /api/orders/:id/credit-notes': [
    { url: (w) => `/api/orders/${w.paidOrder.id}/credit-notes/`, expect: ONLY_A(200) },
  ],
  'GET /api/orders/:id/credit-notes/:refund': [
    {
      url: async (w) => {
        const order = await refundedOrderOfA(w);
        return `/api/orders/${order.id}/credit-notes/${order.refundId}/`;
      },
      expect: ONLY_A(200),
    },
    {
      label: 'the refund of another order',
      url: async (w) => `/api/orders/${w.paidOrder.id}/credit-notes/${(await refundedOrderOfA(w)).refundId}/`,
      expect: ONLY_A(404),
    },
  ],
  'POST /api/orders/:id/paypal': [
    // Without PayPal credentials the test provider runs: everyone gets 409 ("not configured")
    // before the order is looked at; that reveals nothing about the order, and never 2xx.
    {
      url: (w) => `/api/orders/${w.unpaidOrder.id}/paypal/`,
      expect: {
        anonymous: 401,
        customerA: 409,
        customerB: [404, 409],
        sellerS: [404, 409],
        sellerT: [404, 409],
        staff: [404, 409],
      },
    },
  ],
  // Before the payment below: the customer's one extension of the unpaid order's hold.
  'PUT /api/orders/:id/extend': [
    { url: (w) => `/api/orders/${w.unpaidOrder.id}/extend/`, expect: ONLY_A(200), order: A_LAST },
  ],
  'PUT /api/orders/:id/pay': [
    { url: (w) => `/api/orders/${w.unpaidOrder.id}/pay/`, expect: ONLY_A(200), order: A_LAST },
  ],
  'POST /api/orders/:id/twint': [
    {
      label: 'a PayPal order: only its customer learns that it is not paid with TWINT',
      url: (w) => `/api/orders/${w.unpaidOrder.id}/twint/`,
      expect: ONLY_A(409),
    },
  ],
  'PUT /api/orders/:id/cancel': [
    {
      label: 'a fresh unpaid order of A (each role tries its own copy)',
      url: async (w) => `/api/orders/${(await freshOrderOfA(w)).id}/cancel/`,
      expect: ONLY_A(200),
    },
  ],
  'PUT /api/seller-orders/:id/cancel': [
    {
      label: "S's part of a fresh unpaid order of A",
      url: async (w) => `/api/seller-orders/${(await freshOrderOfA(w)).sellerOrderId}/cancel/`,
      body: () => ({ reason: 'Out of stock' }),
      expect: ONLY_S(200),
    },
  ],
  'PUT /api/orders/order-items/:id/retrieve': [
    {
      url: (w) => `/api/orders/order-items/${w.paidOrder.inStoreItemId}/retrieve/`,
      expect: ONLY_S(200),
      order: S_LAST,
    },
  ],
  'GET /api/seller-orders/myorders': [
    {
      url: () => '/api/seller-orders/myorders/',
      expect: ANY_USER(200),
      check: (w, role, res) => {
        if (role === 'sellerS' || role === 'anonymous') return;
        const ids = (JSON.parse(res.body) as { id: number }[]).map((o) => o.id);
        if (ids.includes(w.paidOrder.sellerOrderId)) throw new Error(`${role} sees a seller order of S`);
      },
    },
  ],
  'GET /api/seller-orders/:id': [
    {
      url: (w) => `/api/seller-orders/${w.paidOrder.sellerOrderId}/`,
      expect: { ...ONLY_S(200), customerA: 404, customerB: 404, sellerT: 404, staff: 404 },
      check: (w, role, res) => {
        // The pick-up code is for the customer to show; the seller's view must not carry it.
        if (role === 'sellerS' && JSON.parse(res.body).pickupCode)
          throw new Error('seller sees the pick-up code');
      },
    },
  ],
  'PUT /api/seller-orders/:id/send': [
    {
      url: (w) => `/api/seller-orders/${w.paidOrder.sellerOrderId}/send/`,
      expect: ONLY_S(200),
      order: S_LAST,
    },
  ],
  'PUT /api/seller-orders/:id/complete': [
    {
      url: (w) => `/api/seller-orders/${w.paidOrder.sellerOrderId}/complete/`,
      expect: ONLY_S(200),
      order: S_LAST,
    },
  ],

  // ---------------------------------------------------------------- ledger and payouts (decisions 225, 226)
  'GET /api/finance/balance': [{ url: () => '/api/finance/balance/', expect: SELLERS(200) }],
  'GET /api/finance/statements': [{ url: () => '/api/finance/statements/', expect: SELLERS(200) }],
  'GET /api/finance/statements/:id': [
    { url: () => '/api/finance/statements/2026-01/', expect: SELLERS(200) },
    { label: 'csv', url: () => '/api/finance/statements/2026-01.csv', expect: SELLERS(200) },
  ],
  // ---------------------------------------------------------------- back office (issue 29)
  // The matrix's staff member holds no permission: every admin route answers everyone like a
  // missing route. Permission by permission: admin-permissions.integration-test.ts.
  ...adminRoutesAnswerNobody([
    ['PUT', '/api/admin/products/:id/hide', (w) => `/api/admin/products/${w.product.id}/hide/`],
    ['PUT', '/api/admin/products/:id/unhide', (w) => `/api/admin/products/${w.product.id}/unhide/`],
    ['PUT', '/api/admin/sellers/:id/suspend', (w) => `/api/admin/sellers/${w.users.sellerS.id}/suspend/`],
    ['PUT', '/api/admin/sellers/:id/reinstate', (w) => `/api/admin/sellers/${w.users.sellerS.id}/reinstate/`],
    // Approving a waiting seller (decision 290): moderation only.
    ['PUT', '/api/admin/sellers/:id/approve', (w) => `/api/admin/sellers/${w.users.sellerS.id}/approve/`],
    ['GET', '/api/admin/reviews', (w) => `/api/admin/reviews/?product=${w.product.id}`],
    ['GET', '/api/admin/products', () => '/api/admin/products/?search=a'],
    ['GET', '/api/admin/sellers', () => '/api/admin/sellers/?state=suspended'],
    ['DELETE', '/api/admin/reviews/:id', () => '/api/admin/reviews/1/'],
    ['GET', '/api/admin/reports', () => '/api/admin/reports/'],
    ['PUT', '/api/admin/reports/:id', () => '/api/admin/reports/1/'],
    ['GET', '/api/admin/audit', () => '/api/admin/audit/'],
    ['GET', '/api/admin/dashboard', () => '/api/admin/dashboard/'],
    ['GET', '/api/admin/orders', (w) => `/api/admin/orders/?search=${w.paidOrder.id}`],
    ['GET', '/api/admin/orders/:id', (w) => `/api/admin/orders/${w.paidOrder.id}/`],
    [
      'PUT',
      '/api/admin/seller-orders/:id/cancel',
      (w) => `/api/admin/seller-orders/${w.paidOrder.sellerOrderId}/cancel/`,
    ],
    ['GET', '/api/admin/users', () => '/api/admin/users/'],
    ['PUT', '/api/admin/users/:id/lock', (w) => `/api/admin/users/${w.users.customerA.id}/lock/`],
    ['PUT', '/api/admin/users/:id/unlock', (w) => `/api/admin/users/${w.users.customerA.id}/unlock/`],
    [
      'POST',
      '/api/admin/users/:id/password-reset',
      (w) => `/api/admin/users/${w.users.customerA.id}/password-reset/`,
    ],
    // Staff accounts: admin only (decision 258).
    ['GET', '/api/admin/staff', () => '/api/admin/staff/'],
    ['POST', '/api/admin/staff', () => '/api/admin/staff/'],
    ['PUT', '/api/admin/staff/:id/permissions', (w) => `/api/admin/staff/${w.users.staff.id}/permissions/`],
    ['PUT', '/api/admin/staff/:id/disable', (w) => `/api/admin/staff/${w.users.staff.id}/disable/`],
    ['PUT', '/api/admin/staff/:id/enable', (w) => `/api/admin/staff/${w.users.staff.id}/enable/`],
    ['POST', '/api/admin/staff/:id/invite', (w) => `/api/admin/staff/${w.users.staff.id}/invite/`],
    // The money's staff routes need the finance permission (decision 243).
    ['GET', '/api/admin/ledger/trial-balance', () => '/api/admin/ledger/trial-balance/'],
    ['GET', '/api/admin/ledger/vat-report', () => '/api/admin/ledger/vat-report/?quarter=2026-Q4'],
    ['GET', '/api/admin/ledger/commission', () => '/api/admin/ledger/commission/?year=2026'],
    ['GET', '/api/admin/ledger/reconciliation', () => '/api/admin/ledger/reconciliation/'],
    ['GET', '/api/admin/commission-rules', () => '/api/admin/commission-rules/'],
    ['PUT', '/api/admin/commission-rules', () => '/api/admin/commission-rules/'],
    ['POST', '/api/admin/payouts', () => '/api/admin/payouts/'],
    ['GET', '/api/admin/payouts/:id/pain001', () => '/api/admin/payouts/999999/pain001/'],
    ['PUT', '/api/admin/payouts/:id/executed', () => '/api/admin/payouts/999999/executed/'],
    ['GET', '/api/admin/bank-entries', () => '/api/admin/bank-entries/'],
    ['GET', '/api/admin/bank-refunds', () => '/api/admin/bank-refunds/'],
    ['POST', '/api/admin/bank-refunds/:id/paid-out', () => '/api/admin/bank-refunds/999999/paid-out/'],
    ['POST', '/api/admin/bank-statements', () => '/api/admin/bank-statements/'],
    ['POST', '/api/admin/orders/:id/refunds', (w) => `/api/admin/orders/${w.paidOrder.id}/refunds/`],
  ]),
  'GET /api/moderation/mine': [{ url: () => '/api/moderation/mine/', expect: ANY_USER(200) }],
  'POST /api/reports': [
    {
      url: () => '/api/reports/',
      body: (w) => ({ kind: 'product', id: w.productT.id, reason: 'spam', text: 'matrix' }),
      expect: ANY_USER(201),
    },
  ],
};

/** Routes run after all others, in this order (they change the world for good). */
export const LAST_ROUTES = ['PUT /api/orders/:id/pay', 'DELETE /api/users/:id'];

const accepts = (expected: Expected, status: number) =>
  typeof expected === 'number' ? expected === status : expected.includes(status);
const show = (expected: Expected) => (typeof expected === 'number' ? String(expected) : expected.join('|'));

/** Runs every entry whose route is registered, every role; answers the counts and the failures. */
export async function runMatrix(
  w: World,
): Promise<{ routes: number; checks: number; failures: string[]; absent: string[] }> {
  const present = new Set(routeTable(w.app).map((r) => `${r.method} ${r.url}`));
  const keys = Object.keys(MATRIX).filter((k) => present.has(k));
  const absent = Object.keys(MATRIX).filter((k) => !present.has(k));
  keys.sort((a, b) => LAST_ROUTES.indexOf(a) - LAST_ROUTES.indexOf(b));
  const failures: string[] = [];
  let checks = 0;
  for (const key of keys) {
    const method = key.split(' ')[0]! as 'GET';
    for (const c of MATRIX[key]!) {
      for (const role of c.order ?? ROLES) {
        const url = await c.url(w, role);
        const body = c.body?.(w, role);
        const res = await w.inject(role, {
          method,
          url,
          ...(body !== undefined ? { payload: body as object } : {}),
        });
        checks += 1;
        const expected = c.expect[role];
        const where = `${key}${c.label ? ` [${c.label}]` : ''} as ${role}`;
        if (!accepts(expected, res.statusCode)) {
          failures.push(
            `${where}: expected ${show(expected)}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        } else if (res.statusCode >= 400) {
          let detail: unknown;
          try {
            detail = (JSON.parse(res.body) as { detail?: unknown }).detail;
          } catch {
            detail = undefined;
          }
          if (typeof detail !== 'string') failures.push(`${where}: error without a detail sentence`);
        }
        if (c.check && accepts(expected, res.statusCode)) {
          try {
            c.check(w, role, res);
          } catch (error) {
            failures.push(`${where}: ${(error as Error).message}`);
          }
        }
        await c.after?.(w, role);
      }
    }
  }
  return { routes: keys.length, checks, failures, absent };
}
