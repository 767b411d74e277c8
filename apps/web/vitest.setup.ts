import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { useI18n } from './src/i18n';
import { resetAnnouncements } from './src/components/announcer';
import { useCart } from './src/stores/cart';
import { useSession } from './src/stores/session';

// A test fails on console.error or console.warn it did not expect (React's warnings among
// them), as the Epic Stack does; a test that expects one stubs it itself for that test.
// The server's tests do the same (apps/server/test/console-guard.ts).
const unexpected: string[] = [];
function guardConsole(): void {
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      unexpected.push(`console.${level}: ${args.map(String).join(' ').slice(0, 2000)}`);
    });
  }
}
function failOnUnexpected(): void {
  if (unexpected.length === 0) return;
  const lines = unexpected.splice(0);
  throw new Error(`Unexpected console output (stub it in the test if it is expected):\n${lines.join('\n')}`);
}
guardConsole();
beforeEach(guardConsole);
afterEach(failOnUnexpected);
afterAll(failOnUnexpected);

// Components read their texts through the translation layer: load the English messages.
beforeAll(async () => {
  await useI18n.getState().setLocale('en');
});

// findBy/waitFor wait up to 5 s, not 1 s: a page of 24 rows took longer in jsdom on a 2-core
// machine busy with browser tests (one failure in ten runs of npm test). A hanging wait still fails.
configure({ asyncUtilTimeout: 5_000 });

// A worker runs many files in one page (isolate: false): each test leaves it as it found it.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  resetAnnouncements();
  useSession.setState(useSession.getInitialState(), true);
  useCart.setState(useCart.getInitialState(), true);
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
  vi.useRealTimers();
});
