/**
 * E-mail confirmation and password reset (issues 27 and 29, decisions 253 and 254). A link
 * carries 32 random bytes from node:crypto; only their SHA-256 is stored, each link counts
 * once and until it expires, and the answers never tell whether an account exists.
 */
import { queueMail } from '../mail/service.ts';
import { createHash, randomBytes } from 'node:crypto';
import { usernameKey, type PasswordResetRequest } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound, tooMany, unauthorized } from '../../lib/errors.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import type { Caller } from '../../plugins/auth.ts';
import { AuditService, type AuditRecord } from '../audit/service.ts';
import {
  confirmationMail,
  passwordChangedMail,
  passwordResetMail,
  staffInvitationMail,
} from './account-mails.ts';
import {
  AccountsRepo,
  AccountTokensRepo,
  emailConfirmedOf,
  type AccountTokenPurpose,
  type UserRow,
} from './repo.ts';

/** How long a confirmation link works. */
export const CONFIRMATION_HOURS = 48;
/** How long a password-reset link works. */
export const RESET_MINUTES = 60;
/** How long a staff invitation link works (decision 293). */
export const INVITATION_HOURS = 72;
/** At most this many accounts of one address get a reset link from one request. */
const RESET_ACCOUNTS_PER_ADDRESS = 5;

const INVALID_CONFIRMATION =
  'This confirmation link is invalid, was already used or has expired. Sign in and ask for a new one on your profile page.';
const INVALID_RESET =
  'This password reset link is invalid, was already used or has expired. Please ask for a new one.';
const INVALID_INVITATION =
  'This invitation link is invalid, was already used or has expired. Please ask an administrator for a new one.';

/** What the "forgot password" answer says, whatever was found. */
export const RESET_REQUESTED =
  'If an account matches, we have sent an e-mail with a link to set a new password. The link works for 60 minutes.';

/** A link's secret and the hash that is stored instead (also used by email-change.ts). */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether the customer confirmed their address; what invoice eligibility reads (decision 232). */
export function isEmailConfirmed(db: DbOrTx, userId: number): Promise<boolean> {
  return emailConfirmedOf(db, userId);
}

export class AccountEmails {
  private readonly tokens: AccountTokensRepo;
  private readonly accounts: AccountsRepo;
  private readonly audit: AuditService;

  constructor(private readonly ctx: AppContext) {
    this.tokens = new AccountTokensRepo(ctx.database.db);
    this.accounts = new AccountsRepo(ctx.database.db);
    this.audit = new AuditService(ctx);
  }

  /** Queues a confirmation link for the account's current address (inside the caller's transaction). */
  async queueConfirmation(user: Pick<UserRow, 'id' | 'email' | 'username' | 'locale'>, tx: DbOrTx) {
    const { token, hash } = newToken();
    const expiresAt = new Date(Date.now() + CONFIRMATION_HOURS * 3_600_000);
    await this.tokens.insert(
      { userId: user.id, purpose: 'email_confirmation', tokenHash: hash, email: user.email, expiresAt },
      tx,
    );
    await queueMail(tx, [
      confirmationMail(this.ctx, user, user.locale, { token, hours: CONFIRMATION_HOURS }),
    ]);
  }

  /** The signed-in owner asks for a new confirmation link (rate-limited per account). */
  async resendConfirmation(caller: Caller, locale: string | null): Promise<void> {
    const user = await this.accounts.findUser(caller.id);
    if (!user) throw unauthorized();
    if (user.emailConfirmedAt) throw conflict('Your e-mail address is already confirmed.');
    const taken = await this.ctx.limits.take('confirmationUser', String(user.id));
    if (!taken.ok)
      throw tooMany(
        'We have sent several confirmation e-mails in the last hour. Please check your inbox and spam folder, or try again later.',
        taken.retryAfterSeconds,
      );
    await this.tokens.setLocale(user.id, locale);
    await this.ctx.database.db.transaction((tx) => this.queueConfirmation({ ...user, locale }, tx));
  }

  /** Uses a confirmation link: the account it was sent for is confirmed, whoever opens it. */
  async confirmEmail(token: string): Promise<void> {
    const hash = hashToken(token);
    const peeked = await this.tokens.peek('email_confirmation', hash);
    if (!peeked) throw badRequest(INVALID_CONFIRMATION);
    const confirmed = await this.ctx.database.db.transaction(async (tx) => {
      // The account before its links, as every change of password or address (decisions 328, 332).
      const account = await new AccountsRepo(tx).lockUser(peeked.userId);
      if (!account) return false;
      const holder = await this.tokens.consume('email_confirmation', hash, tx);
      if (!holder || holder.userId !== account.id) return false;
      if (!(await this.tokens.confirmEmail(account.id, holder.email, tx))) return false;
      await this.tokens.useAll(account.id, 'email_confirmation', tx);
      return true;
    });
    if (!confirmed) throw badRequest(INVALID_CONFIRMATION);
  }

  /**
   * "Forgot password?": counted per named account or address (whether or not it exists) and
   * per network address before anything is looked up; the answer is the same either way.
   */
  async requestReset(input: PasswordResetRequest, ip: string, locale: string | null): Promise<void> {
    const key = input.username ? `u:${usernameKey(input.username)}` : `e:${input.email!.toLowerCase()}`;
    for (const [name, k] of [
      ['passwordResetAddress', ip],
      ['passwordResetAccount', key],
    ] as const) {
      const taken = await this.ctx.limits.take(name, k);
      if (!taken.ok)
        throw tooMany(
          'Too many password reset requests. Please check your inbox or try again later.',
          taken.retryAfterSeconds,
        );
    }
    const found = input.username
      ? [await this.accounts.findByUsernameKey(usernameKey(input.username))]
      : await this.tokens.liveByEmail(input.email!, RESET_ACCOUNTS_PER_ADDRESS);
    for (const user of found) {
      if (!user || user.lockedAt) continue;
      await this.queueReset(user, locale ?? user.locale);
    }
  }

  /** The link and its e-mail, and the staff's audit entry when staff sent it, in one transaction. */
  private async queueReset(user: UserRow, locale: string | null, audit?: AuditRecord): Promise<void> {
    const { token, hash } = newToken();
    const expiresAt = new Date(Date.now() + RESET_MINUTES * 60_000);
    await this.ctx.database.db.transaction(async (tx) => {
      await this.tokens.insert(
        { userId: user.id, purpose: 'password_reset', tokenHash: hash, email: user.email, expiresAt },
        tx,
      );
      const facts = { token, username: user.username, minutes: RESET_MINUTES };
      await queueMail(tx, [passwordResetMail(this.ctx, user, locale, facts)]);
      if (audit) await this.audit.record(audit, tx);
    });
  }

  /**
   * Sets the new password of the link's account (registration's rules), uses the link and
   * every other open reset link, and revokes every token of the account; the account's address
   * is told (decision 328). A staff account still signs in with its second factor: the reset
   * touches only the password.
   */
  async resetPassword(token: string, password: string): Promise<void> {
    await this.choosePassword('password_reset', token, password, INVALID_RESET, (account, tx) =>
      queueMail(tx, [
        passwordChangedMail(this.ctx, account, account.locale, { at: new Date(), way: 'reset' }),
      ]),
    );
  }

  /**
   * A new staff member chooses their password with the invitation link (decision 293); the
   * second factor is enrolled at the first sign-in as for every staff account. A disabled
   * account's invitation opens nothing. No "password changed" notice: this is the first
   * password the colleague chooses, and it comes from the same inbox (decision 328).
   */
  async acceptInvitation(token: string, password: string, address: string): Promise<void> {
    await this.choosePassword('staff_invitation', token, password, INVALID_INVITATION, (account, tx) =>
      this.audit.record(
        {
          staffId: account.id,
          action: 'staff.invitation-accepted',
          objectType: 'staff',
          objectId: account.id,
          address,
        },
        tx,
      ),
    );
  }

  /**
   * Uses a password link once and sets the password, ending the account's other open links of
   * that kind, its open links to change the address (asked under the old password, decision
   * 328), its staff invitations (decision 332) and every session; the link reached the account's
   * own inbox, so the address counts as confirmed too. Invalid, used, expired and foreign links get one message. `alsoInTx`
   * gets the account as locked in the transaction (its address and language as they are now).
   */
  private async choosePassword(
    purpose: AccountTokenPurpose,
    token: string,
    password: string,
    invalid: string,
    alsoInTx?: (account: UserRow, tx: DbOrTx) => Promise<void>,
  ): Promise<void> {
    const hash = hashToken(token);
    const holder = await this.tokens.peek(purpose, hash);
    const user = holder && (await this.accounts.findUser(holder.userId));
    if (!holder || !user || (purpose === 'staff_invitation' && !invitationOpen(user)))
      throw badRequest(invalid);
    await refuseWeakPassword(password, user);
    const passwordHash = await hashPassword(password);
    const done = await this.ctx.database.db.transaction(async (tx) => {
      // The account before its links, as every change of password or address (decision 328).
      const account = await new AccountsRepo(tx).lockUser(holder.userId);
      if (!account || (purpose === 'staff_invitation' && !invitationOpen(account))) return false;
      const used = await this.tokens.consume(purpose, hash, tx);
      if (!used || !(await this.tokens.setPassword(account.id, passwordHash, tx))) return false;
      await this.tokens.useAll(account.id, purpose, tx);
      await this.tokens.confirmEmail(account.id, used.email, tx);
      await alsoInTx?.(account, tx);
      return true;
    });
    if (!done) throw badRequest(invalid);
    this.ctx.callers.forget(user.id);
  }

  /**
   * Mails a staff account its invitation link (decision 293): any earlier invitation of the
   * account stops working, and the staff's audit entry is written in the same transaction.
   */
  async queueStaffInvitation(userId: number, audit: AuditRecord): Promise<void> {
    const { token, hash } = newToken();
    const expiresAt = new Date(Date.now() + INVITATION_HOURS * 3_600_000);
    await this.ctx.database.db.transaction(async (tx) => {
      // The account before its links (decisions 328, 332): a password set at the same moment
      // either ends this link or was set before it was sent.
      const user = await new AccountsRepo(tx).lockUser(userId);
      if (!user) throw notFound(`Staff account ${userId} does not exist.`);
      await this.tokens.useAll(user.id, 'staff_invitation', tx);
      await this.tokens.insert(
        { userId: user.id, purpose: 'staff_invitation', tokenHash: hash, email: user.email, expiresAt },
        tx,
      );
      const facts = { token, username: user.username, hours: INVITATION_HOURS };
      await queueMail(tx, [staffInvitationMail(this.ctx, user, user.locale, facts)]);
      await this.audit.record(audit, tx);
    });
  }

  /** Staff (support) send an account its reset link, with a reason in the audit log. */
  async staffReset(staff: Caller, userId: number, reason: string, address: string): Promise<void> {
    const user = await this.accounts.findUser(userId);
    if (!user) throw notFound(`User ${userId} does not exist.`);
    if (user.lockedAt)
      throw conflict(`User ${userId} is locked: unlock the account before sending a password reset.`);
    await this.queueReset(user, user.locale, {
      staffId: staff.id,
      action: 'user.password-reset',
      objectType: 'user',
      objectId: userId,
      reason,
      address,
    });
  }
}

/**
 * An invitation chooses the first password of an enabled account that has not signed in yet:
 * once it enrolled its second factor, the password it signed in with stands (an admin's "send
 * again" is refused then too, decision 293).
 */
const invitationOpen = (account: UserRow) => account.lockedAt === null && account.totpSecret === null;

/** Registration's password rules for a new password; the field error names `field`. */
export async function refuseWeakPassword(
  password: string,
  user: Pick<UserRow, 'username' | 'email'>,
  field = 'password',
): Promise<void> {
  const problem = await passwordProblem(password, { username: user.username, email: user.email });
  if (!problem) return;
  const message =
    problem === 'personal'
      ? 'The password may not be your username or e-mail address.'
      : 'This password is one of the most common passwords. Please choose one that is harder to guess.';
  throw new AppError('BAD_REQUEST', message, [{ field, message }]);
}
