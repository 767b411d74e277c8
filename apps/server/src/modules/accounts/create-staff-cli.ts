/**
 * `npm run create-staff -- <username> <email> <password>`: creates a staff account (may list
 * users) in the configured database, or promotes an existing account of that username. On
 * the embedded database the server must be stopped first: this takes the data directory or
 * is refused, touching nothing (decision 136).
 */
import { emailSchema, passwordSchema, usernameKey, usernameSchema } from '@marktgasse/shared';
import { loadConfig, ConfigError } from '../../config/env.ts';
import { openDatabase } from '../../db/client.ts';
import { DataDirBusyError, holdDatabase, type DataDirLock } from '../../db/data-dir-lock.ts';
import { runMigrations } from '../../db/migrate.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import { AccountsRepo } from './repo.ts';

const [username, email, password] = process.argv.slice(2);
if (!username || !email || !password) {
  console.error('usage: npm run create-staff -- <username> <email> <password>');
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
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await runMigrations(database);
const repo = new AccountsRepo(database.db);
const existing = await repo.findByUsernameKey(usernameKey(username));
if (existing) {
  await repo.makeStaff(existing.id);
  console.info(`${existing.username} is now a staff account`);
} else {
  await repo.insertUser({
    username,
    usernameKey: usernameKey(username),
    email: email.toLowerCase(),
    passwordHash: await hashPassword(password),
    isStaff: true,
  });
  console.info(`staff account ${username} created`);
}
await database.close();
lock.release();
