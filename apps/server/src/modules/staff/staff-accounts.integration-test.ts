/**
 * Staff accounts managed by staff with `admin` (decision 258): create one that enrols at its
 * first sign-in, change permissions, disable it, never lose the last admin; each audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../test/build.ts';
import { uniqueName } from '../../../test/fixtures.ts';
import { makeStaff, type TestStaff } from '../../../test/staff-builders.ts';

let t: TestApp;
let admin: TestStaff;
beforeAll(async () => {
  t = await build();
  admin = await makeStaff(t, ['admin', 'support']);
});
afterAll(async () => {
  await t?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  who: { auth: Record<string, string> },
  payload?: object,
) => t.app.inject({ method, url, headers: who.auth, ...(payload ? { payload } : {}) });

const auditOf = async (id: number) =>
  (await call('GET', `/api/admin/audit/?object=staff:${id}`, admin)).json().results as {
    action: string;
    reason: string;
    staff: string;
    before: unknown;
    after: unknown;
  }[];

describe('staff accounts', () => {
  it('creates an account that signs in with its password and then enrols a second factor', async () => {
    const username = uniqueName('desk');
    const created = await call('POST', '/api/admin/staff/', admin, {
      username,
      email: `${username}@example.ch`,
      password: 'Gletscher-Seil-42',
      permissions: ['support', 'moderation', 'support'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      username,
      permissions: ['support', 'moderation'],
      enrolled: false,
      disabled: false,
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      payload: { username, password: 'Gletscher-Seil-42' },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({ otp_required: true, enrolment: { secret: expect.any(String) } });

    const list = (await call('GET', '/api/admin/staff/?limit=100', admin)).json();
    expect(list.results.map((s: { username: string }) => s.username)).toContain(username);
    expect(await auditOf(created.json().id)).toEqual([
      expect.objectContaining({ action: 'staff.create', staff: admin.username }),
    ]);

    const taken = await call('POST', '/api/admin/staff/', admin, {
      username,
      email: 'other@example.ch',
      password: 'Gletscher-Seil-42',
      permissions: [],
    });
    expect(taken.statusCode).toBe(409);
    const badPermission = await call('POST', '/api/admin/staff/', admin, {
      username: uniqueName('desk'),
      email: 'x@example.ch',
      password: 'Gletscher-Seil-42',
      permissions: ['owner'],
    });
    expect(badPermission.statusCode).toBe(400);
  });

  it('changes permissions at the next request and disables an account at once', async () => {
    const member = await makeStaff(t, ['support']);
    expect((await call('GET', '/api/admin/dashboard/', member)).statusCode).toBe(200);
    const changed = await call('PUT', `/api/admin/staff/${member.id}/permissions/`, admin, {
      permissions: ['moderation'],
      reason: 'Moved to the moderation team',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().permissions).toEqual(['moderation']);
    expect((await call('GET', '/api/admin/dashboard/', member)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/reports/', member)).statusCode).toBe(200);

    const disabled = await call('PUT', `/api/admin/staff/${member.id}/disable/`, admin, {
      reason: 'Left us',
    });
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect((await call('GET', '/api/admin/reports/', member)).statusCode).toBe(401);
    // Idempotent: the same action again changes nothing and writes no second entry.
    await call('PUT', `/api/admin/staff/${member.id}/disable/`, admin, { reason: 'Left us' });
    const entries = await auditOf(member.id);
    expect(entries.map((e) => e.action)).toEqual(['staff.disable', 'staff.permissions']);
    expect(entries[1]).toMatchObject({
      reason: 'Moved to the moderation team',
      before: { permissions: ['support'] },
      after: { permissions: ['moderation'] },
    });
    expect(
      (await call('PUT', `/api/admin/staff/${member.id}/enable/`, admin, { reason: 'Back' })).json(),
    ).toMatchObject({
      disabled: false,
    });
  });

  it('keeps at least one enabled admin', async () => {
    // Every other admin of this database is disabled first, so `admin` is the last one.
    const others = (await call('GET', '/api/admin/staff/?limit=100', admin)).json().results as {
      id: number;
      permissions: string[];
      disabled: boolean;
    }[];
    for (const o of others.filter((s) => s.id !== admin.id && s.permissions.includes('admin') && !s.disabled))
      await call('PUT', `/api/admin/staff/${o.id}/disable/`, admin, { reason: 'test' });
    const own = await call('PUT', `/api/admin/staff/${admin.id}/permissions/`, admin, {
      permissions: ['support'],
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().detail).toMatch(/last enabled staff account with the admin permission/);
    expect(
      (await call('PUT', `/api/admin/staff/${admin.id}/disable/`, admin, { reason: 'x' })).statusCode,
    ).toBe(409);

    const second = await makeStaff(t, ['admin']);
    const handed = await call('PUT', `/api/admin/staff/${admin.id}/permissions/`, admin, {
      permissions: ['support'],
      reason: 'Hands admin over',
    });
    expect(handed.statusCode, handed.body).toBe(200);
    expect((await call('GET', '/api/admin/staff/', admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/staff/', second)).statusCode).toBe(200);
  });

  it('of two admins disabled at the same moment, both go and neither answers a 5xx (decision 332)', async () => {
    const acting = await makeStaff(t, ['admin']);
    for (let round = 0; round < 10; round += 1) {
      const [first, second] = [await makeStaff(t, ['admin']), await makeStaff(t, ['admin'])];
      const answers = await Promise.all(
        [second, first].map((s) =>
          call('PUT', `/api/admin/staff/${s.id}/disable/`, acting, { reason: 'left' }),
        ),
      );
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json().disabled).toBe(true);
      }
    }
  });

  it('answers a missing or non-staff account like a missing one', async () => {
    const res = await call('PUT', '/api/admin/staff/999999/disable/', admin, { reason: 'x' });
    expect(res.statusCode).toBe(404);
  });
});
