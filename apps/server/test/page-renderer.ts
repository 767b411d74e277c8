/**
 * Builds the web app's server renderer (apps/web/src/entry-server.tsx) into a folder of the
 * test's own, so the pages' tests render real markup on a fresh clone (`npm test` runs before
 * `npm run build`). Only the renderer is built (a few seconds); the pages then use the bare
 * template instead of the web build's index.html.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

/** Returns a WEB_DIST_DIR whose sibling dist-ssr/ holds the freshly built renderer. */
export function buildPageRenderer(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'mg-pages-'));
  const viteDir = path.dirname(createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json'));
  const vite = path.join(viteDir, 'bin/vite.js');
  const result = spawnSync(
    process.execPath,
    [
      vite,
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      path.join(root, 'dist-ssr'),
      '--logLevel',
      'error',
    ],
    { cwd: webDir, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`building the page renderer failed:\n${result.stderr}`);
  return path.join(root, 'dist');
}
