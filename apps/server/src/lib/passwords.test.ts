import { describe, expect, it } from 'vitest';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';

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
