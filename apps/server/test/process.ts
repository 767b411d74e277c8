/**
 * Runs the real server as a child process for tests that kill, restart or multiply it (from
 * its TypeScript source, or the way an operator starts it: `npm start`, `node scripts/start.mjs`),
 * the command-line tools, and a tiny JSON client for talking to the server over HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(serverDir, '../..');

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** The last few KB the server wrote to stderr (for failure messages). */
  stderr(): string;
  /** What it wrote to stdout (the start banner), when started with `via` other than 'source'. */
  stdout(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** How a test starts the server: the TypeScript entry under tsx, or as an operator does. */
export type StartVia = 'source' | 'npm' | 'node';

/** The environment every test server gets unless the test says otherwise. */
export function serverEnv(env: Record<string, string>, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    JWT_SECRET: 'reliability-secret-reliability-secret-01',
    RATE_LIMIT_REGISTRATION_PER_IP: '100000',
    RATE_LIMIT_LOGIN_PER_IP: '100000',
    // Many tests place many unpaid orders per customer; the anti-hoarding tests set their own.
    ORDER_MAX_UNPAID: '1000',
    ORDER_MAX_UNITS_PER_PRODUCT: '100000',
    RATE_LIMIT_ORDERS_PER_USER: '100000',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...env,
  };
}

/** Starts the server and answers without waiting for it (tests that expect a refusal). */
export function spawnServer(
  env: Record<string, string>,
  port: number,
  { via = 'source', args = [] }: { via?: StartVia; args?: string[] } = {},
): ChildProcess {
  const command =
    via === 'npm'
      ? { file: 'npm', args: ['start', '--silent', ...(args.length ? ['--', ...args] : [])], cwd: repoRoot }
      : via === 'node'
        ? { file: process.execPath, args: ['scripts/start.mjs', ...args], cwd: repoRoot }
        : { file: process.execPath, args: ['--import', 'tsx', 'src/server.ts', ...args], cwd: serverDir };
  return spawn(command.file, command.args, {
    cwd: command.cwd,
    stdio: ['ignore', via === 'source' ? 'ignore' : 'pipe', 'pipe'],
    env: serverEnv(env, port),
  });
}

export async function startServerProcess(
  env: Record<string, string>,
  port: number,
  options: { via?: StartVia; args?: string[] } = {},
): Promise<ServerProcess> {
  const child = spawnServer(env, port, options);
  let stderr = '';
  let stdout = '';
  child.stderr?.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
  child.stdout?.on('data', (d) => (stdout = (stdout + d).slice(-20000)));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}): ${stderr}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > until) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    child,
    stderr: () => stderr,
    stdout: () => stdout,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    },
  };
}

export interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs an npm script of the repository (`seed`, `create-staff`, `db:migrate`, `start`) to its end. */
export function runNpm(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<ToolRun> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A port nothing listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The ids of a process's children (Linux), to find the server that `npm start` runs. */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function http(
  base: string,
  pathname: string,
  options: { method?: string; token?: string; body?: unknown } = {},
) {
  const res = await fetch(base + pathname, {
    method: options.method ?? 'GET',
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await res.text();
  let body: any = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: res.status, body };
}

export async function register(base: string, status: 'CUSTOMER' | 'STORE_OWNER') {
  const username = `${status === 'CUSTOMER' ? 'c' : 's'}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const res = await http(base, '/api/users/registration/', {
    method: 'POST',
    body: { username, email: `${username}@example.ch`, password: 'reliable-pass-1', status },
  });
  if (res.status !== 201) throw new Error(`registration failed ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.id as number, token: res.body.access as string, username };
}

/** A seller with one store per entry of `stores` and one product with those stock numbers. */
export async function sellerWithProduct(base: string, stockPerStore: number[], price = '12.50') {
  const seller = await register(base, 'STORE_OWNER');
  const categories = (await http(base, '/api/products/categories/')).body as {
    id: number;
    subcategory: { id: number }[];
  }[];
  const category = categories[0]!;
  const product = await http(base, '/api/products/new/', {
    method: 'POST',
    token: seller.token,
    body: {
      brand: 'Test',
      name: `Product ${seller.username}`,
      price,
      description: '',
      category: category.id,
      subcategory: category.subcategory[0]!.id,
    },
  });
  if (product.status !== 201)
    throw new Error(`product failed ${product.status} ${JSON.stringify(product.body)}`);
  const storeIds: number[] = [];
  for (const [i, number] of stockPerStore.entries()) {
    const store = await http(base, '/api/stores/new/', {
      method: 'POST',
      token: seller.token,
      body: {
        name: `Store ${i} ${seller.username}`,
        latitude: 46.948 + i / 100,
        longitude: 7.4474,
        city: 'Bern',
        country: 'Switzerland',
        address: 'Marktgasse 1',
      },
    });
    if (store.status !== 201) throw new Error(`store failed ${store.status} ${JSON.stringify(store.body)}`);
    storeIds.push(store.body.id);
    const stock = await http(base, '/api/stocks/new/', {
      method: 'POST',
      token: seller.token,
      body: { number, store: store.body.id, product: product.body.id },
    });
    if (stock.status !== 201 && stock.status !== 200)
      throw new Error(`stock failed ${stock.status} ${JSON.stringify(stock.body)}`);
  }
  return { seller, productId: product.body.id as number, price, storeIds };
}

/** An order payload for `quantity` online units of one product at `price` (items only, plus shipping). */
export function onlineOrder(productId: number, price: string, quantity = 1) {
  const itemsRappen = Math.round(Number(price) * 100) * quantity;
  const shipping = itemsRappen >= 10000 ? 0 : 2000;
  return {
    orderItems: [{ id: productId, quantity, orderType: 'online', storeId: null }],
    paymentMethod: 'PayPal',
    totalPrice: (itemsRappen / 100).toFixed(2),
    totalShippingPrice: (shipping / 100).toFixed(2),
    shippingAddress: {
      address: 'Bahnhofstrasse 1',
      city: 'Zürich',
      postalCode: '8001',
      country: 'Switzerland',
    },
  };
}

/** A fresh PostgreSQL database for one test (dropped by the returned function). */
export async function freshPostgresDatabase(
  baseUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mg_rel_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Sum of a product's stock over all stores, from the public product page. */
export async function stockOf(base: string, productId: number): Promise<number> {
  const res = await http(base, `/api/products/${productId}`);
  return (res.body.stocks as { number: number }[]).reduce((sum, s) => sum + s.number, 0);
}
