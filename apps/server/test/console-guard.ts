/**
 * Vitest setup of every server test project: a test fails when something writes to
 * console.error or console.warn that the test did not expect (as the Epic Stack does). A test
 * that expects such output stubs it itself (`vi.spyOn(console, 'warn').mockImplementation(…)`),
 * which replaces this recording for that test.
 */
import { format } from 'node:util';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';

const unexpected: string[] = [];
/** (Again) records console.error and console.warn: a test's own stub ends with its test. */
function guard(): void {
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      unexpected.push(`console.${level}: ${format(...args).slice(0, 2000)}`);
    });
  }
}
guard();
beforeEach(guard);

function failOnUnexpected(): void {
  if (unexpected.length === 0) return;
  const lines = unexpected.splice(0);
  throw new Error(`Unexpected console output (stub it in the test if it is expected):\n${lines.join('\n')}`);
}

afterEach(failOnUnexpected);
afterAll(failOnUnexpected);
