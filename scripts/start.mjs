#!/usr/bin/env node
// `npm start`: builds what is missing or out of date (the web app when missing, the compiled
// server when its sources are newer), then runs the server in this very process, so that a
// supervisor's SIGTERM reaches it (decision 137). `--cluster` runs one worker per core.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const production = process.env.NODE_ENV === 'production';

// Node 22 or newer is supported (decision 138); Node 20 is past its end of life. A production
// start refuses it; a development start (the build machines have Node 20) says so and goes on.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  const advice =
    `Marktgasse needs Node 22 or newer; this is Node ${process.versions.node}. Install Node 22, ` +
    'or run `npm install --no-save node@22` once: `npm start` then uses it.';
  if (production) {
    console.error(advice);
    process.exit(1);
  }
  console.warn(`${advice} (Development start: going on.)`);
}

function run(args, what) {
  console.info(what);
  const result = spawnSync(args[0], args.slice(1), { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const webDist = process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist');
const webIndex = path.join(webDist, 'index.html');
// The server's page renderer is built with the app (decision 210); a build from before it lacks it.
const pageRenderer = path.join(webDist, '..', 'dist-ssr', 'entry-server.js');
const webMissing = !existsSync(webIndex) || !existsSync(pageRenderer);
if (!process.env.WEB_DIST_DIR && (webMissing || process.env.REBUILD_WEB === 'true'))
  run(['npm', 'run', 'build', '-w', 'apps/web'], 'Building the web app (first start)…');

/** The newest modification time of the files under these folders. */
function newest(paths) {
  let latest = 0;
  for (const entry of paths) {
    const stats = statSync(entry, { throwIfNoEntry: false });
    if (!stats) continue;
    if (stats.isDirectory())
      latest = Math.max(latest, newest(readdirSync(entry).map((name) => path.join(entry, name))));
    else latest = Math.max(latest, stats.mtimeMs);
  }
  return latest;
}

const serverDir = path.join(root, 'apps/server');
const entry = path.join(serverDir, 'dist', process.argv.includes('--cluster') ? 'cluster.js' : 'server.js');
const built = statSync(entry, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sources = [
  path.join(serverDir, 'src'),
  path.join(serverDir, 'scripts/build.mjs'),
  path.join(serverDir, 'package.json'),
  path.join(root, 'packages/shared/src'),
];
if (built < newest(sources))
  run([process.execPath, path.join(serverDir, 'scripts/build.mjs')], 'Building the server…');

process.env.DATA_DIR ??= path.join(root, 'data');
// Stack traces name the TypeScript source lines (the build writes source maps).
process.setSourceMapsEnabled(true);
const server = await import(pathToFileURL(entry).href);
await server.main();
