/**
 * The long fuzzing run: at least 1,000 generated requests per endpoint (FUZZ_RUNS raises it).
 * Prints the number of cases at the end.
 */
import { describe } from 'vitest';
import { fuzzSuite } from '../security/fuzz-suite.ts';

describe('fuzzing every endpoint (1,000 per endpoint)', () => {
  fuzzSuite(Math.max(1000, Number(process.env.FUZZ_RUNS ?? 1000)));
});
