import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const pkgDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/**
 * Production builds render with Preact's React-compatible runtime (about 40 KB smaller than
 * react-dom) to keep the home route within its JavaScript budget; unit tests and the dev
 * server use React itself. The browser tests run against the production build. See
 * docs/decisions/003-preact-in-production-builds.md. react-router's package exports point
 * every condition at its development build, so production builds pick its production one.
 */
const productionAliases = [
  { find: /^react-router$/, replacement: path.join(pkgDir('react-router'), 'dist/production/index.mjs') },
  { find: /^react-dom\/client$/, replacement: path.join(pkgDir('preact'), 'compat/client.mjs') },
  { find: /^react-dom$/, replacement: path.join(pkgDir('preact'), 'compat/dist/compat.module.js') },
  {
    find: /^react\/jsx-runtime$/,
    replacement: path.join(pkgDir('preact'), 'jsx-runtime/dist/jsxRuntime.module.js'),
  },
  { find: /^react$/, replacement: path.join(pkgDir('preact'), 'compat/dist/compat.module.js') },
];

export default defineConfig(({ mode }) => ({
  plugins: [react()],
  resolve: mode === 'production' && process.env.WEB_RUNTIME !== 'react' ? { alias: productionAliases } : {},
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8000', '/media': 'http://127.0.0.1:8000' },
  },
  css: {
    preprocessorOptions: {
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
}));
