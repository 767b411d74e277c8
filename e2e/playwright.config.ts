import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The real server on a fresh data directory (demo data loaded), serving the built web app.
const PORT = Number(process.env.E2E_PORT ?? 8123);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'mg-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace slows every test by about a quarter (DOM snapshots and screencast of
    // each step). CI retries a failed test once and records that retry; a local run keeps the
    // trace of any failure (decision 331).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
  ],
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      RATE_LIMIT_REGISTRATION_PER_IP: '100000',
      RATE_LIMIT_LOGIN_PER_IP: '100000',
      // The suites reuse the demo customers for many unpaid orders (anti-hoarding, decision 170).
      ORDER_MAX_UNPAID: '1000',
      ORDER_MAX_UNITS_PER_PRODUCT: '100000',
      RATE_LIMIT_ORDERS_PER_USER: '100000',
      // Invoice for new customers without confirming their address (swiss-payments.spec); the
      // confirmation itself: account-emails.spec and its integration test (decision 253).
      INVOICE_REQUIRE_CONFIRMED_EMAIL: 'false',
      INVOICE_MIN_PAID_ORDERS: '0',
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  },
});
