/**
 * Round-robin requests for bench/load.ts (one per customer: its token, its order body), as a
 * module path because autocannon's worker threads `require` their `setupRequest` and cannot be
 * handed a function. The list comes in through BENCH_REQUESTS (JSON: method and requests);
 * each thread starts at a random place in it. CommonJS: loaded without a TypeScript loader.
 */
'use strict';

const { method, requests } = JSON.parse(process.env.BENCH_REQUESTS);
let next = Math.floor(Math.random() * requests.length);

function setupRequest(req) {
  const r = requests[next++ % requests.length];
  const out = { ...req, method, headers: { ...req.headers, ...r.headers } };
  if (r.body !== undefined) out.body = r.body;
  return out;
}

module.exports = setupRequest;
