import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirBusyError, EXIT_DATA_DIR_BUSY, holdDatabase, lockDataDir } from './data-dir-lock.ts';

const dirs: string[] = [];
function freshDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mg-lock-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Another process that takes the directory as the server and waits (answers once it holds it). */
async function ownerProcess(dir: string) {
  const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { lockDataDir } = await import(${JSON.stringify(lockModule)});
       lockDataDir(${JSON.stringify(dir)}, 'server'); console.log('held'); setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return child;
}

describe('the data-directory lock', () => {
  it('refuses a second holder, naming the owner and what to do, until the first releases', () => {
    const dir = freshDir();
    const first = lockDataDir(dir, 'server');
    let refusal: unknown;
    try {
      lockDataDir(dir, 'seed');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirBusyError);
    expect((refusal as DataDirBusyError).exitCode).toBe(EXIT_DATA_DIR_BUSY);
    expect((refusal as Error).message).toBe(
      `the server (PID ${process.pid}) is using ${dir}; stop it first (seeding needs the embedded database to itself), then run the seed again. Nothing was changed.`,
    );
    // The refused attempt left the owner's name in place.
    expect(JSON.parse(readFileSync(path.join(dir, 'owner.lock'), 'utf8'))).toMatchObject({
      pid: process.pid,
      role: 'server',
    });
    first.release();
    lockDataDir(dir, 'create-staff').release();
  });

  it('is freed by the kernel when its owner is killed (SIGKILL leaves no stale lock)', async () => {
    const dir = freshDir();
    const owner = await ownerProcess(dir);
    expect(() => lockDataDir(dir, 'server')).toThrow(`the server (PID ${owner.pid}) is using ${dir}`);
    const exited = new Promise((r) => owner.once('exit', r));
    owner.kill('SIGKILL');
    await exited;
    lockDataDir(dir, 'server').release();
  });

  it('is not taken on PostgreSQL, where processes share the database server', () => {
    const dir = freshDir();
    const held = lockDataDir(dir, 'server');
    expect(() =>
      holdDatabase({ DATABASE_URL: 'postgres://db/x', dataDir: dir }, 'seed').release(),
    ).not.toThrow();
    expect(() => holdDatabase({ DATABASE_URL: undefined, dataDir: dir }, 'seed')).toThrow(DataDirBusyError);
    held.release();
  });
});
