/**
 * Demo data, loaded on the first start (an empty database) and by `npm run seed`. Outside
 * production every demo account signs in with the published DEMO_PASSWORD; in production
 * (only when SEED_DEMO=true is set on purpose) each gets a generated password, shown once.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { Config } from '../config/env.ts';
import type { Database, Db } from '../db/client.ts';
import { rawRows } from '../db/sql.ts';
import * as schema from '../db/schema.ts';
import { categories, subcategories, users } from '../db/schema.ts';
import { STAFF_PERMISSIONS, usernameKey } from '@marktgasse/shared';
import { hashPassword } from '../lib/passwords.ts';
import { CATEGORY_TREE } from './categories.ts';
import { seedCatalogue } from './catalogue.ts';

export const DEMO_PASSWORD = 'marktgasse-demo';

export const DEMO_ACCOUNTS = [
  {
    username: 'demo-customer',
    email: 'kundin@demo.marktgasse.ch',
    role: 'CUSTOMER' as const,
    password: DEMO_PASSWORD,
  },
  {
    username: 'demo-seller',
    email: 'verkauf@demo.marktgasse.ch',
    role: 'STORE_OWNER' as const,
    password: DEMO_PASSWORD,
  },
];

/** The demo's staff member (issue 29): only outside production, every permission, no second factor yet. */
export const DEMO_STAFF = {
  username: 'demo-staff',
  email: 'betrieb@demo.marktgasse.ch',
  password: DEMO_PASSWORD,
};

export async function seedCategories(database: Database): Promise<void> {
  const db = database.db;
  for (const [position, category] of CATEGORY_TREE.entries()) {
    const [row] = await db
      .insert(categories)
      .values({ name: category.name, position })
      .onConflictDoUpdate({ target: categories.name, set: { position } })
      .returning();
    for (const [subPosition, name] of category.subcategories.entries()) {
      await db
        .insert(subcategories)
        .values({ categoryId: row!.id, name, position: subPosition })
        .onConflictDoNothing();
    }
  }
}

export async function isEmpty(database: Database): Promise<boolean> {
  const [row] = await rawRows<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
  return (row?.n ?? 0) === 0;
}

/** How the demo accounts just loaded sign in. */
export interface DemoLogins {
  passwords: 'published' | 'generated';
  logins: { username: string; password: string }[];
}

/** A password nobody knows or can guess (the start of a generated one, or an unusable one). */
export function unguessablePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** The hash demo and generated accounts are created with: the published one only outside production. */
export async function demoPasswordHash(config: Config): Promise<string> {
  return hashPassword(config.NODE_ENV === 'production' ? unguessablePassword() : DEMO_PASSWORD);
}

/** Gives every account its own generated password and answers them (they are stored only hashed). */
async function generatePasswords(database: Database): Promise<DemoLogins['logins']> {
  const accounts = await database.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .orderBy(users.id);
  const logins: DemoLogins['logins'] = [];
  for (const account of accounts) {
    const password = unguessablePassword();
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, account.id));
    logins.push({ username: account.username, password });
  }
  return logins;
}

export async function seedDemo(
  database: Database,
  config: Config,
  options: { products?: number } = {},
): Promise<DemoLogins> {
  await seedCategories(database);
  await seedCatalogue(database, config, {
    passwordHash: await demoPasswordHash(config),
    products: options.products,
  });
  // The demo's addresses count as confirmed, so the demo customers may pay by invoice (decision 253).
  await database.db.update(users).set({ emailConfirmedAt: new Date() });
  if (config.NODE_ENV === 'production')
    return { passwords: 'generated', logins: await generatePasswords(database) };
  // Outside production only: a staff member to try the back office with (enrols TOTP at first sign-in).
  await database.db.insert(users).values({
    username: DEMO_STAFF.username,
    usernameKey: usernameKey(DEMO_STAFF.username),
    email: DEMO_STAFF.email,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    isStaff: true,
    staffPermissions: [...STAFF_PERMISSIONS],
    emailConfirmedAt: new Date(),
  });
  return {
    passwords: 'published',
    logins: [...DEMO_ACCOUNTS, DEMO_STAFF].map(({ username, password }) => ({ username, password })),
  };
}

/**
 * Loads the demo into an empty database; answers null (and loads nothing) when it has users.
 * On PostgreSQL an advisory lock makes two processes that start together seed once.
 */
export async function seedDemoIfEmpty(database: Database, config: Config): Promise<DemoLogins | null> {
  return exclusively(database, async () => {
    if (!(await isEmpty(database))) {
      await seedCategories(database);
      return null;
    }
    return seedDemo(database, config);
  });
}

async function exclusively<T>(database: Database, work: () => Promise<T>): Promise<T> {
  // PGlite has one connection, which `work` needs: one process owns it anyway (decision 136).
  if (database.engine !== 'postgres') return work();
  const client = await database.pool.connect();
  try {
    // The lock belongs to this one connection (as the migrations' does); the work uses the pool.
    const session = drizzle(client, { schema }) as unknown as Db;
    await rawRows(session, sql`select pg_advisory_lock(724101)`);
    try {
      return await work();
    } finally {
      await rawRows(session, sql`select pg_advisory_unlock(724101)`);
    }
  } finally {
    client.release();
  }
}
