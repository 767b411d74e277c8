/**
 * The load generator, run as its own process so it does not share the server's event loop:
 * `node --import tsx bench/load.ts <json options>` prints autocannon's result as JSON.
 */
import autocannon from 'autocannon';

interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  duration: number;
  connections: number;
  headers?: Record<string, string>;
  /** autocannon's worker threads (connections are split between them); GET cases only. */
  workers?: number;
  /** Round-robin request bodies and headers (e.g. one per customer). */
  requests?: { body?: string; headers?: Record<string, string> }[];
}

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
// A worker thread cannot be handed the round-robin function below.
const workers = options.requests ? undefined : options.workers;
let i = 0;
const result = await autocannon({
  url: options.url,
  method: options.method ?? 'GET',
  duration: options.duration,
  connections: options.connections,
  headers: options.headers,
  workers: workers && workers > 1 ? workers : undefined,
  requests: options.requests
    ? [
        {
          setupRequest: (req) => {
            const next = options.requests![i++ % options.requests!.length]!;
            return {
              ...req,
              method: options.method ?? 'POST',
              body: next.body,
              headers: { ...req.headers, ...next.headers },
            };
          },
        },
      ]
    : undefined,
});
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
