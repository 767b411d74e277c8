/**
 * `npm run create-staff -- <username> <email> <password>`: creates a staff account (may list
 * users) in the configured database, or promotes an existing account of that username.
 */
import { eq, sql } from 'drizzle-orm';
import { emailSchema, passwordSchema, usernameSchema } from '@marktgasse/shared';
import { loadConfig } from '../../config/env.ts';
import { openDatabase } from '../../db/client.ts';
import { runMigrations } from '../../db/migrate.ts';
import { users } from '../../db/schema.ts';
import { hashPassword } from '../../lib/passwords.ts';

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
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await runMigrations(database);
const existing = await database.db
  .select()
  .from(users)
  .where(sql`lower(${users.username}) = lower(${username})`);
if (existing[0]) {
  await database.db.update(users).set({ isStaff: true }).where(eq(users.id, existing[0].id));
  console.info(`${existing[0].username} is now a staff account`);
} else {
  await database.db.insert(users).values({
    username,
    email: email.toLowerCase(),
    passwordHash: await hashPassword(password),
    isStaff: true,
  });
  console.info(`staff account ${username} created`);
}
await database.close();
