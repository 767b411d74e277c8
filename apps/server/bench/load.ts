/**
 * The load generator, run as its own process so it does not share the server's event loop:
 * `node --import tsx bench/load.ts <json options>` prints autocannon's result as JSON.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  duration: number;
  connections: number;
  headers?: Record<string, string>;
  /** autocannon's worker threads (connections are split between them). */
  workers?: number;
  /** Round-robin request bodies and headers (e.g. one per customer). */
  requests?: { body?: string; headers?: Record<string, string> }[];
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const workers = options.workers ?? 1;
const method = options.method ?? (options.requests ? 'POST' : 'GET');
let scratch: string | undefined;
if (options.requests) {
  scratch = mkdtempSync(path.join(tmpdir(), 'mg-load-'));
  process.env.BENCH_REQUESTS_FILE = path.join(scratch, 'requests.json');
  writeFileSync(process.env.BENCH_REQUESTS_FILE, JSON.stringify({ method, requests: options.requests }));
}
// Worker threads load the file themselves; in this thread it is loaded here.
const roundRobin = path.join(path.dirname(fileURLToPath(import.meta.url)), 'round-robin.cjs');
const setupRequest = () => (workers > 1 ? roundRobin : createRequire(import.meta.url)(roundRobin));
const result = await autocannon({
  url: options.url,
  method,
  duration: options.duration,
  connections: options.connections,
  headers: options.headers,
  workers: workers > 1 ? workers : undefined,
  requests: options.requests
    ? [{ setupRequest: setupRequest() as autocannon.Request['setupRequest'] }]
    : undefined,
});
if (scratch) rmSync(scratch, { recursive: true, force: true });
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    total: result.requests.total,
    statusCodes: result.statusCodeStats,
  }),
);
