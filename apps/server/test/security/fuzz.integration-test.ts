/**
 * ASVS V2.2/V4, API4/API8: the fast fuzzing run of `npm test` (FUZZ_RUNS per endpoint, 25 by
 * default: every endpoint with generated input on every run, about 2,400 requests); the long
 * run, test/reliability/fuzz-run.ts (two files of half the endpoints each), sends 1,000 per endpoint. At 100 per endpoint
 * this file was the slowest of `npm test` (9,500 requests, 382 s of 2,551 summed over the
 * server's files on a busy machine; decision 266).
 */
import { describe } from 'vitest';
import { fuzzSuite } from './fuzz-suite.ts';

describe('fuzzing every endpoint (fast)', () => {
  fuzzSuite(Number(process.env.FUZZ_RUNS ?? 25));
});
