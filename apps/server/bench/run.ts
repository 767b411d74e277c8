/**
 * `npm run bench`: builds a large catalogue in a throwaway database, starts the production
 * server, and measures each case with autocannon from a second process (50 connections,
 * 10 s after a warm-up), on PostgreSQL and on PGlite. Prints a table and writes
 * bench/results/latest.md. Targets are ratios to a bare Fastify route measured in the same run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { computeCartTotals, parseRappen, rappenToDecimal } from '@marktgasse/shared';

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
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const started = Date.now();
    try {
      await fetch(`${base}/api/bench/ceiling`, { signal: AbortSignal.timeout(5_000) });
      if (Date.now() - started < 50) return;
    } catch {
      /* still busy */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  log('the server did not drain within 2 minutes');
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
      BENCH_CEILING: 'true',
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
}

/**
 * 50 distinct customers, each with a cart of one product from each of two sellers. Each
 * customer has its own pair of products (100 products in all, stock raised first), so the case
 * measures order placement rather than the queue on one stock row (the reliability tests race
 * for the same last units); oversell is checked over all of them.
 */
async function prepareOrders(
  base: string,
  databaseCheck: (ids: number[]) => Promise<void>,
): Promise<OrderSetup> {
  const products: {
    id: number;
    seller: number;
    price: string;
    countInStock: number;
  }[] = [];
  for (const offset of [0, 100, 200]) {
    const page = await api(base, `/api/products/?offset=${offset}&limit=100`);
    products.push(...page.body.results);
  }
  const pool = products.filter((p) => p.countInStock > 0);
  const pairs: [(typeof pool)[number], (typeof pool)[number]][] = [];
  while (pairs.length < 50) {
    const a = pool.shift();
    if (!a) throw new Error('not enough products with stock for 50 carts');
    const j = pool.findIndex((p) => p.seller !== a.seller);
    if (j < 0) throw new Error('not enough sellers for 2-seller carts');
    pairs.push([a, pool.splice(j, 1)[0]!]);
  }
  const productIds = pairs.flat().map((p) => p.id);
  await databaseCheck(productIds);
  const requests: OrderSetup['requests'] = [];
  const run = Date.now().toString(36);
  for (let i = 0; i < 50; i += 1) {
    const [a, b] = pairs[i]!;
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
        unitPriceRappen: parseRappen(p.price)!,
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
  return { requests, productIds };
}

async function measure(base: string, engine: string, orderSetup: OrderSetup): Promise<CaseResult[]> {
  const first = await api(base, '/api/products/?offset=0&limit=12');
  const productId = first.body.results[0].id as number;
  const cases: { name: string; url: string; post?: boolean }[] = [
    { name: 'ceiling: bare Fastify JSON route', url: '/api/bench/ceiling' },
    { name: 'products page 1 (offset 0)', url: '/api/products/?offset=0&limit=12' },
    { name: 'products offset 1,200', url: '/api/products/?offset=1200&limit=12' },
    { name: 'products offset 12,000', url: '/api/products/?offset=12000&limit=12' },
    { name: 'product page', url: `/api/products/${productId}` },
    {
      name: 'search products (common word)',
      // "Käse" is in thousands of names (Alpkäse, Bergkäserei, Raclette-Käse…).
      url: `/api/search/?type=products&search_string=${encodeURIComponent('käse')}`,
    },
    {
      name: 'search products (misspelt)',
      // "Schokolade" with one letter mistyped: no substring match, only the fuzzy search finds it.
      url: `/api/search/?type=products&search_string=${encodeURIComponent('schokolsde')}`,
    },
    { name: 'search map', url: '/api/search/?type=map&search_string=' },
    { name: 'latest-products', url: '/api/products/latest-products/' },
    { name: 'latest-reviews', url: '/api/products/latest-reviews/' },
    { name: 'latest-sellers', url: '/api/profiles/latest-sellers/' },
    { name: 'place order (2 sellers, 50 customers)', url: '/api/orders/add/', post: true },
  ];
  const results: CaseResult[] = [];
  const chosen = cases.filter(
    (c, i) => i === 0 || CASES.length === 0 || CASES.some((word) => c.name.toLowerCase().includes(word)),
  );
  for (const c of chosen) {
    const common = {
      url: base + c.url,
      connections: CONNECTIONS,
      workers: LOAD_WORKERS,
      headers: BROWSER_HEADERS,
    };
    const options = c.post ? { ...common, method: 'POST', requests: orderSetup.requests } : common;
    const isCeiling = results.length === 0;
    const adjacent =
      isCeiling || ADJACENT_CEILING <= 0
        ? null
        : await runLoad({ ...common, url: base + cases[0]!.url, duration: ADJACENT_CEILING });
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
    });
    await drained(base);
    log(
      `${engine}: ${c.name}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.non2xx ? `, ${r.non2xx} non-2xx` : ''}${r.errors ? `, ${r.errors} errors/timeouts` : ''}`,
    );
  }
  return results;
}

function table(engine: string, results: CaseResult[], extra: string[]): string {
  const ceiling = results[0]!.rps || 1;
  const page1 = results.find((r) => r.name.startsWith('products page 1'));
  const lines = [
    `### ${engine}`,
    '',
    '| case | req/s | p50 ms | p99 ms | bare route just before, req/s | ratio to it | ratio to the run’s ceiling | non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results) {
    let ratio = (r.rps / (r.adjacent || 1)).toFixed(3);
    if (r.name.includes('12,000') && page1) {
      ratio += ` (${(r.rps / r.adjacent / (page1.rps / page1.adjacent)).toFixed(2)} of page 1)`;
    }
    lines.push(
      `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.adjacent.toFixed(0)} | ${ratio} | ${(r.rps / ceiling).toFixed(3)} | ${r.non2xx} |`,
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

async function benchPostgres(): Promise<string> {
  const name = `mg_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-bench-pg-'));
  const env = {
    DATABASE_URL: url.toString(),
    DATA_DIR: dataDir,
    PORT: '8190',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  };
  let server: ChildProcess | undefined;
  try {
    log(`PostgreSQL: seeding ${PRODUCTS} products into ${name}`);
    const seconds = await seed(env);
    log(`seeded in ${seconds.toFixed(0)} s`);
    server = startServer({ ...env, ...ORDER_LIMITS_OFF, RATE_LIMIT_REGISTRATION_PER_IP: '100000' });
    const base = 'http://127.0.0.1:8190';
    await waitFor(`${base}/api/health`, 60_000);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    const setup = await prepareOrders(base, async (ids) => {
      await client.query('update stocks set number = 1000000 where product_id = any($1)', [ids]);
    });
    const before = await client.query(
      'select coalesce(sum(number),0)::bigint as n from stocks where product_id = any($1)',
      [setup.productIds],
    );
    const results = await measure(base, 'PostgreSQL', setup);
    // Both sums in one statement (one snapshot): orders still committing cannot fall between them.
    const counted = await client.query(
      `select (select coalesce(sum(number),0) from stocks where product_id = any($1))::bigint as stock,
              (select coalesce(sum(quantity),0) from stock_allocations
                where product_id = any($1) and released_at is null)::bigint as held`,
      [setup.productIds],
    );
    await client.end();
    const taken = Number(before.rows[0].n) - Number(counted.rows[0].stock);
    const held = Number(counted.rows[0].held);
    return table('PostgreSQL 15 (server on 127.0.0.1)', results, [
      `Seeded ${PRODUCTS} products in ${seconds.toFixed(0)} s. Order placement: stock taken ${taken}, reserved lines ${held}, difference ${taken - held} (0 = no oversell).`,
    ]);
  } finally {
    if (server) await stop(server);
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPglite(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-bench-pglite-'));
  const env = { DATA_DIR: dataDir, PORT: '8191', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00' };
  let server: ChildProcess | undefined;
  try {
    log(`PGlite: seeding ${PRODUCTS} products into ${dataDir}`);
    const seconds = await seed(env);
    log(`seeded in ${seconds.toFixed(0)} s`);
    server = startServer({ ...env, ...ORDER_LIMITS_OFF, RATE_LIMIT_REGISTRATION_PER_IP: '100000' });
    const base = 'http://127.0.0.1:8191';
    await waitFor(`${base}/api/health`, 120_000);
    // PGlite allows one process: stock for the order case is raised through the bench-only route.
    const setup = await prepareOrders(base, async (ids) => {
      const res = await fetch(`${base}/api/bench/stock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ productIds: ids }),
      });
      if (!res.ok) throw new Error('could not raise stock');
    });
    const results = await measure(base, 'PGlite', setup);
    const check = await (
      await fetch(`${base}/api/bench/stock-check?ids=${setup.productIds.join(',')}`)
    ).json();
    return table('PGlite (embedded, file-backed)', results, [
      `Seeded ${PRODUCTS} products in ${seconds.toFixed(0)} s. Order placement oversell check: ${JSON.stringify(check)}.`,
    ]);
  } finally {
    if (server) await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const started = Date.now();
const sections: string[] = [];
for (const engine of ENGINES) {
  if (engine === 'postgres') sections.push(await benchPostgres());
  if (engine === 'pglite') sections.push(await benchPglite());
}
const report = [
  '# Benchmark results',
  '',
  `Run ${new Date().toISOString()} on ${process.platform} ${process.arch}, Node ${process.version}; ${PRODUCTS} products; autocannon ${CONNECTIONS} connections (${LOAD_WORKERS} worker threads for the reads, one for orders), ${DURATION} s per case after a ${WARMUP} s warm-up, from a second process, requests with \`Accept-Encoding: ${BROWSER_HEADERS['accept-encoding']}\` as browsers send. Total time ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  '',
  ...sections,
].join('\n');
// A partial run (--cases, fewer products) never replaces the full results.
const full = CASES.length === 0 && PRODUCTS === 100_000;
const out = full ? 'bench/results/latest.md' : 'bench/results/partial.md';
mkdirSync(path.join(repoRoot, 'bench/results'), { recursive: true });
writeFileSync(path.join(repoRoot, out), report);
console.info(`\n${report}`);
