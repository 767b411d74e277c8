import { defineConfig } from 'vitest/config';

// Integration tests each open their own database; two workers keep this 2-core machine responsive.
/**
 * Integration tests that take their time by nature: in `test:reliability`, not `npm test`
 * (decisions 203 and 266). Each timed out or nearly so at 60 s on a busy 2-core machine.
 */
const SLOW_INTEGRATION = [
  // Waits for a started server's real job intervals (30 s).
  'src/modules/orders/jobs.integration-test.ts',
  // Starts the production server on a file-backed database and waits out its real socket
  // timeouts; "a production start loads no demo data" timed out at 60 s (decision 266).
  'src/server.integration-test.ts',
  // Seeds the whole demo catalogue and a scaled-down large one (200 products per subcategory,
  // images): 66 s, and its large-catalogue case timed out at 60 s (decision 266).
  'src/demo/demo.integration-test.ts',
];

/**
 * The long suites that only compute (the fuzzing in two halves, the money properties): two at a
 * time. On a 2-core machine the four took 346 s side by side, against 472 s one after the other.
 */
const RELIABILITY_PARALLEL = [
  'test/reliability/fuzz-a.reliability-test.ts',
  'test/reliability/fuzz-b.reliability-test.ts',
  'test/reliability/ledger-property.reliability-test.ts',
  'test/reliability/ledger-orders-property.reliability-test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          isolate: false,
          include: ['src/**/*.test.ts', 'test/lint/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/console-guard.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          // One process per worker for all its files: the app's modules load once, and an
          // embedded database a file leaves is emptied and handed to the next (test/build.ts).
          isolate: false,
          sequence: { groupOrder: 1 },
          include: ['src/**/*.integration-test.ts', 'test/**/*.integration-test.ts'],
          // The long tier runs these (above).
          exclude: SLOW_INTEGRATION,
          globalSetup: ['test/pglite-template.ts'],
          environment: 'node',
          setupFiles: ['test/console-guard.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        // A client written from the spec alone, over real HTTP (test/contract/README.md).
        test: {
          name: 'contract',
          isolate: false,
          sequence: { groupOrder: 2 },
          include: ['test/contract/**/*.contract-test.ts'],
          globalSetup: ['test/pglite-template.ts'],
          environment: 'node',
          setupFiles: ['test/console-guard.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'reliability',
          sequence: { groupOrder: 3 },
          include: ['test/reliability/**/*.reliability-test.ts', ...SLOW_INTEGRATION],
          // These measure nothing against the clock and only keep one core busy each: the next
          // project runs them two at a time, after the suites that wait on timers and crashes.
          exclude: RELIABILITY_PARALLEL,
          globalSetup: ['test/reliability/global-setup.ts', 'test/pglite-template.ts'],
          environment: 'node',
          setupFiles: ['test/console-guard.ts'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
          pool: 'forks',
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'reliability-parallel',
          sequence: { groupOrder: 4 },
          include: RELIABILITY_PARALLEL,
          // The reliability project's global setup (its figures file) serves this one too.
          globalSetup: ['test/pglite-template.ts'],
          environment: 'node',
          setupFiles: ['test/console-guard.ts'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
