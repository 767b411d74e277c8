/**
 * The long fuzzing run: at least 1,000 generated requests per endpoint (FUZZ_RUNS raises it).
 * Its figure (cases run) is printed with the others at the end of the reliability run.
 */
import { afterAll, describe } from 'vitest';
import { fuzzSuite } from '../security/fuzz-suite.ts';
import { recordFigure } from './figures.ts';

describe('fuzzing every endpoint (1,000 per endpoint)', () => {
  const totals = fuzzSuite(Math.max(1000, Number(process.env.FUZZ_RUNS ?? 1000)));
  afterAll(() => {
    recordFigure('fuzz cases run', totals.cases);
    recordFigure('fuzzed endpoints', totals.endpoints);
  });
});
