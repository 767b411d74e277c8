import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { registerUser, type TestUser } from '../../../test/fixtures.ts';
import { buildShop } from '../../../test/order-builders.ts';
import { makeStaff, type TestStaff } from '../../../test/staff-builders.ts';
import { REPORTS_PER_HOUR } from '../../lib/rate-limiter.ts';

let t: TestApp;
let moderator: TestStaff;
beforeAll(async () => {
  t = await build();
  moderator = await makeStaff(t, ['moderation', 'admin']);
});
afterAll(async () => {
  await t?.close();
});

const call = (who: TestUser | null, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: who?.auth ?? {}, ...(payload ? { payload } : {}) });

describe('reports', () => {
  it('queues a signed-in user’s report once, lets staff act on it, and audits the status change', async () => {
    const shop = await buildShop(t.app, t.database.db);
    const reporter = await registerUser(t.app);
    const body = { kind: 'product', id: shop.products[0]!.id, reason: 'counterfeit', text: 'Fake logo' };
    expect((await call(null, 'POST', '/api/reports/', body)).statusCode).toBe(401);
    const first = await call(reporter, 'POST', '/api/reports/', body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      kind: 'product',
      object: body.id,
      object_name: shop.products[0]!.name,
      status: 'open',
      reporter: reporter.username,
    });
    const again = await call(reporter, 'POST', '/api/reports/', body);
    expect(again.json().id).toBe(first.json().id);
    expect(
      (await call(reporter, 'POST', '/api/reports/', { ...body, kind: 'seller', id: 999999 })).statusCode,
    ).toBe(404);
    expect((await call(reporter, 'POST', '/api/reports/', { ...body, reason: 'boring' })).statusCode).toBe(
      400,
    );

    const queue = await call(moderator, 'GET', '/api/admin/reports/?status=open');
    expect(queue.json().results.map((r: { id: number }) => r.id)).toContain(first.json().id);
    const acted = await call(moderator, 'PUT', `/api/admin/reports/${first.json().id}/`, {
      status: 'acted',
      reason: 'Hidden',
    });
    expect(acted.statusCode, acted.body).toBe(200);
    expect(acted.json()).toMatchObject({ status: 'acted', handled_by: moderator.username });
    await call(moderator, 'PUT', `/api/admin/reports/${first.json().id}/`, { status: 'acted' });
    const log = await call(moderator, 'GET', `/api/admin/audit/?object=report:${first.json().id}`);
    expect(log.json().results).toEqual([
      expect.objectContaining({ action: 'report.status', reason: 'Hidden' }),
    ]);
  });

  it('limits how many reports a user sends per hour', async () => {
    const shop = await buildShop(t.app, t.database.db, { prices: Array(REPORTS_PER_HOUR + 1).fill('5.00') });
    const reporter = await registerUser(t.app);
    const statuses: number[] = [];
    for (const p of shop.products)
      statuses.push(
        (await call(reporter, 'POST', '/api/reports/', { kind: 'product', id: p.id, reason: 'spam' }))
          .statusCode,
      );
    expect(statuses.filter((s) => s === 201)).toHaveLength(REPORTS_PER_HOUR);
    expect(statuses.at(-1)).toBe(429);
  });
});
