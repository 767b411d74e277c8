/**
 * ASVS V3/V4/V16, API8: security headers and CSP, CORS closed by default and opened by
 * CORS_ORIGINS, and error answers without stack traces or SQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../build.ts';
import { registerUser, type TestUser } from '../fixtures.ts';
import { cspDirectives } from '../../src/plugins/security.ts';
import { testConfig } from '../config.ts';
import Fastify from 'fastify';
import { frameworkErrorHandler } from '../../src/plugins/errors.ts';
import { sql } from 'drizzle-orm';
import { insertProduct } from '../order-builders.ts';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await build({ CORS_ORIGINS: 'https://shop.example.ch, https://admin.example.ch' });
  user = await registerUser(t.app, { status: 'CUSTOMER' });
});
afterAll(async () => {
  await t.close();
});

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** No stack frame, file path, SQL or driver text in an error body. */
function expectCleanError(body: string) {
  expect(body).not.toMatch(/\bat [\w.<>]+ \(|node:internal|\/src\/|\.ts:\d+|node_modules/);
  expect(body).not.toMatch(/\b(select|insert|update|delete)\b.+\b(from|into|set|where)\b/i);
  expect(body).not.toMatch(/postgres|pglite|drizzle|syntax error at|relation "|violates/i);
  expect(typeof JSON.parse(body).detail).toBe('string');
}

describe('security headers', () => {
  it('sends nosniff, a strict referrer policy, frame protection and the CSP on API and error answers', async () => {
    for (const url of ['/api/products/', '/api/nope', '/api/users/me/']) {
      const res = await t.app.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(res.headers['x-request-id'], url).toBeTruthy();
    }
  });

  it('sends the opener and permissions policies, HSTS only behind https, and the API docs without a CSP', async () => {
    const res = await t.app.inject({ url: '/api/products/' });
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(res.headers['permissions-policy']).toBe(
      'camera=(), microphone=(), geolocation=(self), payment=(self)',
    );
    expect(res.headers['strict-transport-security']).toBeUndefined();
    // Product images stay embeddable by other origins (CORS_ORIGINS front-ends).
    expect(res.headers['cross-origin-resource-policy']).toBeUndefined();
    // Swagger UI runs inline scripts: a CSP there would leave the docs blank.
    const docs = await t.app.inject({ url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toBeUndefined();
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });

  it('allows only the own origin for scripts, connections and frames when nothing external is configured', () => {
    const csp = new Map(Object.entries(cspDirectives(testConfig())));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    for (const values of csp.values()) {
      expect(values).not.toContain("'unsafe-eval'");
      expect(values).not.toContain('*');
      expect(values.some((v) => /paypal/.test(v))).toBe(false);
    }
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('adds the PayPal hosts only with PAYPAL_CLIENT_ID and the map style origin only with MAP_STYLE_URL', () => {
    const csp = new Map(
      Object.entries(
        cspDirectives(
          testConfig({
            PAYPAL_CLIENT_ID: 'sb-client',
            MAP_STYLE_URL: 'https://tiles.example.org/styles/light.json',
          }),
        ),
      ),
    );
    expect(csp.get('script-src')).toEqual(expect.arrayContaining(["'self'", 'https://www.paypal.com']));
    expect(csp.get('frame-src')).toEqual(expect.arrayContaining(['https://www.paypal.com']));
    expect(csp.get('connect-src')).toEqual(expect.arrayContaining(['https://tiles.example.org']));
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(['https://tiles.example.org']));
    expect(csp.get('script-src')).not.toContain('https://tiles.example.org');
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('sends the configured CSP from a running app with PayPal and a map style', async () => {
    const paypal = await build({
      PAYPAL_CLIENT_ID: 'sb-client',
      MAP_STYLE_URL: 'https://tiles.example.org/s.json',
      PUBLIC_URL: 'https://marktgasse.example.ch',
    });
    try {
      const res = await paypal.app.inject({ url: '/api/health/' });
      const csp = directives(String(res.headers['content-security-policy']));
      expect(csp.get('script-src')).toContain('https://www.paypal.com');
      expect(csp.get('connect-src')).toContain('https://tiles.example.org');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await paypal.close();
    }
  });
});

describe('CORS', () => {
  it('sends no Access-Control-Allow-Origin to a foreign origin, by default', async () => {
    const closed = await build();
    try {
      const res = await closed.app.inject({
        url: '/api/products/',
        headers: { origin: 'https://evil.example' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await closed.app.inject({
        method: 'OPTIONS',
        url: '/api/orders/add/',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await closed.close();
    }
  });

  it('allows exactly the CORS_ORIGINS, without credentials', async () => {
    const ok = await t.app.inject({ url: '/api/products/', headers: { origin: 'https://shop.example.ch' } });
    expect(ok.headers['access-control-allow-origin']).toBe('https://shop.example.ch');
    expect(ok.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/orders/add/',
      headers: {
        origin: 'https://admin.example.ch',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.statusCode).toBeLessThan(300);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://admin.example.ch');
    for (const origin of ['https://evil.example', 'https://shop.example.ch.evil.example', 'null']) {
      const res = await t.app.inject({ url: '/api/products/', headers: { origin } });
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
  });
});

describe('errors never show stack traces or SQL', () => {
  it('answers invalid JSON with 400 and a sentence', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('The request body is not valid JSON.');
    expectCleanError(res.body);
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/add/',
      headers: { ...user.auth, 'content-type': 'application/json' },
      payload: JSON.stringify({ orderItems: [], pad: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expectCleanError(res.body);
  });

  it('answers unknown routes, wrong methods, odd content types and prototype pollution without internals', async () => {
    const cases = [
      { method: 'GET', url: '/api/does-not-exist/' },
      { method: 'PATCH', url: '/api/products/' },
      { method: 'POST', url: '/api/users/login/', headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
      {
        method: 'POST',
        url: '/api/users/login/',
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__": {"isStaff": true}, "username": "x", "password": "y"}',
      },
      { method: 'GET', url: `/api/products/${'9'.repeat(30)}` },
      { method: 'GET', url: '/api/products/2147483648' },
      { method: 'GET', url: "/api/products/1' or '1'='1" },
      { method: 'GET', url: '/api/search/?type=products&search_string=%27%3B%20drop%20table%20users%3B--' },
      { method: 'GET', url: '/api/products/?category=%00' },
    ] as const;
    for (const c of cases) {
      const res = await t.app.inject(c as never);
      expect(res.statusCode, `${c.method} ${c.url}`).toBeLessThan(500);
      if (res.statusCode >= 400) expectCleanError(res.body);
    }
  });

  it('answers a malformed URL and an over-long path parameter with a detail sentence and the security headers', async () => {
    // Needs `frameworkErrors: frameworkErrorHandler` (plugins/errors.ts) in the Fastify options of app.ts.
    for (const [url, status] of [
      ['/api/orders/%ZZ/', 400],
      [`/api/orders/${'1'.repeat(250)}/`, 414],
    ] as const) {
      const res = await t.app.inject({ url, headers: user.auth });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expectCleanError(res.body);
    }
  });

  it('frameworkErrorHandler answers both framework errors with a detail and nosniff (as app.ts would wire it)', async () => {
    const bare = Fastify({ frameworkErrors: frameworkErrorHandler, routerOptions: { maxParamLength: 200 } });
    bare.get('/api/orders/:id/', async () => ({ ok: true }));
    try {
      const bad = await bare.inject({ url: '/api/orders/%ZZ/' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ detail: 'The address is not valid.' });
      expect(bad.headers['x-content-type-options']).toBe('nosniff');
      const long = await bare.inject({ url: `/api/orders/${'1'.repeat(250)}/` });
      expect(long.statusCode).toBe(414);
      expect(long.json().detail).toEqual(expect.any(String));
    } finally {
      await bare.close();
    }
  });

  it('masks an unexpected database failure as a 500 sentence without the SQL error', async () => {
    const broken = await build();
    try {
      const seller = await registerUser(broken.app, { status: 'STORE_OWNER' });
      const product = await insertProduct(broken.database.db, seller.id);
      await broken.database.db.execute(sql.raw('alter table reviews rename to reviews_gone'));
      const res = await broken.app.inject({ url: `/api/products/reviews/${product.id}` });
      expect(res.statusCode).toBe(500);
      expect(res.json().detail).toBe('Something went wrong on our side. Please try again.');
      expectCleanError(res.body);
      expect(res.body).not.toContain('reviews');
    } finally {
      await broken.close();
    }
  });
});
