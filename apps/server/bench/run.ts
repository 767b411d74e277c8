/**
 * `npm run bench`: builds a large catalogue in a throwaway database, starts the production
 * server, and measures each case with autocannon from a second process (50 connections,
 * 10 s after a warm-up), on PostgreSQL and on PGlite. Prints a table and writes
 * bench/results/latest.md. Targets are ratios to a bare Fastify route measured in the same run.
 *
 * Two kinds of case: hot URLs (one URL again and again: what the read cache serves) and the
 * long tail (each request draws its product id, offset, seller or search word at random over
 * the whole catalogue, as visitors and crawlers do; bench/pick.cjs), plus a crawl of every
 * product page once with the server's peak memory. The bare route is the bench's own server
 * (bench/ceiling.ts); stock for the order case is set in the database before the server starts
 * and checked after it stopped, so the product has no bench routes (decision 150).
 * Authenticated reads send the 50 order customers' tokens in turn. On PostgreSQL, the cluster
 * case then runs the mix on `npm run start:prod`'s entry with 1, 2… workers. Each case also
 * reports how much CPU processes outside the bench took meanwhile (the machine is shared).
 *
 * Ports: free ones, taken when each server starts (on a shared machine a fixed port may be
 * another server's, which the bench would then measure); BENCH_PORT fixes the server's port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { computeCartTotals, rappenToDecimal } from '@marktgasse/shared';

/** The bench places many unpaid orders per customer: the anti-hoarding limits would refuse them. */
const ORDER_LIMITS_OFF = {
  ORDER_MAX_UNPAID: '1000',
  ORDER_MAX_UNITS_PER_PRODUCT: '100000',
  RATE_LIMIT_ORDERS_PER_USER: '100000',
};

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverDir, '../..');
const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const PRODUCTS = Number(arg('products', '100000'));
const DURATION = Number(arg('duration', '10'));
const WARMUP = Number(arg('warmup', '2'));
/**
 * The host's speed drifts within a run (the bare route measured 7,500 and 12,500 req/s a few
 * minutes apart), so each case is compared with the bare route measured for this long right
 * before it, as well as with the run's first, full ceiling measurement.
 */
const ADJACENT_CEILING = Number(arg('adjacent-ceiling', '3'));

const CONNECTIONS = 50;
/**
 * autocannon decodes every answer body into a string; on one thread, the map's answers kept
 * the load generator busier than the half-idle server, so that case measured the generator.
 * The read cases use this many threads. The order case uses one: its answers are small, and
 * on this 2-core machine a second generator thread only takes CPU from the server (on PGlite
 * it stretched p99 from about 1 s to 5 s).
 */
const LOAD_WORKERS = Number(arg('load-workers', '2'));
const ENGINES = arg('engines', 'postgres,pglite').split(',');
/** `--cases map,order`: only the cases whose name contains one of these words (plus the ceiling). */
const CASES = arg('cases', '')
  .split(',')
  .map((c) => c.trim().toLowerCase())
  .filter(Boolean);
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** `--crawl false` skips the crawl (it takes a minute or two per engine at 100,000 products). */
const CRAWL = arg('crawl', 'true') !== 'false';
/** A cached route answering within this many ms means the server's queue has drained. */
const DRAINED_MS = Number(arg('drained-ms', '50'));
/** `--crawl-max N`: crawl a random N of the products (each once) when the whole catalogue takes too long. */
const CRAWL_MAX = Number(arg('crawl-max', '0'));
/**
 * The cluster case (PostgreSQL only): the long-tail mix on `npm run start:prod`'s entry with
 * each of these worker counts (WEB_CONCURRENCY) in turn. One worker is the reference: one
 * process through the same entry, code, warm-up and load, so the ratio shows what the
 * other workers add. `--cluster-workers 1,2,3,1,2,3` alternates to see the drift.
 */
const CLUSTER_WORKERS = arg('cluster-workers', '1,2')
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n >= 1);
/**
 * One load generator thread for the cluster case: at the mix's few hundred requests a second
 * one thread keeps up, and a second thread took 0.3-1.7 ms of CPU per request more from the
 * two cores the servers and PostgreSQL share.
 */
const CLUSTER_LOAD_WORKERS = Number(arg('cluster-load-workers', '1'));
/** The workers start cold (JIT, read cache): a longer warm-up than the other cases'. */
const CLUSTER_WARMUP = Number(arg('cluster-warmup', '5'));
/** `--cluster-pool-size N`: each worker's DATABASE_POOL_SIZE (absent: the server's default). */
const CLUSTER_POOL_SIZE = arg('cluster-pool-size', '');
const clusterCaseName = (workers: number) =>
  `cluster: the mix on npm run start:prod, ${workers} worker${workers === 1 ? '' : 's'}`;

/** Every request asks for compression as every browser does (the ceiling's answer is too small to compress). */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

interface CaseResult {
  name: string;
  rps: number;
  /** The bare route's rate measured just before this case (the ceiling row: its own rate). */
  adjacent: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** CPU that processes outside the bench used during the case, % of the machine (decided nothing; explains outliers). */
  others: number;
  note?: string;
  /** Long-tail cases get their own table. */
  tail?: boolean;
}

function log(message: string) {
  console.info(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

function runLoad(
  options: object,
): Promise<{ rps: number; p50: number; p99: number; non2xx: number; errors: number; total: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(serverDir, 'bench/load.ts'), JSON.stringify(options)],
      {
        cwd: serverDir,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load generator exited ${code}`)),
    );
  });
}

/**
 * Waits until the server has written the German product pages ahead (decision 316): every
 * page of a random sample of the catalogue answers from the database, or from the read cache
 * when the sample drew it before (`server-timing: page;desc="stored"` or `"memory"`).
 */
async function pagesWrittenAhead(base: string, pickFile: string) {
  const { ids } = JSON.parse(readFileSync(pickFile, 'utf8')) as { ids: number[] };
  const started = Date.now();
  while (Date.now() - started < 30 * 60_000) {
    let stored = 0;
    for (let i = 0; i < 50; i++) {
      const res = await fetch(`${base}/de/product/${ids[Math.floor(Math.random() * ids.length)]}`);
      await res.arrayBuffer();
      if (/"(stored|memory)"/.test(res.headers.get('server-timing') ?? '')) stored += 1;
    }
    if (stored === 50) {
      log(`product pages written ahead after ${((Date.now() - started) / 1000).toFixed(0)} s`);
      return;
    }
    await new Promise((r) => setTimeout(r, 5_000));
  }
  log('the product pages were not all written ahead within 30 minutes');
}

async function waitFor(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not come up at ${url}`);
}

/**
 * Requests that outlived the load generator (timed out, connection closed) may still be in
 * the server's queue: wait until the bare route answers promptly, so the next case starts clean.
 */
async function drained(base: string) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const started = Date.now();
    try {
      await fetch(`${base}/api/products/categories/`, { signal: AbortSignal.timeout(5_000) });
      // 50 ms on a quiet machine; a shared one answers a cached route slower than that anyway.
      if (Date.now() - started < DRAINED_MS) return;
    } catch {
      /* still busy */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  log('the server did not drain within a minute');
}

/**
 * The server as `npm start` runs it: the compiled dist/server.js with source maps (built once
 * per run, below), not the sources under tsx, whose loader held 25-70 MB of the RSS the crawl
 * reports. On the bench's own Node, as the cluster case (scripts/start.mjs refuses a
 * production start on Node 20).
 */
function startServer(env: Record<string, string | undefined>): ChildProcess {
  const merged: NodeJS.ProcessEnv = { ...SERVER_ENV, ...env };
  // An undefined entry is one the start leaves unset (the default start's NODE_ENV).
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  // BENCH_SERVER_NODE_ARGS: more of Node's options for the server (`--cpu-prof --cpu-prof-dir=…`).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, 'dist/server.js'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: merged,
  });
}

/** What every server under test starts with: a production start as `npm start` makes it. */
const SERVER_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  // As the package scripts set it (decision 195).
  MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
};

/**
 * `--start production,default` (decision 266): which starts the single server is measured as,
 * one after the other on the same data. `production` is `npm run start:prod`'s single process
 * (above); `default` is what a newcomer's `npm start` runs: no NODE_ENV (development), its
 * default ANSWER_CHECK_SHARE (0.01), and the request log a terminal shows (LOG_LEVEL info,
 * LOG_FORMAT pretty: one pino-pretty line per request, written to nowhere here). A start named
 * again is measured again (`production,default,production` shows the host's drift).
 */
const STARTS = arg('start', 'production')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
type Start = 'production' | 'default';
for (const s of STARTS)
  if (s !== 'production' && s !== 'default')
    throw new Error(`--start takes production and default, not ${s}`);

function startEnv(start: Start): Record<string, string | undefined> {
  if (start === 'production') return {};
  return { NODE_ENV: undefined, LOG_LEVEL: 'info', LOG_FORMAT: 'pretty', ANSWER_CHECK_SHARE: undefined };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

async function api(base: string, pathname: string, init: RequestInit = {}) {
  const res = await fetch(base + pathname, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

interface OrderSetup {
  requests: { body: string; headers: Record<string, string> }[];
  productIds: number[];
  /** The 50 customers' access tokens, for the authenticated reads. */
  tokens: string[];
}

/** Rows of a query, whichever engine: the bench reads and writes the database only while no server runs on PGlite. */
type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/** The database of one engine, opened by the bench itself (PGlite: only while the server is stopped). */
async function openDb(
  engine: 'postgres' | 'pglite',
  where: string,
): Promise<{ query: Query; close(): Promise<void> }> {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: where });
    await client.connect();
    return {
      query: async (text, params) => (await client.query(text, params)).rows,
      close: () => client.end(),
    };
  }
  const db = await PGlite.create({ dataDir: path.join(where, 'pglite'), extensions: { pg_trgm } });
  return {
    query: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
    close: () => db.close(),
  };
}

/**
 * 100 products with stock, in pairs from two sellers, their stock raised to 1,000,000 in the
 * database before the server starts (no bench route in the product): each of the 50
 * customers has its own pair, so the case measures order placement rather than the queue on
 * one stock row; oversell is checked over all of them after the server stopped.
 */
async function raiseOrderStock(
  query: Query,
): Promise<{ products: { id: number; seller: number; priceRappen: number }[]; start: number }> {
  const pool = await query<{ id: number; seller: number; priceRappen: number }>(
    `select p.id, p.seller_id as seller, p.price_rappen as "priceRappen" from products p
      where p.deleted_at is null and exists (select 1 from stocks s join stores st on st.id = s.store_id
        where s.product_id = p.id and st.deleted_at is null and s.number > 0)
      order by p.id desc limit 300`,
  );
  const pairs: [(typeof pool)[number], (typeof pool)[number]][] = [];
  while (pairs.length < 50) {
    const a = pool.shift();
    if (!a) throw new Error('not enough products with stock for 50 carts');
    const j = pool.findIndex((p) => p.seller !== a.seller);
    if (j < 0) throw new Error('not enough sellers for 2-seller carts');
    pairs.push([a, pool.splice(j, 1)[0]!]);
  }
  const products = pairs.flat();
  const ids = products.map((p) => p.id);
  await query('update stocks set number = 1000000 where product_id = any($1)', [ids]);
  const [row] = await query<{ n: string | number }>(
    'select coalesce(sum(number),0)::bigint as n from stocks where product_id = any($1)',
    [ids],
  );
  return { products, start: Number(row?.n ?? 0) };
}

/** Stock taken from the order products vs. lines still reserved: equal = no oversell. */
async function oversellCheck(query: Query, ids: number[], start: number): Promise<string> {
  const [row] = await query<{ stock: string | number; held: string | number }>(
    `select (select coalesce(sum(number),0) from stocks where product_id = any($1))::bigint as stock,
            (select coalesce(sum(quantity),0) from stock_allocations
              where product_id = any($1) and released_at is null)::bigint as held`,
    [ids],
  );
  const taken = start - Number(row?.stock ?? 0);
  const held = Number(row?.held ?? 0);
  return `Order placement: stock taken ${taken}, reserved lines ${held}, difference ${taken - held} (0 = no oversell).`;
}

/**
 * What the long-tail cases draw from: every live product id, every seller with live products,
 * the count, and words (5+ letters) from product names. Written to a file for bench/pick.cjs.
 */
async function catalogueSample(query: Query, file: string): Promise<{ ids: number[]; count: number }> {
  const ids = (
    await query<{ id: number }>('select id from products where deleted_at is null order by id')
  ).map((r) => r.id);
  const sellers = (
    await query<{ id: number }>('select distinct seller_id as id from products where deleted_at is null')
  ).map((r) => r.id);
  const names = await query<{ name: string }>(
    'select name from products where deleted_at is null limit 20000',
  );
  const words = new Set<string>();
  for (const { name } of names)
    for (const word of name.toLowerCase().split(/[^\p{L}]+/u)) if (word.length >= 5) words.add(word);
  writeFileSync(file, JSON.stringify({ ids, sellers, count: ids.length, words: [...words] }));
  log(`long tail: ${ids.length} products, ${sellers.length} sellers, ${words.size} search words`);
  return { ids, count: ids.length };
}

async function prepareOrders(
  base: string,
  products: { id: number; seller: number; priceRappen: number }[],
): Promise<OrderSetup> {
  const requests: OrderSetup['requests'] = [];
  const run = Date.now().toString(36);
  for (let i = 0; i < 50; i += 1) {
    const a = products[2 * i]!;
    const b = products[2 * i + 1]!;
    const reg = await api(base, '/api/users/registration/', {
      method: 'POST',
      body: JSON.stringify({
        username: `bench${run}${i}`,
        email: `bench${run}${i}@example.ch`,
        password: 'bench-password-1',
        status: 'CUSTOMER',
      }),
    });
    if (reg.status !== 201) throw new Error(`registration failed: ${JSON.stringify(reg.body)}`);
    const items = [a, b].map((p) => ({ id: p.id, quantity: 1, orderType: 'online', storeId: null }));
    // The server's own pricing rules (shipping per seller group), so the totals always match.
    const totals = computeCartTotals(
      [a, b].map((p) => ({
        sellerId: p.seller,
        unitPriceRappen: p.priceRappen,
        quantity: 1,
        orderType: 'online' as const,
      })),
    );
    requests.push({
      headers: { authorization: `Bearer ${reg.body.access}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        orderItems: items,
        paymentMethod: 'PayPal',
        totalPrice: rappenToDecimal(totals.itemsRappen),
        totalShippingPrice: rappenToDecimal(totals.shippingRappen),
        shippingAddress: {
          address: 'Bahnhofstrasse 1',
          city: 'Zürich',
          postalCode: '8001',
          country: 'Switzerland',
        },
      }),
    });
  }
  return {
    requests,
    productIds: products.map((p) => p.id),
    tokens: requests.map((r) => r.headers.authorization!.slice('Bearer '.length)),
  };
}

interface Case {
  name: string;
  url: string;
  post?: boolean;
  /** GET with the 50 customers' tokens in turn (no read cache: the answer is the caller's). */
  auth?: boolean;
  /** A long-tail case: the path of each request drawn by bench/pick.cjs. */
  pick?: string;
}

const LONG_TAIL: Case[] = [
  { name: 'long tail: product page, random id', url: '/api/products/1', pick: 'product' },
  // The same product as the server renders its page (decision 210), in the same run as the JSON above.
  {
    name: 'long tail: rendered product page /de/product/{id}, random id',
    url: '/de/product/1',
    pick: 'page',
  },
  { name: 'long tail: list page, random offset', url: '/api/products/', pick: 'list' },
  { name: 'long tail: rendered list /de/?offset={n}, random page', url: '/de/', pick: 'listPage' },
  { name: 'long tail: search, random word (half misspelt)', url: '/api/search/', pick: 'search' },
  {
    name: 'long tail: rendered search /de/search?q={word}, random word',
    url: '/de/search',
    pick: 'searchPage',
  },
  { name: 'long tail: reviews, random product', url: '/api/products/reviews/1', pick: 'reviews' },
  { name: 'long tail: a seller’s products, random seller', url: '/api/products/user/1', pick: 'seller' },
  {
    name: 'long tail: rendered seller page /de/seller/{id}, random seller',
    url: '/de/seller/1',
    pick: 'sellerPage',
  },
  { name: 'long tail: stocks of a product, random id', url: '/api/stocks/product/1', pick: 'stocks' },
  { name: 'long tail: mix 35/15/20/10/10/10 %', url: '/api/products/', pick: 'mix' },
];
const MIX_NAME = LONG_TAIL.find((c) => c.pick === 'mix')!.name;

async function measure(
  base: string,
  engine: string,
  orderSetup: OrderSetup,
  pickFile: string,
): Promise<CaseResult[]> {
  const first = await api(base, '/api/products/?offset=0&limit=12');
  const productId = first.body.results[0].id as number;
  const cases: Case[] = [
    { name: 'ceiling: bare Fastify JSON route', url: CEILING_URL },
    { name: 'hot URL: products page 1 (offset 0)', url: '/api/products/?offset=0&limit=12' },
    { name: 'hot URL: products offset 1,200', url: '/api/products/?offset=1200&limit=12' },
    { name: 'hot URL: products offset 12,000', url: '/api/products/?offset=12000&limit=12' },
    { name: 'hot URL: product page', url: `/api/products/${productId}` },
    {
      name: 'hot URL: search products (common word)',
      // "Käse" is in thousands of names (Alpkäse, Bergkäserei, Raclette-Käse…).
      url: `/api/search/?type=products&search_string=${encodeURIComponent('käse')}`,
    },
    {
      name: 'hot URL: search products (misspelt)',
      // "Schokolade" with one letter mistyped: no substring match, only the fuzzy search finds it.
      url: `/api/search/?type=products&search_string=${encodeURIComponent('schokolsde')}`,
    },
    { name: 'hot URL: search map', url: '/api/search/?type=map&search_string=' },
    { name: 'hot URL: latest-products', url: '/api/products/latest-products/' },
    { name: 'hot URL: latest-reviews', url: '/api/products/latest-reviews/' },
    { name: 'hot URL: latest-sellers', url: '/api/profiles/latest-sellers/' },
    // The token check alone: a route that reads nothing, without a token and with one (the
    // caller lookup is cached for 2 s). Then the caller's own answers, before the order case
    // places any orders, so the order list is empty.
    {
      name: 'authenticated read baseline: GET /api/orders/payment-config/ without a token',
      url: '/api/orders/payment-config/',
    },
    {
      name: 'authenticated read: GET /api/orders/payment-config/ (50 customers’ tokens)',
      url: '/api/orders/payment-config/',
      auth: true,
    },
    {
      name: 'authenticated read: GET /api/users/me/ (50 customers’ tokens)',
      url: '/api/users/me/',
      auth: true,
    },
    {
      name: 'authenticated read: GET /api/orders/myorders/ (50 customers’ tokens, no orders yet)',
      url: '/api/orders/myorders/',
      auth: true,
    },
    ...LONG_TAIL,
    { name: 'place order (2 sellers, 50 customers)', url: '/api/orders/add/', post: true },
  ];
  const chosen = cases.filter((c, i) => i === 0 || isChosen(c.name));
  const results: CaseResult[] = [];
  for (const c of chosen)
    results.push(await runCase(base, engine, c, orderSetup, pickFile, { isCeiling: results.length === 0 }));
  return results;
}

/** `--cases` picks the cases whose name contains one of its words (none: every case). */
function isChosen(name: string): boolean {
  return CASES.length === 0 || CASES.some((word) => name.toLowerCase().includes(word));
}

/**
 * One case: the bare route for ADJACENT_CEILING seconds right before it, a warm-up, then the
 * measurement, and a wait until the server has drained its queue.
 */
async function runCase(
  base: string,
  engine: string,
  c: Case,
  orderSetup: OrderSetup | null,
  pickFile: string,
  { isCeiling = false, loadWorkers = LOAD_WORKERS, warmup = WARMUP } = {},
): Promise<CaseResult> {
  const common = {
    url: c.url.startsWith('http') ? c.url : base + c.url,
    connections: CONNECTIONS,
    workers: loadWorkers,
    headers: BROWSER_HEADERS,
  };
  const options = c.post
    ? { ...common, workers: 1, method: 'POST', requests: orderSetup!.requests }
    : c.auth
      ? {
          ...common,
          method: 'GET',
          requests: orderSetup!.tokens.map((token) => ({ headers: { authorization: `Bearer ${token}` } })),
        }
      : c.pick
        ? { ...common, pick: { file: pickFile, kind: c.pick } }
        : common;
  const adjacent =
    isCeiling || ADJACENT_CEILING <= 0
      ? null
      : await runLoad({
          url: CEILING_URL,
          connections: CONNECTIONS,
          workers: LOAD_WORKERS,
          headers: BROWSER_HEADERS,
          duration: ADJACENT_CEILING,
        });
  // Warm-up orders take stock too; the oversell check counts from before the first of them.
  if (warmup > 0) await runLoad({ ...options, duration: warmup });
  const before = cpuSnapshot();
  const r = await runLoad({ ...options, duration: DURATION });
  const others = othersShare(before, cpuSnapshot());
  await drained(base);
  log(
    `${engine}: ${c.name}: ${r.rps.toFixed(0)} req/s (bare route just before ${(adjacent?.rps ?? r.rps).toFixed(0)}, ratio ${(r.rps / (adjacent?.rps ?? r.rps)).toFixed(3)}), p50 ${r.p50} ms, p99 ${r.p99} ms${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}${r.errors ? `, ${r.errors} errors/timeouts` : ''}; other processes ${others.toFixed(0)} % of the CPU`,
  );
  return {
    others,
    name: c.name,
    rps: r.rps,
    adjacent: adjacent?.rps ?? r.rps,
    p50: r.p50,
    p99: r.p99,
    non2xx: r.non2xx + r.errors,
    tail: Boolean(c.pick),
  };
}

/** The database the bench created (PostgreSQL): its backends count as the bench's CPU. */
let benchDatabase = '';

interface CpuSnapshot {
  busy: number;
  total: number;
  ours: number;
}

/**
 * CPU ticks of the machine (user + system; interrupts left out) and of the bench's own
 * processes: this one and its descendants (servers, cluster workers, load generators; the
 * ones that exited through their parent's reaped-children time) and the PostgreSQL backends
 * of the bench's database. Linux /proc; elsewhere zeros.
 */
function cpuSnapshot(): CpuSnapshot {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1, 9)
      .map(Number);
    const [user, nice, system] = cpu as [number, number, number];
    const parents = new Map<number, number>();
    const ticks = new Map<number, number>();
    let ours = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const pid = Number(entry);
        parents.set(pid, Number(fields[1]));
        // utime, stime, cutime, cstime
        ticks.set(pid, Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
        if (
          benchDatabase &&
          stat.includes('(postgres)') &&
          readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(` ${benchDatabase} `)
        )
          ours += ticks.get(pid)!;
      } catch {
        /* gone meanwhile */
      }
    }
    const mine = new Set([process.pid]);
    for (let grew = true; grew;) {
      grew = false;
      for (const [pid, parent] of parents)
        if (!mine.has(pid) && mine.has(parent)) {
          mine.add(pid);
          grew = true;
        }
    }
    for (const pid of mine) ours += ticks.get(pid) ?? 0;
    return { busy: user + nice + system, total: cpu.reduce((a, b) => a + b, 0), ours };
  } catch {
    return { busy: 0, total: 0, ours: 0 };
  }
}

/** The machine's CPU (% of all cores) that processes outside the bench used between two snapshots. */
function othersShare(a: CpuSnapshot, b: CpuSnapshot): number {
  const total = b.total - a.total;
  return total > 0 ? Math.max(0, (100 * (b.busy - a.busy - (b.ours - a.ours))) / total) : 0;
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state, then the parent's pid.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return children;
}

/** A live process's state letter (Linux /proc), or null when it is gone or a zombie awaiting its parent. */
function processState(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2)[0]!;
    return state === 'Z' ? null : state;
  } catch {
    return null;
  }
}

/** A health check on a connection of its own: the cluster's primary hands each connection to the next worker. */
function healthOnNewConnection(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/api/health', agent: false, timeout: 5_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
      },
    );
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
  });
}

/** Every worker forked and answering: `workers` children, then 4 health checks per worker in a row. */
async function clusterReady(primary: ChildProcess, port: number, workers: number): Promise<number[]> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (primary.exitCode !== null) throw new Error(`the cluster's primary exited (${primary.exitCode})`);
    const children = childrenOf(primary.pid!);
    let answered = 0;
    if (children.length === workers) {
      while (answered < 4 * workers && (await healthOnNewConnection(port))) answered += 1;
      if (answered === 4 * workers) return children;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the cluster did not come up with ${workers} workers`);
}

/**
 * Several processes (issue 13): after the single server stopped, `npm run start:prod`'s
 * cluster entry as start:prod runs it (compiled dist/cluster.js with source maps,
 * NODE_ENV=production, the same DATABASE_URL), once per worker count, each on a free port,
 * measured on the long-tail mix. Run on the bench's own Node, as the single server is
 * (scripts/start.mjs would refuse a production start on Node 20). After each, the primary and
 * every worker must be gone.
 */
async function benchCluster(
  title: string,
  env: Record<string, string>,
  pickFile: string,
  workerCounts: number[],
): Promise<{ results: CaseResult[]; notes: string[] }> {
  if (workerCounts.length === 0) return { results: [], notes: [] };
  const results: CaseResult[] = [];
  const strays: string[] = [];
  for (const workers of workerCounts) {
    const port = await freePort();
    const primary = spawn(process.execPath, ['--enable-source-maps', 'dist/cluster.js'], {
      cwd: serverDir,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...SERVER_ENV,
        ...env,
        PORT: String(port),
        WEB_CONCURRENCY: String(workers),
        ...(CLUSTER_POOL_SIZE ? { DATABASE_POOL_SIZE: CLUSTER_POOL_SIZE } : {}),
      },
    });
    try {
      const children = await clusterReady(primary, port, workers);
      log(`cluster up on port ${port}: primary ${primary.pid}, workers ${children.join(', ')}`);
      const c: Case = { name: clusterCaseName(workers), url: '/api/products/', pick: 'mix' };
      results.push(
        await runCase(`http://127.0.0.1:${port}`, title, c, null, pickFile, {
          loadWorkers: CLUSTER_LOAD_WORKERS,
          warmup: CLUSTER_WARMUP,
        }),
      );
    } finally {
      const children = primary.exitCode === null ? childrenOf(primary.pid!) : [];
      await stop(primary);
      // The primary waits for its workers before it exits; a survivor would be a bug to report.
      for (const pid of children) {
        if (processState(pid) === null) continue;
        strays.push(String(pid));
        process.kill(pid, 'SIGKILL');
      }
    }
  }
  return {
    results,
    notes: [
      `Cluster: dist/cluster.js with NODE_ENV=production, WEB_CONCURRENCY ${workerCounts.join(', then ')}, DATABASE_POOL_SIZE ${CLUSTER_POOL_SIZE || process.env.DATABASE_POOL_SIZE || '10 (default)'} per worker, ${CLUSTER_LOAD_WORKERS} load generator thread(s), ${CLUSTER_WARMUP} s warm-up, on ${availableParallelism()} cores shared with PostgreSQL and the load generator. ${strays.length ? `Workers left running after the primary stopped (killed): ${strays.join(', ')}.` : 'Primary and every worker stopped after each run.'}`,
    ],
  };
}

/** Resident memory of a process now and at its peak (Linux /proc), in MB. */
function memoryOf(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: 0, peak: 0 };
  }
}

/**
 * Every product page once, in random order (32 connections, one load thread), sampling the
 * server's RSS every 100 ms: time, rate, p50/p99 and the peak RSS during the crawl.
 */
async function crawl(base: string, server: ChildProcess, pickFile: string, count: number): Promise<string> {
  if (!CRAWL) return 'Crawl skipped (--crawl false).';
  const before = memoryOf(server.pid!);
  let peak = before.rss;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(server.pid!).rss)), 100);
  const started = Date.now();
  const r = await runLoad({
    url: `${base}/api/products/1`,
    connections: 32,
    headers: BROWSER_HEADERS,
    crawl: { file: pickFile, max: CRAWL_MAX },
  });
  clearInterval(sampler);
  const seconds = (Date.now() - started) / 1000;
  const after = memoryOf(server.pid!);
  await drained(base);
  const line = `Crawl: ${r.total} of ${count} product pages, ${CRAWL_MAX > 0 ? 'a random sample, ' : ''}once each in random order (32 connections): ${seconds.toFixed(0)} s, ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx/errors ${r.non2xx + r.errors}; server RSS ${before.rss.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB during (${after.peak.toFixed(0)} MB process peak since start).`;
  log(line);
  return line;
}

function table(
  engine: string,
  results: CaseResult[],
  extra: string[],
  clustered: { results: CaseResult[]; notes: string[] },
): string {
  const ceiling = results[0]!.rps || 1;
  const page1 = results.find((r) => r.name.includes('products page 1'));
  // Each rendered page beside the JSON answer a client renders it from (issue 28; the product's target ≥ 0.5×).
  const jsonOf = (pick: string) =>
    results.find((r) => r.name === LONG_TAIL.find((c) => c.pick === pick)?.name);
  const renderedBeside: [string, CaseResult | undefined, string][] = [
    ['rendered product page', jsonOf('product'), 'the JSON product'],
    ['rendered list', jsonOf('list'), 'the JSON list'],
    ['rendered search', jsonOf('search'), 'the JSON search'],
    ['rendered seller page', jsonOf('seller'), 'the JSON seller’s products'],
  ];
  const head = [
    '| case | req/s | p50 ms | p99 ms | bare route just before, req/s | ratio to it | ratio to the run’s ceiling | non-2xx | other processes’ CPU % |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const row = (r: CaseResult) => {
    let ratio = (r.rps / (r.adjacent || 1)).toFixed(3);
    if (r.name.includes('12,000') && page1) {
      ratio += ` (${(r.rps / r.adjacent / (page1.rps / page1.adjacent)).toFixed(2)} of page 1)`;
    }
    for (const [kind, json, label] of renderedBeside)
      if (r.name.includes(kind) && json)
        ratio += ` (${(r.rps / r.adjacent / (json.rps / json.adjacent)).toFixed(2)} of ${label})`;
    return `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.adjacent.toFixed(0)} | ${ratio} | ${(r.rps / ceiling).toFixed(3)} | ${r.non2xx} | ${r.others.toFixed(0)} |`;
  };
  const hot = results.filter((r) => !r.tail);
  const tail = results.filter((r) => r.tail);
  const lines = [
    `### ${engine}`,
    '',
    '#### Hot URLs (one URL again and again)',
    '',
    ...head,
    ...hot.map(row),
  ];
  if (tail.length > 0)
    lines.push(
      '',
      '#### Long tail (each request a random id, offset, seller or word over the whole catalogue)',
      '',
      ...head,
      ...tail.map(row),
    );
  const ones = clustered.results.filter((r) => r.name === clusterCaseName(1));
  if (clustered.results.length > 0) {
    const perBare = (r: CaseResult) => r.rps / (r.adjacent || 1);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    // One worker's rate (the mean when it was measured more than once) is the reference.
    const one = ones.length ? { rps: mean(ones.map((r) => r.rps)), perBare: mean(ones.map(perBare)) } : null;
    const single = results.find((r) => r.name === MIX_NAME);
    const rows = [
      ...(single
        ? [
            {
              ...single,
              name: `one process, \`npm start\`'s server (${MIX_NAME}, above; ${LOAD_WORKERS} load threads)`,
            },
          ]
        : []),
      ...clustered.results,
    ];
    lines.push(
      '',
      '#### Several processes: the mix on `npm run start:prod` (dist/cluster.js), 1 worker = one process',
      '',
      '| case | req/s | p50 ms | p99 ms | bare route just before, req/s | ratio to it | × 1 worker (ratios to the bare route) | × 1 worker (req/s) | non-2xx | other processes’ CPU % |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map(
        (r) =>
          `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.adjacent.toFixed(0)} | ${perBare(r).toFixed(3)} | ${one ? (perBare(r) / one.perBare).toFixed(2) : '–'} | ${one ? (r.rps / one.rps).toFixed(2) : '–'} | ${r.non2xx} | ${r.others.toFixed(0)} |`,
      ),
      '',
      ...clustered.notes,
    );
  }
  return [...lines, '', ...extra, ''].join('\n');
}

async function seed(env: Record<string, string>) {
  const started = Date.now();
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/demo/seed-cli.ts', '--products', String(PRODUCTS)],
    {
      cwd: serverDir,
      stdio: 'inherit',
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    },
  );
  if (result.status !== 0) throw new Error('seeding failed');
  return (Date.now() - started) / 1000;
}

const DEFAULT_MARK = ' [default start]';

/**
 * Each case measured on both starts: the default start's req/s and p99 beside the production
 * start's (the means when a start was measured more than once), and the ratio of the rates
 * each to the bare route measured right before it, which takes out the host's drift.
 */
function startComparison(results: CaseResult[]): string[] {
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const summary = (rows: CaseResult[]) => ({
    rps: mean(rows.map((r) => r.rps)),
    p99: mean(rows.map((r) => r.p99)),
    perBare: mean(rows.map((r) => r.rps / (r.adjacent || 1))),
  });
  const names = [...new Set(results.filter((r) => !r.name.endsWith(DEFAULT_MARK)).map((r) => r.name))];
  const rows = names.flatMap((name) => {
    const prod = results.filter((r) => r.name === name);
    const dflt = results.filter((r) => r.name === name + DEFAULT_MARK);
    if (prod.length === 0 || dflt.length === 0 || name.startsWith('ceiling')) return [];
    const p = summary(prod);
    const d = summary(dflt);
    return [
      `| ${name} | ${p.rps.toFixed(0)} | ${d.rps.toFixed(0)} | ${(d.rps / p.rps).toFixed(2)} | ${(d.perBare / p.perBare).toFixed(2)} | ${p.p99.toFixed(0)} | ${d.p99.toFixed(0)} |`,
    ];
  });
  if (rows.length === 0) return [];
  return [
    '#### The default start (`npm start`) against the production start, same data',
    '',
    '| case | production req/s | default req/s | default ÷ production | the same, each ÷ its bare route | production p99 ms | default p99 ms |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ];
}

/**
 * One single-server start on the engine's data: start, register the order customers, measure
 * the chosen cases, crawl (the first start only), stop. Cases of a start other than production
 * carry its name.
 */
async function measureStart(
  start: Start,
  env: Record<string, string>,
  title: string,
  products: { id: number; seller: number; priceRappen: number }[],
  pickFile: string,
  count: number,
  first: boolean,
): Promise<{ results: CaseResult[]; crawled: string | null }> {
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const server = startServer({
    ...env,
    ...ORDER_LIMITS_OFF,
    RATE_LIMIT_REGISTRATION_PER_IP: '100000',
    PORT: String(port),
    // The German pages the rendered case asks for, written ahead (decision 316): production
    // writes every language; one keeps the background quiet for the other cases.
    PAGES_WRITE_AHEAD: 'de',
    ...startEnv(start),
  });
  let stopping = false;
  server.once('exit', (code, signal) => {
    if (!stopping)
      log(`the server exited by itself (${code ?? signal}): the figures after this are not its own`);
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/api/health`, 120_000);
    log(`${title}: the ${start} start on port ${port}`);
    if (isChosen('long tail: rendered product page')) await pagesWrittenAhead(base, pickFile);
    const setup = await prepareOrders(base, products);
    const results = (await measure(base, title, setup, pickFile)).map((r) =>
      start === 'production' ? r : { ...r, name: `${r.name}${DEFAULT_MARK}` },
    );
    const crawled =
      first && (CASES.length === 0 || CASES.includes('crawl'))
        ? await crawl(base, server, pickFile, count)
        : null;
    return { results, crawled };
  } finally {
    stopping = true;
    await stop(server);
  }
}

/** Both engines alike: seed, sample the catalogue, raise order stock, start, measure, stop, check. */
async function benchEngine(
  engine: 'postgres' | 'pglite',
  title: string,
  env: Record<string, string>,
  dbWhere: string,
): Promise<string> {
  const pickFile = path.join(env.DATA_DIR!, 'bench-pick.json');
  log(`${title}: seeding ${PRODUCTS} products`);
  const seconds = await seed(env);
  log(`seeded in ${seconds.toFixed(0)} s`);
  let db = await openDb(engine, dbWhere);
  const sample = await catalogueSample(db.query, pickFile);
  const stock = await raiseOrderStock(db.query);
  // PGlite: one process at a time owns the data directory; the server opens it next.
  await db.close();
  let results: CaseResult[] = [];
  let crawled = 'Crawl not selected.';
  for (const [i, start] of STARTS.entries()) {
    const measured = await measureStart(
      start as Start,
      env,
      title,
      stock.products,
      pickFile,
      sample.count,
      i === 0,
    );
    results = [...results, ...measured.results];
    if (measured.crawled) crawled = measured.crawled;
  }
  // After the single server stopped: several processes on the same database (PostgreSQL only).
  const clustered = await benchCluster(
    title,
    env,
    pickFile,
    engine === 'postgres' ? CLUSTER_WORKERS.filter((n) => isChosen(clusterCaseName(n))) : [],
  );
  db = await openDb(engine, dbWhere);
  const check = await oversellCheck(
    db.query,
    stock.products.map((p) => p.id),
    stock.start,
  );
  await db.close();
  const section = table(
    title,
    results,
    [
      ...startComparison(results),
      `Seeded ${PRODUCTS} products in ${seconds.toFixed(0)} s. ${check}`,
      '',
      crawled,
    ],
    clustered,
  );
  // Printed as soon as the engine is done: a later engine's failure does not lose it.
  console.info(`\n${section}`);
  return section;
}

const SECRET = 'bench-secret-bench-secret-bench-secret-00';

async function benchPostgres(): Promise<string> {
  const name = `mg_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  benchDatabase = name;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-bench-pg-'));
  try {
    return await benchEngine(
      'postgres',
      'PostgreSQL 15 (server on 127.0.0.1)',
      { DATABASE_URL: url.toString(), DATA_DIR: dataDir, JWT_SECRET: SECRET },
      url.toString(),
    );
  } finally {
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPglite(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-bench-pglite-'));
  try {
    return await benchEngine(
      'pglite',
      'PGlite (embedded, file-backed)',
      { DATA_DIR: dataDir, JWT_SECRET: SECRET },
      dataDir,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The servers under test run the compiled entries (dist/server.js, dist/cluster.js) of this tree. */
const built = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: serverDir, stdio: 'inherit' });
if (built.status !== 0) throw new Error('building the server failed');
// Without the web build's renderer a page answers an empty shell: no figure worth comparing
// (a list "rendered" that way ran at 3.6 times the JSON list's rate).
const rendered = LONG_TAIL.filter((c) => c.name.includes('rendered') && isChosen(c.name));
if (rendered.length && !existsSync(path.join(serverDir, '../web/dist-ssr/entry-server.js')))
  throw new Error(`${rendered[0]!.name} needs the web build: npm run build -w apps/web first`);

const ceilingServer = spawn(process.execPath, ['--import', 'tsx', path.join(serverDir, 'bench/ceiling.ts')], {
  cwd: serverDir,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const ceilingPort = await new Promise<string>((resolve) => {
  let out = '';
  ceilingServer.stdout!.on('data', (d) => {
    out += d;
    if (out.includes('\n')) resolve(out.trim());
  });
});
const CEILING_URL = `http://127.0.0.1:${ceilingPort}/ceiling`;
await waitFor(CEILING_URL, 30_000);
const started = Date.now();
const sections: string[] = [];
try {
  for (const engine of ENGINES) {
    if (engine === 'postgres') sections.push(await benchPostgres());
    if (engine === 'pglite') sections.push(await benchPglite());
  }
} finally {
  await stop(ceilingServer);
}
const report = [
  '# Benchmark results',
  '',
  `Run ${new Date().toISOString()} on ${process.platform} ${process.arch}, Node ${process.version}; ${PRODUCTS} products; autocannon ${CONNECTIONS} connections (${LOAD_WORKERS} worker threads for the reads, one for orders), ${DURATION} s per case after a ${WARMUP} s warm-up, from a second process, requests with \`Accept-Encoding: ${BROWSER_HEADERS['accept-encoding']}\` as browsers send. Long-tail cases draw every request's id, offset, seller or search word at random (bench/pick.cjs). The bare route is the bench's own Fastify server on the same machine. The single server as ${STARTS.join(', then ')} start${STARTS.length > 1 ? 's' : ''} (\`--start\`). Total time ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  '',
  ...sections,
].join('\n');
// A partial run (--cases, fewer products) never replaces the full results.
const full = CASES.length === 0 && PRODUCTS === 100_000 && STARTS.join() === 'production';
const out = full ? 'bench/results/latest.md' : 'bench/results/partial.md';
mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
writeFileSync(path.join(repoRoot, out), report);
console.info(`\n${report}`);
