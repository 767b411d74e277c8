/**
 * The long fuzzing run: at least 1,000 generated requests per endpoint (FUZZ_RUNS raises it), in
 * two files that each fuzz every other endpoint, side by side (the `reliability-parallel` project).
 * Their figures (cases run) are printed with the others at the end of the reliability run.
 */
import { afterAll, describe } from 'vitest';
import { fuzzSuite, type FuzzShard } from '../security/fuzz-suite.ts';
import { recordFigure } from './figures.ts';

export const FUZZ_FILES = 2;

export function fuzzShard(index: FuzzShard['index']): void {
  describe(`fuzzing every endpoint (1,000 per endpoint), part ${index + 1} of ${FUZZ_FILES}`, () => {
    const totals = fuzzSuite(
      Math.max(1000, Number(process.env.FUZZ_RUNS ?? 1000)),
      { cases: 0, endpoints: 0 },
      { index, count: FUZZ_FILES },
    );
    afterAll(() => {
      recordFigure('fuzz cases run', totals.cases);
      recordFigure('fuzzed endpoints', totals.endpoints);
    });
  });
}
