/**
 * Every admin route × every staff permission (issue 29, decision 205): built from the route
 * table, so a new /api/admin/ route without an entry in PERMISSION fails. Staff without the
 * route's permission, customers, sellers and anonymous callers get exactly the answer of a
 * route that does not exist; staff with it get past the guard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PERMISSIONS } from '@marktgasse/shared';
import { build, type TestApp } from '../build.ts';
import { registerUser, type TestUser } from '../fixtures.ts';
import { makeStaff } from '../staff-builders.ts';
import { routeTable } from '../security-fixtures.ts';

/** The permission each admin route requires ("METHOD pattern" without the trailing slash). */
const PERMISSION: Record<string, (typeof STAFF_PERMISSIONS)[number]> = {
  'PUT /api/admin/products/:id/hide': 'moderation',
  'PUT /api/admin/products/:id/unhide': 'moderation',
  'PUT /api/admin/sellers/:id/suspend': 'moderation',
  'PUT /api/admin/sellers/:id/reinstate': 'moderation',
  'PUT /api/admin/sellers/:id/approve': 'moderation',
  'GET /api/admin/reviews': 'moderation',
  'GET /api/admin/products': 'moderation',
  'GET /api/admin/sellers': 'moderation',
  'DELETE /api/admin/reviews/:id': 'moderation',
  'GET /api/admin/reports': 'moderation',
  'PUT /api/admin/reports/:id': 'moderation',
  'GET /api/admin/audit': 'admin',
  'GET /api/admin/dashboard': 'support',
  'GET /api/admin/orders': 'support',
  'GET /api/admin/orders/:id': 'support',
  'PUT /api/admin/seller-orders/:id/cancel': 'support',
  'GET /api/admin/users': 'support',
  'PUT /api/admin/users/:id/lock': 'admin',
  'PUT /api/admin/users/:id/unlock': 'admin',
  'POST /api/admin/users/:id/password-reset': 'support',
  'GET /api/admin/staff': 'admin',
  'POST /api/admin/staff': 'admin',
  'PUT /api/admin/staff/:id/permissions': 'admin',
  'PUT /api/admin/staff/:id/disable': 'admin',
  'PUT /api/admin/staff/:id/enable': 'admin',
  'POST /api/admin/staff/:id/invite': 'admin',
  'GET /api/admin/ledger/trial-balance': 'finance',
  'GET /api/admin/ledger/vat-report': 'finance',
  'GET /api/admin/ledger/commission': 'finance',
  'GET /api/admin/ledger/reconciliation': 'finance',
  'GET /api/admin/commission-rules': 'finance',
  'PUT /api/admin/commission-rules': 'finance',
  'POST /api/admin/payouts': 'finance',
  'GET /api/admin/payouts/:id/pain001': 'finance',
  'PUT /api/admin/payouts/:id/executed': 'finance',
  'GET /api/admin/bank-entries': 'finance',
  'GET /api/admin/bank-refunds': 'finance',
  'POST /api/admin/bank-refunds/:id/paid-out': 'finance',
  'POST /api/admin/bank-statements': 'finance',
  'POST /api/admin/orders/:id/refunds': 'finance',
};

let t: TestApp;
const callers: Record<string, TestUser | null> = {};
beforeAll(async () => {
  t = await build();
  for (const permission of STAFF_PERMISSIONS)
    callers[`staff:${permission}`] = await makeStaff(t, [permission]);
  callers['staff:none'] = await makeStaff(t, []);
  callers.customer = await registerUser(t.app, { status: 'CUSTOMER' });
  callers.seller = await registerUser(t.app, { status: 'STORE_OWNER' });
  callers.anonymous = null;
});
afterAll(async () => {
  await t?.close();
});

const adminRoutes = () =>
  routeTable(t.app)
    .filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD')
    .map((r) => `${r.method} ${r.url.replace(/\/$/, '')}`);

describe('admin routes by permission', () => {
  it('has a permission for every admin route of the route table', () => {
    const routes = [...new Set(adminRoutes())];
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(PERMISSION).length);
    expect(routes.filter((r) => !(r in PERMISSION))).toEqual([]);
  });

  it('answers everyone without the permission like a missing route, and lets the holder through', async () => {
    const failures: string[] = [];
    for (const key of new Set(adminRoutes())) {
      const [method, pattern] = key.split(' ') as ['GET', string];
      const url = `${pattern.replaceAll(':id', '999999')}/`;
      for (const [name, who] of Object.entries(callers)) {
        const res = await t.app.inject({
          method,
          url,
          headers: who?.auth ?? {},
          ...(method === 'GET' ? {} : { payload: { reason: 'permission check', status: 'dismissed' } }),
        });
        const missing = res.statusCode === 404 && res.json().detail === `There is no ${method} ${url}.`;
        const allowed = name === `staff:${PERMISSION[key]}`;
        if (allowed === missing)
          failures.push(`${key} as ${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        if (allowed && res.statusCode >= 500) failures.push(`${key} as ${name}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers a malformed request from anyone without the permission like a missing route, not with a 400', async () => {
    // The guard runs before validation (preValidation): a 400 would tell an outsider the route exists.
    const failures: string[] = [];
    for (const key of new Set(adminRoutes())) {
      const [method, pattern] = key.split(' ') as ['GET', string];
      const url = `${pattern.replaceAll(':id', 'x')}/`;
      for (const [name, who] of Object.entries(callers)) {
        if (name === `staff:${PERMISSION[key]}`) continue;
        const res = await t.app.inject({
          method,
          url: `${url}?offset=-1&limit=x&quarter=x&year=x`,
          headers: who?.auth ?? {},
          ...(method === 'GET' ? {} : { payload: { unexpected: true } }),
        });
        if (res.statusCode !== 404 || res.json().detail !== `There is no ${method} ${url}.`)
          failures.push(`${key} as ${name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
