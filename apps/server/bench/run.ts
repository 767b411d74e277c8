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
 *
 * Ports: BENCH_PORT (default 8190) for the server under test; the bare route takes a free port.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
const PORT = Number(process.env.BENCH_PORT ?? 8190);
/** `--crawl false` skips the crawl (it takes a minute or two per engine at 100,000 products). */
const CRAWL = arg('crawl', 'true') !== 'false';
/** A cached route answering within this many ms means the server's queue has drained. */
const DRAINED_MS = Number(arg('drained-ms', '50'));
/** `--crawl-max N`: crawl a random N of the products (each once) when the whole catalogue takes too long. */
const CRAWL_MAX = Number(arg('crawl-max', '0'));

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

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      ...env,
    },
  });
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
  { name: 'long tail: list page, random offset', url: '/api/products/', pick: 'list' },
  { name: 'long tail: search, random word (half misspelt)', url: '/api/search/', pick: 'search' },
  { name: 'long tail: reviews, random product', url: '/api/products/reviews/1', pick: 'reviews' },
  { name: 'long tail: a seller’s products, random seller', url: '/api/products/user/1', pick: 'seller' },
  { name: 'long tail: stocks of a product, random id', url: '/api/stocks/product/1', pick: 'stocks' },
  { name: 'long tail: mix 35/15/20/10/10/10 %', url: '/api/products/', pick: 'mix' },
];

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
  const results: CaseResult[] = [];
  const chosen = cases.filter(
    (c, i) => i === 0 || CASES.length === 0 || CASES.some((word) => c.name.toLowerCase().includes(word)),
  );
  const ceilingOptions = {
    url: CEILING_URL,
    connections: CONNECTIONS,
    workers: LOAD_WORKERS,
    headers: BROWSER_HEADERS,
  };
  for (const c of chosen) {
    const common = {
      url: c.url.startsWith('http') ? c.url : base + c.url,
      connections: CONNECTIONS,
      workers: LOAD_WORKERS,
      headers: BROWSER_HEADERS,
    };
    const options = c.post
      ? { ...common, workers: 1, method: 'POST', requests: orderSetup.requests }
      : c.auth
        ? {
            ...common,
            method: 'GET',
            requests: orderSetup.tokens.map((token) => ({ headers: { authorization: `Bearer ${token}` } })),
          }
        : c.pick
          ? { ...common, pick: { file: pickFile, kind: c.pick } }
          : common;
    const isCeiling = results.length === 0;
    const adjacent =
      isCeiling || ADJACENT_CEILING <= 0
        ? null
        : await runLoad({ ...ceilingOptions, duration: ADJACENT_CEILING });
    // Warm-up orders take stock too; the oversell check counts from before the first of them.
    if (WARMUP > 0) await runLoad({ ...options, duration: WARMUP });
    const r = await runLoad({ ...options, duration: DURATION });
    results.push({
      name: c.name,
      rps: r.rps,
      adjacent: adjacent?.rps ?? r.rps,
      p50: r.p50,
      p99: r.p99,
      non2xx: r.non2xx + r.errors,
      tail: Boolean(c.pick),
    });
    await drained(base);
    log(
      `${engine}: ${c.name}: ${r.rps.toFixed(0)} req/s (bare route just before ${(adjacent?.rps ?? r.rps).toFixed(0)}, ratio ${(r.rps / (adjacent?.rps ?? r.rps)).toFixed(3)}), p50 ${r.p50} ms, p99 ${r.p99} ms${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}${r.errors ? `, ${r.errors} errors/timeouts` : ''}`,
    );
  }
  return results;
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

function table(engine: string, results: CaseResult[], extra: string[]): string {
  const ceiling = results[0]!.rps || 1;
  const page1 = results.find((r) => r.name.includes('products page 1'));
  const head = [
    '| case | req/s | p50 ms | p99 ms | bare route just before, req/s | ratio to it | ratio to the run’s ceiling | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const row = (r: CaseResult) => {
    let ratio = (r.rps / (r.adjacent || 1)).toFixed(3);
    if (r.name.includes('12,000') && page1) {
      ratio += ` (${(r.rps / r.adjacent / (page1.rps / page1.adjacent)).toFixed(2)} of page 1)`;
    }
    return `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.adjacent.toFixed(0)} | ${ratio} | ${(r.rps / ceiling).toFixed(3)} | ${r.non2xx} |`;
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
  const server = startServer({ ...env, ...ORDER_LIMITS_OFF, RATE_LIMIT_REGISTRATION_PER_IP: '100000' });
  let results: CaseResult[];
  let crawled: string;
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitFor(`${base}/api/health`, 120_000);
    const setup = await prepareOrders(base, stock.products);
    results = await measure(base, title, setup, pickFile);
    crawled =
      CASES.length === 0 || CASES.includes('crawl')
        ? await crawl(base, server, pickFile, sample.count)
        : 'Crawl not selected.';
  } finally {
    await stop(server);
  }
  db = await openDb(engine, dbWhere);
  const check = await oversellCheck(
    db.query,
    stock.products.map((p) => p.id),
    stock.start,
  );
  await db.close();
  const section = table(title, results, [
    `Seeded ${PRODUCTS} products in ${seconds.toFixed(0)} s. ${check}`,
    '',
    crawled,
  ]);
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
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-bench-pg-'));
  try {
    return await benchEngine(
      'postgres',
      'PostgreSQL 15 (server on 127.0.0.1)',
      { DATABASE_URL: url.toString(), DATA_DIR: dataDir, PORT: String(PORT), JWT_SECRET: SECRET },
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
      { DATA_DIR: dataDir, PORT: String(PORT), JWT_SECRET: SECRET },
      dataDir,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

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
  `Run ${new Date().toISOString()} on ${process.platform} ${process.arch}, Node ${process.version}; ${PRODUCTS} products; autocannon ${CONNECTIONS} connections (${LOAD_WORKERS} worker threads for the reads, one for orders), ${DURATION} s per case after a ${WARMUP} s warm-up, from a second process, requests with \`Accept-Encoding: ${BROWSER_HEADERS['accept-encoding']}\` as browsers send. Long-tail cases draw every request's id, offset, seller or search word at random (bench/pick.cjs). The bare route is the bench's own Fastify server on the same machine. Total time ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  '',
  ...sections,
].join('\n');
// A partial run (--cases, fewer products) never replaces the full results.
const full = CASES.length === 0 && PRODUCTS === 100_000;
const out = full ? 'bench/results/latest.md' : 'bench/results/partial.md';
mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
writeFileSync(path.join(repoRoot, out), report);
console.info(`\n${report}`);
