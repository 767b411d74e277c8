/**
 * Fault suite (issue 20): the product mishandled the way operators and supervisors do it.
 * Each `describe` is one row: a second opener of the embedded data directory, a taken port,
 * a supervisor's SIGTERM to the process it started. The servers start as an operator starts
 * them (`npm start`, `node scripts/start.mjs`), through test/process.ts.
 *
 * To add a row: a `describe` that makes its own data directory with `workspace()` (removed
 * after the suite) and its own ports with `freePort()`, and stops what it started.
 */
import http from 'node:http';
import { createServer, type Server } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT_DATA_DIR_BUSY, lockDataDir } from '../../src/db/data-dir-lock.ts';
import {
  childPids,
  freePort,
  freshPostgresDatabase,
  http as api,
  isAlive,
  register,
  runNpm,
  serverEnv,
  startServerProcess,
  type ServerProcess,
} from '../process.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh data directory and an empty web build folder (the web app is not what these rows test). */
function workspace() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mg-faults-'));
  const webDist = mkdtempSync(path.join(tmpdir(), 'mg-faults-web-'));
  cleanups.push(() => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  });
  return { dataDir, env: { DATA_DIR: dataDir, WEB_DIST_DIR: webDist } };
}

function track(server: ServerProcess) {
  cleanups.push(() => server.stop('SIGKILL'));
  return server;
}

async function login(base: string, username: string, password: string) {
  return api(base, '/api/users/login/', { method: 'POST', body: { username, password } });
}

/** A staff account's password is right when sign-in asks for the second factor (decision 205). */
async function staffPasswordAccepted(base: string, username: string, password: string) {
  const res = await login(base, username, password);
  return res.status === 401 && res.body?.otp_required === true;
}

function exitOf(child: { exitCode: number | null; once(event: 'exit', cb: () => void): unknown }) {
  return child.exitCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once('exit', () => r()));
}

/** Every process under `pid` (npm → node, or a cluster's primary → workers). */
function descendants(pid: number): number[] {
  return childPids(pid).flatMap((child) => [child, ...descendants(child)]);
}

describe('a second opener of the embedded data directory', () => {
  it('is refused at once with the owner’s PID, and touches nothing', async () => {
    const { dataDir, env } = workspace();
    const port = await freePort();
    const server = track(await startServerProcess(env, port, { via: 'npm' }));
    const [serverPid] = childPids(server.child.pid!);
    expect(serverPid).toBeDefined();
    const customer = await register(server.base, 'CUSTOMER');

    const otherPort = await freePort();
    const tools: [string, string[], NodeJS.ProcessEnv][] = [
      ['start', [], serverEnv(env, otherPort)],
      ['seed', ['--products', '20'], serverEnv(env, otherPort)],
      [
        'create-staff',
        ['staff-late', 'staff-late@example.ch', 'long-staff-pass-1'],
        serverEnv(env, otherPort),
      ],
      ['db:migrate', [], serverEnv(env, otherPort)],
      // The row 3: the same data directory and the same, taken port.
      ['start', [], serverEnv(env, port)],
    ];
    for (const [script, args, toolEnv] of tools) {
      const started = Date.now();
      const run = await runNpm(script, args, toolEnv);
      expect(run.code, `${script}: ${run.stderr}`).not.toBe(0);
      if (toolEnv.PORT === String(port))
        expect(run.stderr).toMatch(/port \d+ on 127\.0\.0\.1 is already in use/);
      else {
        expect(run.code, `${script}: ${run.stderr}`).toBe(EXIT_DATA_DIR_BUSY);
        expect(run.stderr).toContain(`the server (PID ${serverPid}) is using ${dataDir}; stop it first`);
      }
      expect(run.stdout).not.toMatch(/created|loaded|applied|running on/);
      // Refused at once: no database opened (a PGlite open alone takes seconds here).
      expect(Date.now() - started).toBeLessThan(20_000);
    }

    // The running server did not notice: still the owner, still serving the same data.
    expect(JSON.parse(readFileSync(path.join(dataDir, 'owner.lock'), 'utf8'))).toMatchObject({
      pid: serverPid,
      role: 'server',
    });
    expect((await login(server.base, customer.username, 'reliable-pass-1')).status).toBe(200);
    expect((await login(server.base, 'staff-late', 'long-staff-pass-1')).status).toBe(401);

    // Stopped, the directory is free for the tool; the restarted server has both accounts.
    await server.stop('SIGTERM');
    const staff = await runNpm(
      'create-staff',
      ['staff-late', 'staff-late@example.ch', 'long-staff-pass-1'],
      serverEnv(env, otherPort),
    );
    expect(staff.code, staff.stderr).toBe(0);
    expect(staff.stdout).toContain('staff account staff-late created');
    const again = track(await startServerProcess(env, port, { via: 'npm' }));
    expect((await login(again.base, customer.username, 'reliable-pass-1')).status).toBe(200);
    expect(await staffPasswordAccepted(again.base, 'staff-late', 'long-staff-pass-1')).toBe(true);
    await again.stop('SIGTERM');
  });

  it('does not outlive a killed owner: the next start after SIGKILL takes the directory', async () => {
    const { env } = workspace();
    const port = await freePort();
    const first = track(await startServerProcess(env, port, { via: 'node' }));
    await first.stop('SIGKILL');
    const second = track(await startServerProcess(env, port, { via: 'node' }));
    expect((await api(second.base, '/api/health')).status).toBe(200);
    await second.stop('SIGTERM');
  });
});

describe('a taken port', () => {
  let blocker: Server | undefined;
  afterAll(() => new Promise<void>((r) => (blocker ? blocker.close(() => r()) : r())));

  it('stops the start before the data directory or the database is touched', async () => {
    const { dataDir, env } = workspace();
    const port = await freePort();
    blocker = createServer();
    await new Promise<void>((r) => blocker!.listen(port, '127.0.0.1', () => r()));
    const run = await runNpm('start', [], serverEnv(env, port));
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
    expect(run.stderr).toContain('Nothing was changed');
    // No lock taken, no database created, no migration or category seeded.
    expect(readdirSync(dataDir)).toEqual([]);
  });
});

describe('SIGTERM to the process a supervisor started', () => {
  /** A registration whose body is half sent: in flight when the signal comes. */
  function halfSentRegistration(base: string) {
    const username = `inflight${Date.now().toString(36)}`;
    const body = JSON.stringify({
      username,
      email: `${username}@example.ch`,
      password: 'reliable-pass-1',
      status: 'CUSTOMER',
    });
    const url = new URL('/api/users/registration/', base);
    const req = http.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answer = new Promise<number>((resolve, reject) => {
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', reject);
    });
    req.write(body.slice(0, 20));
    return { finish: () => req.end(body.slice(20)), answer };
  }

  for (const [name, via, args] of [
    ['npm start', 'npm', []],
    ['node scripts/start.mjs', 'node', []],
    ['npm start -- --cluster', 'npm', ['--cluster']],
  ] as const) {
    it(`${name}: in-flight requests finish, then every process is gone and the directory is free`, async () => {
      const { dataDir, env } = workspace();
      const port = await freePort();
      const server = track(await startServerProcess(env, port, { via, args: [...args] }));
      const top = server.child.pid!;
      const processes = [top, ...descendants(top)];
      // npm runs node in its own place (exec); the cluster adds a worker.
      expect(processes.length).toBe(via === 'npm' ? (args.length ? 3 : 2) : 1);

      const inFlight = halfSentRegistration(server.base);
      await new Promise((r) => setTimeout(r, 300));
      const signalled = Date.now();
      process.kill(top, 'SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      inFlight.finish();
      expect(await inFlight.answer).toBe(201);

      await exitOf(server.child);
      const stopTook = Date.now() - signalled;
      expect(server.child.exitCode).toBe(0);
      expect(stopTook).toBeLessThan(20_000);
      // No orphan keeps serving: every process under the signalled one has ended.
      for (const pid of processes) expect(isAlive(pid), `process ${pid} still runs`).toBe(false);
      await expect(fetch(`${server.base}/api/health`)).rejects.toThrow();
      lockDataDir(dataDir, 'server').release();
    });
  }
});

// Only with a PostgreSQL server to run on (TEST_DATABASE_URL), as the other suites do.
if (process.env.TEST_DATABASE_URL) {
  describe('on PostgreSQL (DATABASE_URL) several processes share the database', () => {
    it('seed and create-staff work beside the running server, and seed loads nothing into a non-empty database', async () => {
      const { env } = workspace();
      const db = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(() => db.drop());
      const pgEnv = { ...env, DATABASE_URL: db.url };
      const port = await freePort();
      const server = track(await startServerProcess(pgEnv, port, { via: 'npm' }));
      await register(server.base, 'CUSTOMER');
      const seed = await runNpm('seed', [], serverEnv(pgEnv, port));
      expect(seed.code, seed.stderr).toBe(0);
      expect(seed.stdout).toContain('the database is not empty: nothing loaded');
      const staff = await runNpm('create-staff', ['pg-staff', 'pg-staff@example.ch', 'long-staff-pass-1'], {
        ...serverEnv(pgEnv, port),
      });
      expect(staff.code, staff.stderr).toBe(0);
      expect(await staffPasswordAccepted(server.base, 'pg-staff', 'long-staff-pass-1')).toBe(true);
      expect(existsSync(path.join(env.DATA_DIR, 'owner.lock'))).toBe(false);
      await server.stop('SIGTERM');
    });
  });
}
