import { defineConfig } from 'vitest/config';

// Integration tests each open their own database; two workers keep this 2-core machine responsive.
/** Integration tests that take their time by nature (real timers): in `test:reliability`, not `npm test`. */
const SLOW_INTEGRATION = 'src/modules/orders/jobs.integration-test.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'test/lint/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/console-guard.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          include: ['src/**/*.integration-test.ts', 'test/**/*.integration-test.ts'],
          // Waits for a started server's real job intervals (30 s): the long tier runs it.
          exclude: [SLOW_INTEGRATION],
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
          include: ['test/reliability/**/*.reliability-test.ts', SLOW_INTEGRATION],
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
    ],
  },
});
