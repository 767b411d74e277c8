/**
 * Staff accounts managed by staff with `admin` (issue 29, decision 258): list, create (through
 * the accounts module's registration, so names, addresses and passwords meet the same rules),
 * invite by e-mail (decision 293), change permissions, disable and enable. The last enabled admin cannot lose `admin` or be
 * disabled. Every change is audited in its own transaction.
 */
import { randomBytes } from 'node:crypto';
import {
  nextOffset,
  type AuditAction,
  type Paged,
  type StaffAccount,
  type StaffCreate,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Caller } from '../../plugins/auth.ts';
import { AccountEmails } from '../accounts/account-emails.ts';
import { AccountsService } from '../accounts/service.ts';
import { AuditService } from '../audit/service.ts';
import { StaffRepo } from './repo.ts';
import { StaffService } from './service.ts';

type UserRow = Awaited<ReturnType<StaffRepo['lockStaff']>> & object;

export interface StaffActing {
  staff: Caller;
  reason: string;
  address: string;
}

const toAccount = (u: UserRow): StaffAccount => ({
  id: u.id,
  username: u.username,
  email: u.email,
  permissions: u.staffPermissions as StaffAccount['permissions'],
  enrolled: u.totpSecret !== null,
  disabled: u.lockedAt !== null,
  date_joined: u.dateJoined.toISOString(),
});

export class StaffAccountsService {
  private readonly repo: StaffRepo;
  private readonly audit: AuditService;

  constructor(private readonly ctx: AppContext) {
    this.repo = new StaffRepo(ctx.database.db);
    this.audit = new AuditService(ctx);
  }

  async list(offset: number, limit: number): Promise<Paged<StaffAccount>> {
    const rows = await this.repo.staffPage(offset, limit);
    const count = rows[0]?.count ?? (offset > 0 ? ((await this.repo.staffPage(0, 1))[0]?.count ?? 0) : 0);
    return { count, next: nextOffset(offset, limit, count), results: rows.map((r) => toAccount(r.user)) };
  }

  /**
   * A new staff account; it enrols its second factor at its first sign-in. Without a password
   * it gets an unguessable one and an invitation e-mail to choose its own (decision 293).
   * `locale`: the inviting admin's language, the new account's until it sets its own.
   */
  async create(input: StaffCreate, acting: StaffActing, locale: string | null): Promise<StaffAccount> {
    const { permissions, password, ...registration } = input;
    const invited = password === undefined;
    const { id } = await new AccountsService(this.ctx).register(
      { ...registration, password: password ?? randomBytes(32).toString('base64url') },
      acting.address,
      locale,
      { confirm: !invited },
    );
    await new StaffService(this.ctx).provision(id, permissions, null);
    const account = await this.changed(id, false, async (tx, before) => {
      await this.record(tx, acting, 'staff.create', id, null, {
        permissions: before.staffPermissions,
        invited,
      });
    });
    if (invited) await this.mailInvitation(id, acting);
    return account;
  }

  /**
   * Mails the account a new invitation link, ending the one before (decision 293): only while
   * it has not signed in yet (no second factor) and is enabled.
   */
  async invite(id: number, acting: StaffActing): Promise<StaffAccount> {
    const account = await this.repo.staffAccount(id);
    if (!account) throw notFound(`Staff account ${id} does not exist.`);
    if (account.lockedAt)
      throw conflict(`Staff account ${id} is disabled: enable it before sending an invitation.`);
    if (account.totpSecret)
      throw conflict(
        `Staff account ${id} has signed in already: send a password reset from the users screen instead.`,
      );
    await this.mailInvitation(id, acting);
    return toAccount(account);
  }

  private async mailInvitation(id: number, acting: StaffActing): Promise<void> {
    await new AccountEmails(this.ctx).queueStaffInvitation(id, {
      staffId: acting.staff.id,
      action: 'staff.invite',
      objectType: 'staff',
      objectId: id,
      reason: acting.reason,
      address: acting.address,
    });
  }

  async setPermissions(id: number, permissions: string[], acting: StaffActing): Promise<StaffAccount> {
    const losesAdmin = !permissions.includes('admin');
    return this.changed(id, losesAdmin, async (tx, before, admins) => {
      if (sameSet(before.staffPermissions, permissions)) return;
      if (losesAdmin) keepAnAdmin(admins, id);
      await this.repo.setPermissions(tx, id, permissions);
      await this.record(
        tx,
        acting,
        'staff.permissions',
        id,
        { permissions: before.staffPermissions },
        { permissions },
      );
    });
  }

  async setDisabled(id: number, disabled: boolean, acting: StaffActing): Promise<StaffAccount> {
    return this.changed(id, disabled, async (tx, before, admins) => {
      if ((before.lockedAt !== null) === disabled) return;
      if (disabled) keepAnAdmin(admins, id);
      await this.repo.setDisabled(tx, id, disabled);
      await this.record(
        tx,
        acting,
        disabled ? 'staff.disable' : 'staff.enable',
        id,
        { disabled: !disabled },
        { disabled },
      );
    });
  }

  /**
   * Runs a change on a locked staff account, then forgets its cached caller and answers its
   * state. A change that may leave no admin (`guardAdmins`) locks the enabled admins first, in
   * id order, and the account after them: two such changes at once (two admins disabled) take
   * their rows in one order and run one after the other instead of deadlocking (decision 332).
   */
  private async changed(
    id: number,
    guardAdmins: boolean,
    change: (tx: DbOrTx, before: UserRow, admins: number[]) => Promise<void>,
  ): Promise<StaffAccount> {
    const after = await this.repo.db.transaction(async (tx) => {
      const admins = guardAdmins ? await this.repo.lockAdmins(tx) : [];
      const before = await this.repo.lockStaff(tx, id);
      if (!before) throw notFound(`Staff account ${id} does not exist.`);
      await change(tx, before, admins);
      return (await this.repo.lockStaff(tx, id))!;
    });
    this.ctx.callers.forget(id);
    return toAccount(after);
  }

  private async record(
    tx: DbOrTx,
    acting: StaffActing,
    action: AuditAction,
    id: number,
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(
      {
        staffId: acting.staff.id,
        action,
        objectType: 'staff',
        objectId: id,
        before,
        after,
        reason: acting.reason,
        address: acting.address,
      },
      tx,
    );
  }
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((p) => b.includes(p));

/** Refuses a change that would leave none of the enabled admins (as locked) with `admin`. */
function keepAnAdmin(admins: number[], losing: number): void {
  if (admins.length > 0 && admins.every((a) => a === losing))
    throw conflict(
      'This is the last enabled staff account with the admin permission: give another account admin first.',
    );
}
