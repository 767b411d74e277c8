import { afterEach, describe, expect, it } from 'vitest';
import {
  dummyPasswordHash,
  hashPassword,
  passwordProblem,
  usePasswordHashCost,
  verifyPassword,
} from './passwords.ts';

const account = { username: 'Heidi', email: 'heidi.muster@example.ch' };

describe('passwordProblem', () => {
  it.each(['password', '12345678', 'PASSWORD', 'qwertyuiop', 'iloveyou', 'Password1', 'passwort'])(
    'refuses the common password %j',
    async (password) => {
      expect(await passwordProblem(password, account)).toBe('common');
    },
  );

  it.each(['heidi', 'HEIDI', 'heidi.muster@example.ch', 'Heidi.Muster@Example.CH', 'heidi.muster'])(
    'refuses %j: the username or the e-mail address',
    async (password) => {
      expect(await passwordProblem(password, account)).toBe('personal');
    },
  );

  it('accepts a password that is neither, the demo password included', async () => {
    expect(await passwordProblem('correct horse battery', account)).toBeNull();
    expect(await passwordProblem('marktgasse-demo', account)).toBeNull();
  });

  it('still hashes and verifies', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('wrong horse battery', hash)).toBe(false);
  });
});

describe('hash cost (PASSWORD_HASH_COST)', () => {
  afterEach(() => usePasswordHashCost(14));

  it('hashes at N=16384 unless configured, and a hash made at another cost still verifies', async () => {
    const strong = await hashPassword('correct horse battery');
    expect(strong).toMatch(/^scrypt\$16384\$8\$1\$/);
    usePasswordHashCost(10);
    const cheap = await hashPassword('correct horse battery');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('correct horse battery', strong)).toBe(true);
    expect(await verifyPassword('correct horse battery', cheap)).toBe(true);
    expect(await verifyPassword('wrong horse battery', strong)).toBe(false);
  });

  it('compares an unknown account against a hash of the same cost as a real one', async () => {
    expect(await dummyPasswordHash()).toMatch(/^scrypt\$16384\$/);
    usePasswordHashCost(10);
    expect(await dummyPasswordHash()).toMatch(/^scrypt\$1024\$/);
  });
});
