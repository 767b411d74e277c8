/**
 * A signed-in user changes their e-mail address and their password (decision 324). The address
 * changes only once a link mailed to the new address is opened (the same account tokens as the
 * confirmation, decision 253); the old address is told both when the change is asked and when
 * it is done. Both need the current password, whose wrong guesses are
 * limited like a sign-in's. A new password is told to the address and ends the open change
 * links; a new address ends the reset links mailed to the old one (decision 328).
 */
import { type EmailChangeRequest, type PasswordChange } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { badRequest, forbidden, tooMany, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Caller } from '../../plugins/auth.ts';
import { AuditService } from '../audit/service.ts';
import { queueMail } from '../mail/service.ts';
import { hashToken, newToken, refuseWeakPassword } from './account-emails.ts';
import { passwordChangedMail } from './account-mails.ts';
import {
  emailChangeAskedMail,
  emailChangedMail,
  emailChangeLinkMail,
  maskEmail,
} from './email-change-mails.ts';
import { AccountsRepo, AccountTokensRepo, type UserRow } from './repo.ts';

/** How long the link to the new address works. */
export const EMAIL_CHANGE_HOURS = 48;

const WRONG_PASSWORD = 'Your current password is not correct.';
const INVALID_CHANGE =
  'This link to change your e-mail address is invalid, was already used or has expired. Please ask for a new one on your profile page.';

export class AccountChanges {
  private readonly accounts: AccountsRepo;
  private readonly tokens: AccountTokensRepo;
  private readonly audit: AuditService;

  constructor(private readonly ctx: AppContext) {
    this.accounts = new AccountsRepo(ctx.database.db);
    this.tokens = new AccountTokensRepo(ctx.database.db);
    this.audit = new AuditService(ctx);
  }

  /**
   * Mails a link to the new address and a notice to the old one; the address stays as it is
   * until the link is opened. A staff account's address is where its invitation and reset
   * links go, so it is not changed from a session (decision 324).
   */
  async requestEmailChange(caller: Caller, input: EmailChangeRequest, locale: string | null) {
    const user = await this.accounts.findUser(caller.id);
    if (!user) throw unauthorized();
    if (user.isStaff)
      throw forbidden(
        'A staff account’s e-mail address cannot be changed here. Please ask an administrator.',
      );
    await this.checkPassword(user, input.password, 'password');
    if (input.email.toLowerCase() === user.email.toLowerCase()) {
      const message = 'This is already your e-mail address.';
      throw badRequest(message, [{ field: 'email', message }]);
    }
    // Its own key in the confirmation limit: 3 change links an hour, besides 3 confirmations.
    const taken = await this.ctx.limits.take('confirmationUser', `email-change:${user.id}`);
    if (!taken.ok)
      throw tooMany(
        'We have sent several links to change your e-mail address in the last hour. Please check your inbox or try again later.',
        taken.retryAfterSeconds,
      );
    const { token, hash } = newToken();
    const expiresAt = new Date(Date.now() + EMAIL_CHANGE_HOURS * 3_600_000);
    await this.tokens.setLocale(user.id, locale);
    await this.ctx.database.db.transaction(async (tx) => {
      await this.tokens.insert(
        { userId: user.id, purpose: 'email_change', tokenHash: hash, email: input.email, expiresAt },
        tx,
      );
      await queueMail(tx, [
        emailChangeLinkMail(this.ctx, { ...user, email: input.email }, locale, {
          token,
          hours: EMAIL_CHANGE_HOURS,
        }),
        emailChangeAskedMail(this.ctx, user, locale, { masked: maskEmail(input.email) }),
      ]);
    });
  }

  /**
   * Opens a change link: the account it was made for gets the new address, confirmed; every
   * other open change, confirmation and password reset link of the account stops working (the
   * reset links went to the old address, decision 328), the change is audited and the old
   * address is told. No sign-in needed: the link names the account.
   */
  async confirmEmailChange(token: string, ip: string): Promise<{ email: string; emailConfirmed: true }> {
    const hash = hashToken(token);
    const peeked = await this.tokens.peek('email_change', hash);
    if (!peeked) throw badRequest(INVALID_CHANGE);
    const done = await this.ctx.database.db.transaction(async (tx) => {
      // The account before its links, as every change of password or address (decision 328).
      const user = await new AccountsRepo(tx).lockUser(peeked.userId);
      if (!user) return null;
      const holder = await this.tokens.consume('email_change', hash, tx);
      if (!holder || holder.userId !== user.id) return null;
      if (user.email.toLowerCase() === holder.email.toLowerCase()) return null;
      if (!(await this.tokens.changeEmail(user.id, user.email, holder.email, tx))) return null;
      await this.tokens.useAll(user.id, 'email_change', tx);
      await this.tokens.useAll(user.id, 'email_confirmation', tx);
      await this.tokens.useAll(user.id, 'password_reset', tx);
      await this.audit.record(
        {
          staffId: user.id,
          action: 'user.email-change',
          objectType: 'user',
          objectId: user.id,
          before: { email: user.email },
          after: { email: holder.email },
          address: ip,
        },
        tx,
      );
      await queueMail(tx, [
        emailChangedMail(this.ctx, user, user.locale, { masked: maskEmail(holder.email) }),
      ]);
      return { userId: user.id, email: holder.email };
    });
    if (!done) throw badRequest(INVALID_CHANGE);
    this.ctx.callers.forget(done.userId);
    return { email: done.email, emailConfirmed: true };
  }

  /**
   * A new password by registration's rules, after the current one; every access token of the
   * account stops working, as after a reset (decision 254): the token version is per account,
   * so the caller's own session ends too and the web app signs in again with the new password.
   * Open links to change the address, asked under the old password, stop working, and the
   * account's address is told (decision 328).
   */
  async changePassword(caller: Caller, input: PasswordChange, ip: string): Promise<void> {
    const user = await this.accounts.findUser(caller.id);
    if (!user) throw unauthorized();
    await this.checkPassword(user, input.currentPassword, 'currentPassword');
    await refuseWeakPassword(input.newPassword, user, 'newPassword');
    const passwordHash = await hashPassword(input.newPassword);
    const changed = await this.ctx.database.db.transaction(async (tx) => {
      // The account before its links, as every change of password or address (decision 328).
      const account = await new AccountsRepo(tx).lockUser(user.id);
      if (!account || !(await this.tokens.setPassword(account.id, passwordHash, tx))) return false;
      await queueMail(tx, [
        passwordChangedMail(this.ctx, account, account.locale, { at: new Date(), way: 'settings' }),
      ]);
      await this.audit.record(
        {
          staffId: user.id,
          action: 'user.password-change',
          objectType: 'user',
          objectId: user.id,
          address: ip,
        },
        tx,
      );
      return true;
    });
    if (!changed) throw unauthorized();
    this.ctx.callers.forget(user.id);
  }

  /**
   * The current password, counted under the sign-in guesses' rule (10 per 15 minutes) on a key
   * of its own per account: a stolen session guesses no faster than the sign-in page allows,
   * and the owner's own sign-in stays open meanwhile.
   */
  private async checkPassword(user: UserRow, password: string, field: string): Promise<void> {
    const key = `signed-in:${user.id}`;
    const taken = await this.ctx.limits.take('loginAccountAddress', key);
    if (!taken.ok)
      throw tooMany('Too many wrong passwords. Please wait before trying again.', taken.retryAfterSeconds);
    if (!(await verifyPassword(password, user.passwordHash)))
      throw badRequest(WRONG_PASSWORD, [{ field, message: WRONG_PASSWORD }]);
    await this.ctx.limits.forget('loginAccountAddress', key);
  }
}
