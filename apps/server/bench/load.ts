/**
 * The load generator, run as its own process so it does not share the server's event loop:
 * `node --import tsx bench/load.ts <json options>` prints autocannon's result as JSON.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  duration: number;
  connections: number;
  headers?: Record<string, string>;
  /** autocannon's worker threads (connections are split between them); not for the crawl. */
  workers?: number;
  /** Round-robin request bodies and headers (e.g. one per customer), sent with `method` (GET by default). */
  requests?: { body?: string; headers?: Record<string, string> }[];
  /**
   * A long-tail case: each request's path drawn at random by bench/pick.cjs (`kind`: product,
   * list, search, reviews, seller, stocks, mix) from the catalogue sample in `file`.
   */
  pick?: { file: string; kind: string };
  /** The crawl: every product id of `file` requested once, in random order (one thread). */
  crawl?: { file: string; max?: number };
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const here = path.dirname(fileURLToPath(import.meta.url));
const pickModule = path.join(here, 'pick.cjs');
const roundRobinModule = path.join(here, 'round-robin.cjs');

function shuffled(ids: number[]): number[] {
  const out = [...ids];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function requestsOption(): autocannon.Options['requests'] {
  if (options.crawl) {
    const all = shuffled((JSON.parse(readFileSync(options.crawl.file, 'utf8')) as { ids: number[] }).ids);
    const ids = options.crawl.max ? all.slice(0, options.crawl.max) : all;
    let next = 0;
    return [{ setupRequest: (req) => ({ ...req, path: `/api/products/${ids[next++ % ids.length]}` }) }];
  }
  if (options.pick) {
    process.env.BENCH_PICK_FILE = options.pick.file;
    process.env.BENCH_PICK_KIND = options.pick.kind;
    // A module path: autocannon requires it, in each worker thread too.
    return [{ setupRequest: pickModule as never }];
  }
  if (!options.requests) return undefined;
  // A module path as for the long tail: bench/round-robin.cjs (also in each worker thread).
  process.env.BENCH_REQUESTS = JSON.stringify({
    method: options.method ?? 'GET',
    requests: options.requests,
  });
  return [{ setupRequest: roundRobinModule as never }];
}

// A worker thread cannot be handed a function: the crawl runs on one thread.
const workers = options.crawl ? undefined : options.workers;
const crawlAmount = options.crawl
  ? Math.min(
      (JSON.parse(readFileSync(options.crawl.file, 'utf8')) as { ids: number[] }).ids.length,
      options.crawl.max || Infinity,
    )
  : undefined;
const result = await autocannon({
  url: options.url,
  method: options.method ?? 'GET',
  ...(crawlAmount ? { amount: crawlAmount } : { duration: options.duration }),
  connections: options.connections,
  headers: options.headers,
  workers: workers && workers > 1 ? workers : undefined,
  requests: requestsOption(),
  timeout: 30,
});
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
    seconds: result.duration,
    statusCodes: result.statusCodeStats,
  }),
);
