/**
 * The staff's second factor at sign-in (decision 205): TOTP codes accepted once, enrolment
 * with a QR code on the first sign-in, one-time recovery codes. Every sign-in and every
 * refused code is written to the audit log.
 */
import type { AppContext } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { AuditService } from '../audit/service.ts';
import { StaffRepo } from './repo.ts';
import { isSealed, open, seal, totpKey } from './secret-box.ts';
import {
  hashRecoveryCode,
  looksLikeRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  totpStep,
} from './totp.ts';

export interface StaffAccount {
  id: number;
  username: string;
  totpSecret: string | null;
  totpPendingSecret: string | null;
}

export interface SecondFactorResult {
  /** Shown once, when this sign-in completed the enrolment. */
  recoveryCodes: string[] | null;
}

function otpRequired(message: string, enrolment?: { secret: string; otpauth_url: string }): AppError {
  return new AppError('UNAUTHORIZED', message, undefined, undefined, {
    otp_required: true,
    ...(enrolment ? { enrolment } : {}),
  });
}

export class StaffService {
  readonly repo: StaffRepo;
  private readonly audit: AuditService;
  /** Seals TOTP secrets at rest (decision 256). */
  private readonly key: Buffer;

  constructor(ctx: Pick<AppContext, 'database' | 'config'>) {
    this.repo = new StaffRepo(ctx.database.db);
    this.audit = new AuditService(ctx);
    this.key = totpKey(ctx.config);
  }

  /** The CLI's provisioning: staff flag, permissions and, when given, a known TOTP secret. */
  async provision(userId: number, permissions: string[], totpSecret: string | null): Promise<void> {
    await this.repo.provision(userId, permissions, totpSecret && seal(this.key, totpSecret));
  }

  /** Seals the secrets stored in the clear before decision 256 (run at start); answers how many. */
  async sealPlainSecrets(): Promise<number> {
    const rows = await this.repo.plainSecrets();
    for (const row of rows) {
      const sealIf = (v: string | null) => (v === null || isSealed(v) ? v : seal(this.key, v));
      await this.repo.replaceSecrets(row, sealIf(row.totpSecret), sealIf(row.totpPendingSecret));
    }
    return rows.length;
  }

  /** Called once the password was right; throws the 401 `otp_required` unless `otp` passes. */
  async secondFactor(
    account: StaffAccount,
    otp: string | undefined,
    ip: string,
  ): Promise<SecondFactorResult> {
    if (!account.totpSecret) return this.enrol(account, otp, ip);
    const secret = open(this.key, account.totpSecret);
    if (!otp) throw otpRequired('Enter the code from your authenticator app.');
    if (looksLikeRecoveryCode(otp)) {
      const used = await this.signIn(account.id, ip, 'recovery-code', (tx) =>
        this.repo.useRecoveryCode(account.id, hashRecoveryCode(otp), tx),
      );
      if (!used)
        throw await this.refused(account.id, ip, 'This recovery code is not valid or was used already.');
      return { recoveryCodes: null };
    }
    const step = totpStep(secret, otp);
    if (step === null)
      throw await this.refused(account.id, ip, 'The code is not valid. Enter the current code.');
    const fresh = await this.signIn(account.id, ip, 'totp', (tx) => this.repo.takeStep(account.id, step, tx));
    if (!fresh)
      throw await this.refused(account.id, ip, 'This code was used already. Wait for the next code.');
    return { recoveryCodes: null };
  }

  private async enrol(
    account: StaffAccount,
    otp: string | undefined,
    ip: string,
  ): Promise<SecondFactorResult> {
    // The stored (sealed) offer is what the confirmation compares and keeps; a parallel first
    // sign-in may have stored its own a moment ago, and then that one is shown (decision 332).
    const offered =
      account.totpPendingSecret ?? (await this.repo.offerSecret(account.id, seal(this.key, newTotpSecret())));
    if (!offered) throw otpRequired('Enter the code from your authenticator app.');
    const secret = open(this.key, offered);
    const enrolment = { secret, otpauth_url: otpauthUrl(secret, account.username) };
    const step = otp ? totpStep(secret, otp) : null;
    if (step === null) {
      throw otpRequired(
        otp
          ? 'The code is not valid. Enter the current code.'
          : 'Set up two-factor sign-in: scan the QR code with an authenticator app and enter its code.',
        enrolment,
      );
    }
    const codes = newRecoveryCodes();
    const confirmed = await this.repo.db.transaction(async (tx) => {
      const ok = await this.repo.confirmSecret(account.id, offered, step, codes.map(hashRecoveryCode), tx);
      if (ok)
        await this.audit.record(
          {
            staffId: account.id,
            action: 'staff.totp-enrolled',
            objectType: 'staff',
            objectId: account.id,
            address: ip,
          },
          tx,
        );
      return ok;
    });
    if (!confirmed) throw otpRequired('The code is not valid. Enter the current code.');
    return { recoveryCodes: codes };
  }

  /** Runs the check that consumes the code and, when it passes, records the sign-in in the same transaction. */
  private async signIn(
    staffId: number,
    ip: string,
    method: string,
    take: (tx: Tx) => Promise<boolean>,
  ): Promise<boolean> {
    return this.repo.db.transaction(async (tx) => {
      if (!(await take(tx))) return false;
      await this.audit.record(
        {
          staffId,
          action: 'staff.sign-in',
          objectType: 'staff',
          objectId: staffId,
          after: { method },
          address: ip,
        },
        tx,
      );
      return true;
    });
  }

  private async refused(staffId: number, ip: string, message: string): Promise<AppError> {
    await this.audit.record({
      staffId,
      action: 'staff.sign-in-refused',
      objectType: 'staff',
      objectId: staffId,
      reason: message,
      address: ip,
    });
    return otpRequired(message);
  }
}
