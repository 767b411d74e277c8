/**
 * Demo data, loaded on the first start (an empty database) and by `npm run seed`.
 */
import { sql } from 'drizzle-orm';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { categories, subcategories, users, profiles } from '../db/schema.ts';
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

/** Creates a user with a profile whose id is the user's id; answers the id. */
export async function createAccount(
  database: Database,
  account: {
    username: string;
    email: string;
    role: 'CUSTOMER' | 'STORE_OWNER';
    password?: string;
    passwordHash?: string;
    isStaff?: boolean;
  },
  profile: Partial<{ image: string | null; industry: string; headquarter: string; description: string }> = {},
): Promise<number> {
  const passwordHash = account.passwordHash ?? (await hashPassword(account.password ?? DEMO_PASSWORD));
  const [user] = await database.db
    .insert(users)
    .values({
      username: account.username,
      email: account.email,
      passwordHash,
      isStaff: account.isStaff ?? false,
    })
    .returning({ id: users.id });
  await database.db
    .insert(profiles)
    .values({ id: user!.id, userId: user!.id, status: account.role, ...profile });
  return user!.id;
}

export async function isEmpty(database: Database): Promise<boolean> {
  const rows = await database.db.execute(sql`select count(*)::int as n from users`);
  const n = (rows as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? 0;
  return n === 0;
}

export async function seedDemo(
  database: Database,
  config: Config,
  options: { products?: number } = {},
): Promise<void> {
  await seedCategories(database);
  const hash = await hashPassword(DEMO_PASSWORD);
  await seedCatalogue(database, config, { passwordHash: hash, products: options.products });
}

export async function seedDemoIfEmpty(database: Database, config: Config): Promise<boolean> {
  if (!(await isEmpty(database))) {
    await seedCategories(database);
    return false;
  }
  await seedDemo(database, config);
  return true;
}
