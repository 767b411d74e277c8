/** scrypt password hashing with node:crypto (no native dependency), compared in constant time. */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PRODUCTION_PASSWORD_HASH_COST } from '../config/env.ts';

/** scrypt's N is 2^cost (PASSWORD_HASH_COST); config/env.ts allows less than 14 only under tests. */
const PARAMS = { r: 8, p: 1, keylen: 64 } as const;
let cost: number = PRODUCTION_PASSWORD_HASH_COST;

/**
 * Sets the cost new hashes are made with (PASSWORD_HASH_COST, read at boot). A stored hash
 * names its own N, so hashes made at another cost still verify.
 */
export function usePasswordHashCost(value: number): void {
  cost = value;
}

function derive(
  password: string,
  salt: Buffer,
  options: ScryptOptions & { keylen: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      options.keylen,
      { N: options.N, r: options.r, p: options.p, maxmem: 64 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** cost;
  const key = await derive(password, salt, { ...PARAMS, N });
  return `scrypt$${N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyB64, 'base64');
  const key = await derive(password, Buffer.from(saltB64, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    keylen: expected.length,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A hash to compare against when the account does not exist, so both paths take the same time:
 * made at the current cost, like the hashes of the accounts that do exist.
 */
const dummyHashes = new Map<number, Promise<string>>();
export function dummyPasswordHash(): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) {
    hash = hashPassword(randomBytes(12).toString('hex'));
    dummyHashes.set(cost, hash);
  }
  return hash;
}

/**
 * The 49,233 most common passwords of zxcvbn-ts's "common" dictionary (MIT, shipped in the
 * package, no network), lower-cased; loaded on the first registration (~30 ms, ~8 MB).
 */
let commonPasswords: Promise<Set<string>> | undefined;
function common(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].map((p) => p.toLowerCase())),
  );
  return commonPasswords;
}

/** Why a new password is refused, or null: `common` (in the list) or `personal` (the username or e-mail). */
export async function passwordProblem(
  password: string,
  account: { username: string; email: string },
): Promise<'common' | 'personal' | null> {
  const folded = password.normalize('NFKC').toLowerCase();
  const email = account.email.trim().toLowerCase();
  const personal = [account.username.normalize('NFKC').toLowerCase(), email, email.split('@')[0] ?? ''];
  if (personal.some((p) => p.length > 0 && folded.trim() === p)) return 'personal';
  if ((await common()).has(folded)) return 'common';
  return null;
}
