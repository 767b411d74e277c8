/**
 * The started server (server.ts) on a real socket: slow and idle clients are cut off by the
 * configured timeouts (issue 14 row 8), and a production start loads no demo accounts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/config.ts';
import { startServer } from './server.ts';

const dataDirs: string[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mg-server-'));
  dataDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Opens a socket and answers when the server ends it: what it said and how long it kept it. */
function watch(port: number, talk: (socket: Socket) => void = () => {}) {
  const socket = connect(port, '127.0.0.1');
  const opened = Date.now();
  let received = '';
  socket.on('data', (d) => (received += d));
  socket.on('connect', () => talk(socket));
  return new Promise<{ heldMs: number; received: string }>((resolve) =>
    socket.on('close', () => resolve({ heldMs: Date.now() - opened, received })),
  );
}

describe('timeouts', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let port: number;
  beforeAll(async () => {
    server = await startServer(
      testConfig({
        DATA_DIR: dataDir(),
        PORT: '0',
        HTTP_REQUEST_TIMEOUT_MS: '1500',
        HTTP_HEADERS_TIMEOUT_MS: '1000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '500',
      }),
      { quiet: true },
    );
    port = (server.app.server.address() as { port: number }).port;
  });
  afterAll(() => server?.stop());

  it('cuts off a body sent one byte at a time', async () => {
    let timer: NodeJS.Timeout | undefined;
    const result = await watch(port, (socket) => {
      socket.write(
        'POST /api/users/registration/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n',
      );
      timer = setInterval(() => socket.write('{'), 250);
    });
    clearInterval(timer);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.heldMs).toBeLessThan(4_000);
  });

  it('cuts off headers sent one line at a time', async () => {
    let timer: NodeJS.Timeout | undefined;
    const result = await watch(port, (socket) => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
      timer = setInterval(() => socket.write('X-Slow: 1\r\n'), 200);
    });
    clearInterval(timer);
    expect(result.received).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.heldMs).toBeLessThan(3_000);
  });

  it('closes a socket that never sends a request', async () => {
    const result = await watch(port);
    expect(result.heldMs).toBeLessThan(3_000);
  });

  it('closes a kept-alive socket that stays idle after its answer', async () => {
    const result = await watch(port, (socket) =>
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n'),
    );
    expect(result.received).toMatch(/^HTTP\/1\.1 200 /);
    expect(result.heldMs).toBeLessThan(3_000);
  });

  it('still answers a client that sends at a normal pace', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});

describe('a production start', () => {
  it('loads no demo data unless asked for', async () => {
    const server = await startServer(testConfig({ DATA_DIR: dataDir(), PORT: '0', NODE_ENV: 'production' }), {
      quiet: true,
    });
    try {
      const port = (server.app.server.address() as { port: number }).port;
      const login = await fetch(`http://127.0.0.1:${port}/api/users/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo-customer', password: 'marktgasse-demo' }),
      });
      expect(login.status).toBe(401);
      expect(await (await fetch(`http://127.0.0.1:${port}/api/profiles/`)).json()).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
