import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { build, type TestApp } from '../../test/build.ts';
import { registerUser, uniqueName } from '../../test/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(async () => {
  await t.close();
});

function wrongLogin(acceptLanguage?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/users/login/',
    headers: acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage },
    payload: { username: uniqueName('nobody'), password: 'not-the-password' },
  });
}

function expectLanguage(res: LightMyRequestResponse, contentLanguage: string) {
  expect(res.headers['content-language']).toBe(contentLanguage);
  expect(String(res.headers.vary)).toMatch(/accept-language/i);
  // The rewritten body is sent with its own, correct length.
  expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
}

describe('a wrong login answers in the caller’s language', () => {
  it.each([
    ['de-CH', 'de-CH', 'Ungültiger Benutzername oder ungültiges Passwort'],
    ['de-DE,de;q=0.9', 'de-CH', 'Ungültiger Benutzername oder ungültiges Passwort'],
    ['fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7', 'fr-CH', 'Nom d’utilisateur ou mot de passe invalide'],
    ['it', 'it-CH', 'Nome utente o password non validi'],
    ['en-US,en;q=0.9,de;q=0.5', 'en', 'Invalid username or password'],
    ['en', 'en', 'Invalid username or password'],
    ['ja', 'en', 'Invalid username or password'],
    ['de;q=0.2, it;q=0.9', 'it-CH', 'Nome utente o password non validi'],
  ])('Accept-Language %j → %s', async (header, contentLanguage, detail) => {
    const res = await wrongLogin(header);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail });
    expectLanguage(res, contentLanguage);
  });

  it('answers English without an Accept-Language header', async () => {
    const res = await wrongLogin();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid username or password' });
    expectLanguage(res, 'en');
  });
});

describe('validation errors', () => {
  it('translates detail and every errors[].message of a registration with a short password', async () => {
    const username = uniqueName('kurz');
    const payload = { username, email: `${username}@example.ch`, password: 'kurz' };
    const de = await t.app.inject({
      method: 'POST',
      url: '/api/users/registration/',
      headers: { 'accept-language': 'de-CH' },
      payload,
    });
    expect(de.statusCode).toBe(400);
    expect(de.json()).toEqual({
      detail: 'password: Ein Passwort hat mindestens 8 Zeichen.',
      errors: [{ field: 'password', message: 'Ein Passwort hat mindestens 8 Zeichen.' }],
    });
    expectLanguage(de, 'de-CH');

    const en = await t.app.inject({ method: 'POST', url: '/api/users/registration/', payload });
    expect(en.json()).toEqual({
      detail: 'password: A password has at least 8 characters.',
      errors: [{ field: 'password', message: 'A password has at least 8 characters.' }],
    });
  });

  it('translates several field errors and the "(and N more)" of the detail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/registration/',
      headers: { 'accept-language': 'fr-CH' },
      payload: { username: 'a', email: 'not-an-address', password: 'kurz' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.detail).toBe('username: Un nom d’utilisateur comporte au moins 3 caractères. (et 2 autres)');
    expect(body.errors).toEqual([
      { field: 'username', message: 'Un nom d’utilisateur comporte au moins 3 caractères.' },
      { field: 'email', message: 'Saisissez une adresse e-mail valide.' },
      { field: 'password', message: 'Un mot de passe comporte au moins 8 caractères.' },
    ]);
  });

  it('translates the fixed sentence for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login/',
      headers: { 'content-type': 'application/json', 'accept-language': 'it-CH' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Il corpo della richiesta non è un JSON valido.' });
    expectLanguage(res, 'it-CH');
  });
});

describe('not found and refused', () => {
  it('translates a 404 with the id kept', async () => {
    const res = await t.app.inject({ url: '/api/profiles/987654/', headers: { 'accept-language': 'de' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Profil 987654 existiert nicht.' });
    expectLanguage(res, 'de-CH');
  });

  it('translates a malformed id with the value kept', async () => {
    const res = await t.app.inject({ url: '/api/profiles/abc/', headers: { 'accept-language': 'de-CH' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: '«abc» ist keine gültige Profil-ID.' });
  });

  it('translates the answer for an address no route serves', async () => {
    const res = await t.app.inject({ url: '/api/no-such-thing/42', headers: { 'accept-language': 'fr' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'GET /api/no-such-thing/42 n’existe pas.' });
    expectLanguage(res, 'fr-CH');
  });

  it('translates refusals raised before the handler (authentication)', async () => {
    const res = await t.app.inject({ url: '/api/users/me/', headers: { 'accept-language': 'it' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Le credenziali di accesso mancano o non sono valide.' });
    expectLanguage(res, 'it-CH');
  });

  it('leaves successful answers alone', async () => {
    const user = await registerUser(t.app);
    const res = await t.app.inject({
      url: '/api/users/me/',
      headers: { ...user.auth, 'accept-language': 'de-CH' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(user.username);
    expect(res.headers['content-language']).toBeUndefined();
  });
});
