/** Staff members for integration tests: enrolled (a known TOTP secret) and signed in directly. */
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema.ts';
import { newTotpSecret } from '../src/modules/staff/totp.ts';
import type { TestApp } from './build.ts';
import { registerUser, uniqueName, type TestUser } from './fixtures.ts';

export interface TestStaff extends TestUser {
  secret: string;
}

export async function makeStaff(t: TestApp, permissions: string[]): Promise<TestStaff> {
  const user = await registerUser(t.app, { status: null, username: uniqueName('staff') });
  const secret = newTotpSecret();
  const [row] = await t.database.db
    .update(users)
    .set({ isStaff: true, staffPermissions: permissions, totpSecret: secret })
    .where(eq(users.id, user.id))
    .returning();
  const token = t.app.ctx.tokens.issue({ userId: user.id, version: row!.tokenVersion }, true);
  return { ...user, secret, token, auth: { authorization: `Bearer ${token}` } };
}
