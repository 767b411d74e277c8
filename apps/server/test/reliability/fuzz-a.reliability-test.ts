/** The first half of the long fuzzing run (fuzz-run.ts). */
import { fuzzShard } from './fuzz-run.ts';

fuzzShard(0);
