/** The only file of the staff module that touches the ORM: second factors, recovery codes, permissions. */
import { and, arrayContains, desc, eq, isNull, lt, or, sql, type AnyColumn } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { staffRecoveryCodes, users } from '../../db/schema.ts';
import { countOfAll } from '../../db/sql.ts';

export class StaffRepo {
  constructor(readonly db: Db) {}

  /**
   * Offers `secret` for enrolment unless another is on offer already, and answers the one on
   * offer: of two first sign-ins at once, both show the same (the second waits for the first's
   * row and keeps its offer). Null once the account has enrolled meanwhile.
   */
  async offerSecret(userId: number, secret: string): Promise<string | null> {
    const [row] = await this.db
      .update(users)
      .set({ totpPendingSecret: sql`coalesce(${users.totpPendingSecret}, ${secret})` })
      .where(and(eq(users.id, userId), isNull(users.totpSecret)))
      .returning({ offered: users.totpPendingSecret });
    return row?.offered ?? null;
  }

  /**
   * Takes the step of an accepted code, once: the conditional update lets one of two
   * requests with the same code win, the other finds nothing to update.
   */
  async takeStep(userId: number, step: number, tx: DbOrTx = this.db): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), lt(users.totpLastStep, step)))
      .returning({ id: users.id });
    return rows.length === 1;
  }

  /** Makes the offered secret the account's own, with fresh recovery codes (hashes) instead of any old ones. */
  async confirmSecret(
    userId: number,
    secret: string,
    step: number,
    codeHashes: string[],
    tx: DbOrTx,
  ): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ totpSecret: secret, totpPendingSecret: null, totpLastStep: step })
      .where(and(eq(users.id, userId), eq(users.totpPendingSecret, secret), isNull(users.totpSecret)))
      .returning({ id: users.id });
    if (rows.length !== 1) return false;
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    await tx.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
    return true;
  }

  /** Marks a recovery code used, once; false when it is unknown or was used. */
  async useRecoveryCode(userId: number, codeHash: string, tx: DbOrTx = this.db): Promise<boolean> {
    const rows = await tx
      .update(staffRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(staffRecoveryCodes.userId, userId),
          eq(staffRecoveryCodes.codeHash, codeHash),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    return rows.length === 1;
  }

  /** The CLI's provisioning: staff flag, permissions and (optionally) a known secret. */
  async provision(userId: number, permissions: string[], secret: string | null): Promise<void> {
    await this.db
      .update(users)
      .set({
        isStaff: true,
        staffPermissions: permissions,
        ...(secret ? { totpSecret: secret, totpPendingSecret: null, totpLastStep: 0 } : {}),
      })
      .where(eq(users.id, userId));
  }

  /** Accounts with a TOTP secret (or offer) not yet sealed (decision 256). */
  async plainSecrets() {
    const plain = (column: AnyColumn) => sql`${column} is not null and ${column} not like 'v1.%'`;
    return this.db
      .select({ id: users.id, totpSecret: users.totpSecret, totpPendingSecret: users.totpPendingSecret })
      .from(users)
      .where(or(plain(users.totpSecret), plain(users.totpPendingSecret)));
  }

  /** Replaces the stored secrets only while they are still what was read (a sign-in may race the sweep). */
  async replaceSecrets(
    row: { id: number; totpSecret: string | null; totpPendingSecret: string | null },
    totpSecret: string | null,
    totpPendingSecret: string | null,
  ): Promise<void> {
    const same = (column: AnyColumn, value: string | null) =>
      value === null ? isNull(column) : eq(column, value);
    await this.db
      .update(users)
      .set({ totpSecret, totpPendingSecret })
      .where(
        and(
          eq(users.id, row.id),
          same(users.totpSecret, row.totpSecret),
          same(users.totpPendingSecret, row.totpPendingSecret),
        ),
      );
  }

  /** Staff accounts, newest first (paged). */
  async staffPage(offset: number, limit: number) {
    return this.db
      .select({ user: users, count: countOfAll })
      .from(users)
      .where(and(eq(users.isStaff, true), isNull(users.deletedAt)))
      .orderBy(desc(users.id))
      .offset(offset)
      .limit(limit);
  }

  /** A live staff account. */
  async staffAccount(id: number) {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.isStaff, true), isNull(users.deletedAt)));
    return row;
  }

  /** A live staff account, locked for a change. */
  async lockStaff(tx: DbOrTx, id: number) {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.isStaff, true), isNull(users.deletedAt)))
      .for('update');
    return row;
  }

  /**
   * The enabled accounts holding `admin`, locked: two changes that would each leave one admin
   * wait for each other, so the second sees the first's result.
   */
  async lockAdmins(tx: DbOrTx): Promise<number[]> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.isStaff, true),
          isNull(users.deletedAt),
          isNull(users.lockedAt),
          arrayContains(users.staffPermissions, ['admin']),
        ),
      )
      .orderBy(users.id)
      .for('update');
    return rows.map((r) => r.id);
  }

  async setPermissions(tx: DbOrTx, id: number, permissions: string[]): Promise<void> {
    await tx.update(users).set({ staffPermissions: permissions }).where(eq(users.id, id));
  }

  /** Disables (no sign-in, every token revoked at once) or enables a staff account. */
  async setDisabled(tx: DbOrTx, id: number, disabled: boolean): Promise<void> {
    await tx
      .update(users)
      .set(
        disabled
          ? { lockedAt: new Date(), tokenVersion: sql`${users.tokenVersion} + 1` }
          : { lockedAt: null },
      )
      .where(eq(users.id, id));
  }
}
