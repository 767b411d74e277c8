/**
 * §7 Account calls and the §4 registration sequence, as a spec client makes them: create the
 * user, create the profile without a token (§7 does not mark that call auth), then log in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshName, PNG_1X1, SpecClient, startServer, type SpecServer } from './spec-client.ts';
import { categoriesOf } from './spec-world.ts';

interface Profile {
  id: number;
  user: number;
  status: 'CUSTOMER' | 'STORE_OWNER';
  image: string;
  category: number[];
  categoryDetails: { name: string }[];
  industry: string;
  headquarter: string;
  description: string;
}
interface User {
  id: number;
  username: string;
  email: string;
  date_joined: string;
  last_login: string | null;
  profile: Profile | null;
}

let server: SpecServer;
let client: SpecClient;

beforeAll(async () => {
  server = await startServer();
  client = new SpecClient(server.url);
});
afterAll(async () => {
  await server?.close();
});

describe('registration (§4): user, then profile without a token, then login', () => {
  it.each(['CUSTOMER', 'STORE_OWNER'] as const)('leaves a %s with its profile, signed in', async (status) => {
    const anonymous = client.anonymous();
    const username = freshName('neu');
    const password = 'Aare-Schwumm-2026';
    const user = await anonymous.post<{ id: number }>('/api/users/registration/', {
      json: { username, email: `${username}@example.ch`, password },
    });
    expect(user.status, user.text).toBe(201);
    expect(typeof user.body.id).toBe('number');

    const profile = await anonymous.post<Profile>('/api/profiles/new/', {
      json: { user: user.body.id, status },
    });
    expect(profile.status, profile.text).toBe(201);
    expect(profile.body).toMatchObject({ user: user.body.id, status });
    expect(typeof profile.body.image).toBe('string');

    const login = await anonymous.login(username, password);
    expect(login.status).toBe(200);
    expect(typeof login.body.access).toBe('string');
    expect(login.body.id).toBe(user.body.id);

    // §4 Session: the user's own details are fetched after login; reloading finds the profile.
    const me = await anonymous.get<User>('/api/users/me/');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.body.id, username, email: `${username}@example.ch` });
    expect(typeof me.body.date_joined).toBe('string');
    expect(me.body.profile).toMatchObject({ status, user: user.body.id });
    expect(typeof me.body.profile!.image).toBe('string');
  });

  it('refuses a tokenless profile for a user who has one already, and changes nothing', async () => {
    const { id } = await client.anonymous().register(freshName('schon'), 'CUSTOMER');
    const again = await client
      .anonymous()
      .post('/api/profiles/new/', { json: { user: id, status: 'STORE_OWNER' } });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(again.body).toEqual({ detail: expect.any(String) });
    const profile = await client.anonymous().get<Profile>(`/api/profiles/${id}/`);
    expect(profile.body.status).toBe('CUSTOMER');
  });

  it('refuses a wrong password with a detail message and no token', async () => {
    const { username } = await client.anonymous().register(freshName('falsch'), 'CUSTOMER');
    const res = await client.anonymous().login(username, 'not-the-password');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toEqual({ detail: expect.any(String) });
  });
});

describe('profiles and users', () => {
  it('answers a profile by id and changes the own one with multipart (§7 PATCH)', async () => {
    const seller = new SpecClient(server.url);
    const { id } = await seller.register(freshName('profil'), 'STORE_OWNER');
    const me = (await seller.get<User>('/api/users/me/')).body;
    const categories = await categoriesOf(seller);
    const [a, b] = categories;
    const patched = await seller.call<Profile>('PATCH', `/api/profiles/${me.profile!.id}/`, {
      form: { category: [a!.id, b!.id], industry: 'Käserei', headquarter: 'Gstaad', description: 'Alpkäse' },
      file: PNG_1X1,
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toMatchObject({
      industry: 'Käserei',
      headquarter: 'Gstaad',
      description: 'Alpkäse',
    });
    expect(patched.body.category.sort()).toEqual([a!.id, b!.id].sort());
    expect(patched.body.categoryDetails.map((c) => c.name).sort()).toEqual([a!.name, b!.name].sort());
    expect((await fetch(new URL(patched.body.image, server.url))).status).toBe(200);

    const read = await client.anonymous().get<Profile>(`/api/profiles/${me.profile!.id}/`);
    expect(read.status).toBe(200);
    expect(read.body.user).toBe(id);
    expect(read.body.industry).toBe('Käserei');
  });

  it('refuses a PATCH of someone else’s profile like a missing one (404)', async () => {
    const mallory = new SpecClient(server.url);
    await mallory.register(freshName('mallory'), 'CUSTOMER');
    const victim = await client.anonymous().register(freshName('opfer'), 'STORE_OWNER');
    const res = await mallory.call('PATCH', `/api/profiles/${victim.id}/`, { form: { industry: 'Hacked' } });
    expect(res.status).toBe(404);
    expect((await client.anonymous().get<Profile>(`/api/profiles/${victim.id}/`)).body.industry).not.toBe(
      'Hacked',
    );
  });

  it('lists sellers (id, image, name) and all profiles, without a token', async () => {
    const seller = new SpecClient(server.url);
    const { id } = await seller.register(freshName('liste'), 'STORE_OWNER');
    const sellers = await client
      .anonymous()
      .get<{ id: number; image: string; name: string }[]>('/api/profiles/sellers/');
    expect(sellers.status).toBe(200);
    for (const s of sellers.body) {
      expect(typeof s.id).toBe('number');
      expect(typeof s.name).toBe('string');
      expect(typeof s.image).toBe('string');
    }
    const all = await client.anonymous().get<Profile[]>('/api/profiles/');
    expect(all.status).toBe(200);
    expect(all.body.some((p) => p.user === id)).toBe(true);
    const latest = await client
      .anonymous()
      .get<{ id: number; image: string }[]>('/api/profiles/latest-sellers/');
    expect(latest.status).toBe(200);
    for (const s of latest.body) expect(typeof s.image).toBe('string');
  });

  it('answers the user list and own details only with a token', async () => {
    expect((await client.anonymous().get('/api/users/')).status).toBe(401);
    expect((await client.anonymous().get('/api/users/me/')).status).toBe(401);
  });

  it('deletes the own account (auth); the token then stops working', async () => {
    const gone = new SpecClient(server.url);
    const { id, username, password } = await gone.register(freshName('weg'), 'CUSTOMER');
    expect((await gone.anonymous().delete(`/api/users/${id}/`)).status).toBe(401);
    const res = await gone.delete(`/api/users/${id}/`);
    expect(res.status).toBeLessThan(300);
    expect((await gone.get('/api/users/me/')).status).toBe(401);
    expect((await gone.anonymous().login(username, password)).status).toBeGreaterThanOrEqual(400);
  });
});
