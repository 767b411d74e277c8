/**
 * `npm run create-staff -- <username> <email> <password> [--totp-secret <base32>]
 * [--permissions support,moderation,finance,admin]`: creates a staff account in the configured
 * database, or promotes an existing account of that username. Without --permissions the
 * account gets all four; without --totp-secret it enrols at its first sign-in (decision 205). On
 * the embedded database the server must be stopped first: this takes the data directory or
 * is refused, touching nothing (decision 136).
 */
import { parseArgs } from 'node:util';
import {
  emailSchema,
  passwordSchema,
  STAFF_PERMISSIONS,
  usernameKey,
  usernameSchema,
} from '@marktgasse/shared';
import { loadConfig, ConfigError } from '../../config/env.ts';
import { openDatabase } from '../../db/client.ts';
import { DataDirBusyError, holdDatabase, type DataDirLock } from '../../db/data-dir-lock.ts';
import { runMigrations } from '../../db/migrate.ts';
import { hashPassword, passwordProblem, usePasswordHashCost } from '../../lib/passwords.ts';
import { StaffService } from '../staff/service.ts';
import { AccountsRepo } from './repo.ts';

const USAGE =
  'usage: npm run create-staff -- <username> <email> <password> [--totp-secret <base32>] [--permissions support,moderation,finance,admin]';
let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: { 'totp-secret': { type: 'string' }, permissions: { type: 'string' } },
  });
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
const [username, email, password] = args.positionals;
if (!username || !email || !password || args.positionals.length > 3) {
  console.error(USAGE);
  process.exit(2);
}
const totpSecret = args.values['totp-secret']?.replace(/\s/g, '').toUpperCase() ?? null;
if (totpSecret !== null && !/^[A-Z2-7]{16,128}=*$/.test(totpSecret)) {
  console.error('--totp-secret: a base32 secret of at least 16 characters (A–Z, 2–7)');
  process.exit(2);
}
const permissions = [
  ...new Set((args.values.permissions ?? STAFF_PERMISSIONS.join(',')).split(',').map((p) => p.trim())),
];
const unknown = permissions.filter((p) => !(STAFF_PERMISSIONS as readonly string[]).includes(p));
if (unknown.length || permissions.length === 0) {
  console.error(`--permissions: unknown ${unknown.join(', ')}; choose from ${STAFF_PERMISSIONS.join(', ')}`);
  process.exit(2);
}
for (const [schema, value, name] of [
  [usernameSchema, username, 'username'],
  [emailSchema, email, 'email'],
  [passwordSchema, password, 'password'],
] as const) {
  const result = schema.safeParse(value);
  if (!result.success) {
    console.error(`${name}: ${result.error.issues[0]?.message}`);
    process.exit(2);
  }
}
// Staff accounts may list every user: the registration's password rules apply to them too.
const problem = await passwordProblem(password, { username, email });
if (problem) {
  console.error(
    problem === 'common'
      ? 'password: one of the most common passwords; choose one that is harder to guess'
      : 'password: may not be the username or e-mail address',
  );
  process.exit(2);
}
let config;
let lock: DataDirLock;
try {
  config = loadConfig();
  lock = holdDatabase(config, 'create-staff');
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    console.error(error instanceof DataDirBusyError ? `Refused: ${error.message}` : error.message);
    process.exit(error instanceof DataDirBusyError ? error.exitCode : 1);
  }
  throw error;
}
usePasswordHashCost(config.PASSWORD_HASH_COST);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await runMigrations(database);
const repo = new AccountsRepo(database.db);
const existing = await repo.findByUsernameKey(usernameKey(username));
const staff = new StaffService({ database, config });
const userId =
  existing?.id ??
  (
    await repo.insertUser({
      username,
      usernameKey: usernameKey(username),
      email: email.toLowerCase(),
      passwordHash: await hashPassword(password),
      isStaff: true,
    })
  ).id;
await staff.provision(userId, permissions, totpSecret);
console.info(
  `${existing ? `${existing.username} is now a staff account` : `staff account ${username} created`} (${permissions.join(', ')}; ${totpSecret ? 'TOTP secret set' : 'enrols at first sign-in'})`,
);
await database.close();
lock.release();
