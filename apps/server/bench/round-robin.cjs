/**
 * autocannon `setupRequest` for the load generator's worker threads (functions cannot be
 * handed to a worker, a file can): each request takes the next body and headers from the
 * list in BENCH_REQUESTS_FILE, so concurrent requests spread over all the customers.
 */
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- autocannon's worker threads require() this file */
const { readFileSync } = require('node:fs');
const { threadId } = require('node:worker_threads');

const list = JSON.parse(readFileSync(process.env.BENCH_REQUESTS_FILE, 'utf8'));
// Workers start at different customers.
let next = threadId * 7;

module.exports = function setupRequest(req) {
  const r = list.requests[next++ % list.requests.length];
  return { ...req, method: list.method, body: r.body, headers: { ...req.headers, ...r.headers } };
};
