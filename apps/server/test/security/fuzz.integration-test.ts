/**
 * ASVS V2.2/V4, API4/API8: the fast fuzzing run of `npm test` (FUZZ_RUNS per endpoint, 100 by
 * default); test/reliability/fuzz.reliability-test.ts runs 1,000 per endpoint.
 */
import { describe } from 'vitest';
import { fuzzSuite } from './fuzz-suite.ts';

describe('fuzzing every endpoint (fast)', () => {
  fuzzSuite(Number(process.env.FUZZ_RUNS ?? 100));
});
