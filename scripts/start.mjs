#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing, then starts the server
// (migrations and demo data on the first start). `--cluster` runs one worker per core.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webIndex = path.join(process.env.WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'), 'index.html');
if (!process.env.WEB_DIST_DIR && (!existsSync(webIndex) || process.env.REBUILD_WEB === 'true')) {
  console.info('Building the web app (first start)…');
  const built = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const entry = process.argv.includes('--cluster') ? 'src/cluster.ts' : 'src/server.ts';
const child = spawn(process.execPath, ['--import', 'tsx', entry], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data') },
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
