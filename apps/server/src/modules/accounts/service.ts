import type {
  LoginResponse,
  StaffLoginResponse,
  Profile,
  RegistrationInput,
  Role,
  SellerSummary,
  User,
} from '@marktgasse/shared';
import { profileUpdateSchema, usernameKey } from '@marktgasse/shared';
import { createHmac } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation, type DbOrTx } from '../../db/client.ts';
import {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooMany,
  unauthorized,
} from '../../lib/errors.ts';
import { dummyPasswordHash, hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords.ts';
import type { Caller } from '../../plugins/auth.ts';
import { discardImage, mediaThumbUrl, mediaUrl, processImage } from '../media/pipeline.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { parseWith } from '../../lib/validation.ts';
import { formatIban, payoutIban } from '../../lib/iban.ts';
import { StaffService } from '../staff/service.ts';
import { queueMail } from '../mail/service.ts';
import { addressInUseMail } from './address-in-use-mail.ts';
import { AccountEmails } from './account-emails.ts';
import { AccountsRepo, type ProfileEdit, type ProfileWithCategories, type UserRow } from './repo.ts';
import { nameSkeleton } from './skeleton.ts';

/** The newest sellers the home's teaser picks from. */
const LATEST_SELLERS = 6;

export class AccountsService {
  readonly repo: AccountsRepo;
  private readonly staff: StaffService;
  private readonly emails: AccountEmails;

  constructor(private readonly ctx: AppContext) {
    this.repo = new AccountsRepo(ctx.database.db);
    this.staff = new StaffService(ctx);
    this.emails = new AccountEmails(ctx);
  }

  /** New sellers wait for staff approval before their shop is public (decision 290). */
  private get approvalRequired(): boolean {
    return this.ctx.config.SELLER_APPROVAL_REQUIRED === 'true';
  }

  /**
   * `viewerId`: who asks. Only the owner gets the payout IBAN and account holder; everyone
   * else (and every public list) gets neither key, not even a masked IBAN.
   */
  toProfile(p: ProfileWithCategories, viewerId?: number): Profile {
    const owner = viewerId === p.profile.userId;
    return {
      id: p.profile.id,
      user: p.profile.userId,
      username: p.username,
      name: p.profile.displayName || p.username,
      displayName: p.profile.displayName,
      status: p.profile.status,
      image: mediaUrl(this.ctx.media, p.profile.image, 'profile'),
      thumbnail: mediaThumbUrl(this.ctx.media, p.profile.image, 'profile'),
      category: p.categories.map((c) => c.id),
      categoryDetails: p.categories,
      industry: p.profile.industry,
      headquarter: p.profile.headquarter,
      description: p.profile.description,
      ...(owner && {
        iban: p.profile.iban ? formatIban(p.profile.iban) : null,
        accountHolder: p.profile.accountHolder ?? null,
      }),
    };
  }

  toSellerSummary(p: ProfileWithCategories): SellerSummary {
    return {
      id: p.profile.id,
      user: p.profile.userId,
      image: mediaUrl(this.ctx.media, p.profile.image, 'profile'),
      name: p.profile.displayName || p.username,
      description: p.profile.description,
      industry: p.profile.industry,
    };
  }

  private async toUser(row: UserRow, viewerId = row.id): Promise<User> {
    const profile = await this.repo.findProfile(row.id);
    return {
      id: row.id,
      username: row.username,
      email: row.email,
      date_joined: row.dateJoined.toISOString(),
      last_login: row.lastLogin?.toISOString() ?? null,
      is_staff: row.isStaff,
      profile: profile ? this.toProfile(profile, viewerId) : null,
      emailConfirmed: row.emailConfirmedAt !== null,
    };
  }

  private async loginResponse(
    row: UserRow,
    recoveryCodes: string[] | null = null,
  ): Promise<StaffLoginResponse> {
    const user = await this.toUser(row);
    // Staff tokens are short-lived (STAFF_TOKEN_IDLE_MINUTES, decision 205).
    const access = this.ctx.tokens.issue({ userId: row.id, version: row.tokenVersion }, row.isStaff);
    return {
      access,
      id: user.id,
      username: user.username,
      email: user.email,
      is_staff: user.is_staff,
      status: user.profile?.status ?? null,
      profile: user.profile,
      emailConfirmed: row.emailConfirmedAt !== null,
      ...(row.isStaff ? { permissions: row.staffPermissions } : {}),
      ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}),
    };
  }

  /**
   * `locale`: the language of the account's e-mails (de, fr, it; null: English), from the request.
   * `confirm: false`: no confirmation e-mail (an invited staff member's invitation link confirms).
   */
  async register(
    input: RegistrationInput & { status?: Role },
    ip: string,
    locale: string | null = null,
    { confirm = true }: { confirm?: boolean } = {},
  ): Promise<LoginResponse> {
    const byAddress = await this.ctx.limits.take('registrationAddress', ip);
    if (!byAddress.ok) {
      throw tooMany(
        'Too many registrations from this address. Please try again later.',
        byAddress.retryAfterSeconds,
      );
    }
    const problem = await passwordProblem(input.password, input);
    if (problem === 'personal') {
      const message = 'The password may not be your username or e-mail address.';
      throw badRequest(message, [{ field: 'password', message }]);
    }
    if (problem === 'common') {
      const message =
        'This password is one of the most common passwords. Please choose one that is harder to guess.';
      throw badRequest(message, [{ field: 'password', message }]);
    }
    // Usernames are public (profiles, reviews): saying one is taken reveals nothing new.
    const key = usernameKey(input.username);
    if (await this.repo.usernameTaken(key)) throw conflict('A user with that username already exists.');
    const skeleton = nameSkeleton(input.username);
    const email = input.email.toLowerCase();
    const passwordHash = await hashPassword(input.password);
    // An address that already has an account is accepted like any other (the answer must not
    // tell who is a customer); its owner is told by e-mail instead (docs/decisions/146).
    const addressKnown = await this.repo.emailInUse(email);
    let row: UserRow;
    try {
      row = await this.ctx.database.db.transaction(async (tx) => {
        // Look-alikes of another username are refused, checked under the skeleton's lock (decision 198).
        await this.repo.lockNameSkeleton(skeleton, tx);
        if (await this.repo.usernameLookAlikeTaken(skeleton, tx)) throw usernameLookAlike();
        const user = await this.repo.insertUser(
          {
            username: input.username,
            usernameKey: key,
            nameSkeleton: skeleton,
            email,
            passwordHash,
            profileClaim: input.status ? null : this.profileClaim(ip),
            locale,
          },
          tx,
        );
        if (input.status) await this.repo.insertProfile(user.id, input.status, tx, this.approvalRequired);
        if (confirm) await this.emails.queueConfirmation(user, tx);
        const newUsername = input.username;
        if (addressKnown)
          await queueMail(tx, [addressInUseMail(this.ctx, { email }, locale, { newUsername })]);
        return user;
      });
    } catch (error) {
      // Two registrations racing for one name: the unique key decides.
      if (isUniqueViolation(error)) throw conflict('A user with that username already exists.');
      throw error;
    }
    return this.loginResponse(row);
  }

  /**
   * Sign-in counts the guess before checking it, atomically, on the account found (every
   * spelling of a name folds to one key): per account and address tightly (the attacker's
   * own budget), per account over all addresses loosely and briefly (so failures from one
   * address never lock the owner out elsewhere), per address over all accounts.
   */
  async login(username: string, password: string, ip: string, otp?: string): Promise<StaffLoginResponse> {
    const typedKey = usernameKey(username);
    const row = await this.repo.findByUsernameKey(typedKey);
    const account = row?.usernameKey ?? typedKey;
    const byAddress = await this.ctx.limits.take('loginAddress', ip);
    if (!byAddress.ok) {
      throw tooMany(
        'Too many failed logins from this address. Please wait before trying again.',
        byAddress.retryAfterSeconds,
      );
    }
    const pairKey = `${account}|${ip}`;
    const pair = await this.ctx.limits.take('loginAccountAddress', pairKey);
    if (!pair.ok) {
      throw tooMany(
        'Too many failed logins for this account. Please wait before trying again.',
        pair.retryAfterSeconds,
      );
    }
    const overall = await this.ctx.limits.take('loginAccount', account);
    if (!overall.ok) {
      throw tooMany(
        'Too many sign-in attempts for this account right now. Please wait a moment and try again.',
        overall.retryAfterSeconds,
      );
    }
    const ok = await verifyPassword(password, row?.passwordHash ?? (await dummyPasswordHash()));
    if (!row || !ok) throw unauthorized('Invalid username or password');
    const forgive = () =>
      Promise.all([
        this.ctx.limits.forget('loginAccountAddress', pairKey),
        this.ctx.limits.giveBack('loginAccount', account),
        this.ctx.limits.giveBack('loginAddress', ip),
      ]);
    if (row.lockedAt) throw unauthorized('This account is locked. Please contact support.');
    let recoveryCodes: string[] | null = null;
    if (row.isStaff) {
      try {
        ({ recoveryCodes } = await this.staff.secondFactor(row, otp || undefined, ip));
      } catch (error) {
        // The right password without a code yet is the first half of a sign-in, no guess;
        // a wrong code stays counted like a wrong password.
        if (!otp) await forgive();
        throw error;
      }
    }
    // A successful sign-in is no guess: this address starts afresh for this account.
    await forgive();
    await this.repo.touchLogin(row.id);
    return this.loginResponse({ ...row, lastLogin: new Date() }, recoveryCodes);
  }

  /** What ties a registration without a profile to its address: a keyed hash, never the address itself. */
  private profileClaim(ip: string): string {
    return createHmac('sha256', this.ctx.config.JWT_SECRET).update(`profile-claim:${ip}`).digest('base64url');
  }

  async logout(caller: Caller): Promise<void> {
    await this.repo.bumpTokenVersion(caller.id);
    this.ctx.callers.forget(caller.id);
  }

  async me(caller: Caller): Promise<User> {
    const row = await this.repo.findUser(caller.id);
    if (!row) throw unauthorized();
    return this.toUser(row);
  }

  async listUsers(): Promise<User[]> {
    const rows = await this.repo.listUsers();
    return Promise.all(rows.map((r) => this.toUser(r)));
  }

  /**
   * With a token: the caller's own profile, once. Without (spec §4 sends none): only for a
   * user who registered from this address within PROFILE_CLAIM_WINDOW_SECONDS, has no
   * profile and is not staff; every other case gets the same 401 (docs/decisions/146).
   */
  async createProfile(
    caller: Caller | null,
    userId: number | undefined,
    status: Role,
    ip: string,
  ): Promise<Profile> {
    if (!caller) {
      const claimed =
        userId !== undefined &&
        (await this.claimProfile(
          userId,
          status,
          this.profileClaim(ip),
          this.ctx.config.PROFILE_CLAIM_WINDOW_SECONDS,
          this.approvalRequired,
        ));
      if (!claimed) {
        throw unauthorized(
          'Log in to create a profile: without a token, a profile can only be created right after registering.',
        );
      }
      this.ctx.callers.forget(userId);
      this.ctx.cache.invalidate();
      return this.getProfile(userId);
    }
    if (userId !== undefined && userId !== caller.id)
      throw forbidden('You can only create a profile for your own account.');
    const created = await this.repo.insertProfile(caller.id, status, undefined, this.approvalRequired);
    if (!created) throw conflict('This account already has a profile.');
    this.ctx.callers.forget(caller.id);
    this.ctx.cache.invalidate();
    return this.getProfile(caller.id);
  }

  /**
   * Creates the profile of a user who registered moments ago from the address whose keyed
   * hash is `claim` (see AccountsRepo.insertClaimedProfile), and ends the claim.
   */
  private claimProfile(
    userId: number,
    status: Role,
    claim: string,
    windowSeconds: number,
    awaitApproval: boolean,
  ): Promise<boolean> {
    return this.ctx.database.db.transaction(async (tx) => {
      const repo = new AccountsRepo(tx);
      if (!(await repo.insertClaimedProfile(userId, status, claim, windowSeconds))) return false;
      await repo.clearProfileClaim(userId, status, awaitApproval);
      return true;
    });
  }

  /** Where each seller's payout goes (the payouts module reads it through here). */
  async payoutAccounts(sellerIds: number[]) {
    return this.repo.payoutAccounts(sellerIds);
  }

  async getProfile(id: number, viewerId?: number): Promise<Profile> {
    const found = await this.repo.findProfile(id);
    if (!found) throw notFound(`Profile ${id} does not exist.`);
    return this.toProfile(found, viewerId);
  }

  /** A profile on a public read: a hidden seller's only for themselves (staff read it through their routes). */
  async getPublicProfile(id: number, viewerId?: number): Promise<Profile> {
    const found = await this.repo.findPublicProfile(id, viewerId);
    if (!found) throw notFound(`Profile ${id} does not exist.`);
    return this.toProfile(found, viewerId);
  }

  async updateProfile(
    caller: Caller,
    id: number,
    fields: Record<string, unknown>,
    file: UploadedFile | null,
  ): Promise<Profile> {
    const existing = await this.repo.findProfile(id);
    if (!existing) throw notFound(`Profile ${id} does not exist.`);
    // Someone else's profile answers like a missing one.
    if (existing.profile.userId !== caller.id) throw notFound(`Profile ${id} does not exist.`);
    const input = parseWith(
      profileUpdateSchema,
      pick(fields, [
        'displayName',
        'industry',
        'headquarter',
        'description',
        'category',
        'iban',
        'accountHolder',
      ]),
    );
    if (input.displayName !== undefined && input.displayName !== existing.profile.displayName)
      await this.checkShopName(input.displayName, existing.profile.status, caller.id);
    const categoryIds = input.category ? await this.existingCategories(input.category) : undefined;
    const values: Record<string, string | null> = {};
    if (input.industry !== undefined) values.industry = input.industry;
    if (input.headquarter !== undefined) values.headquarter = input.headquarter;
    if (input.description !== undefined) values.description = input.description;
    if (input.displayName !== undefined) values.displayName = input.displayName;
    Object.assign(values, payoutFields(input, existing.profile.status));
    const renamed = input.displayName !== undefined && input.displayName !== existing.profile.displayName;
    const skeleton = renamed && input.displayName ? nameSkeleton(input.displayName) : null;
    if (file) values.image = (await processImage(file.buffer, this.ctx.media, 'profiles')).key;
    try {
      await this.writeProfile(
        id,
        renamed ? { ...values, nameSkeleton: skeleton } : values,
        categoryIds,
        skeleton ? { skeleton, name: input.displayName!, userId: caller.id } : null,
      );
    } catch (error) {
      if (values.image) await discardImage(this.ctx.media, values.image);
      // Two sellers racing for one shop name: the folded unique index decides.
      if (isUniqueViolation(error) && values.displayName) throw shopNameTaken(values.displayName);
      throw error;
    }
    this.ctx.cache.invalidate();
    // The replaced image is nobody's any more (orders copy product images, never profile ones).
    if (values.image && existing.profile.image) await discardImage(this.ctx.media, existing.profile.image);
    return this.getProfile(id, caller.id);
  }

  /**
   * Writes a profile edit in one transaction. A new shop name's look-alike check runs first in
   * it, under its skeleton's lock (decision 198).
   */
  private writeProfile(
    id: number,
    values: ProfileEdit,
    categoryIds: number[] | undefined,
    rename: { skeleton: string; name: string; userId: number } | null,
  ): Promise<void> {
    return this.ctx.database.db.transaction(async (tx) => {
      if (rename) await this.refuseShopLookAlike(tx, rename.skeleton, rename.userId, rename.name);
      const repo = new AccountsRepo(tx);
      await repo.setProfile(id, values);
      if (categoryIds) {
        await repo.deleteProfileCategories(id);
        await repo.insertProfileCategories(id, categoryIds);
      }
    });
  }

  /** A new shop name: only sellers have one (clearing it is allowed), and no other shop has it. */
  private async checkShopName(name: string, status: Role, userId: number): Promise<void> {
    if (status !== 'STORE_OWNER' && name !== '') {
      const message = 'Only seller accounts have a shop name.';
      throw badRequest(message, [{ field: 'displayName', message }]);
    }
    if (name !== '' && (await this.repo.shopNameTaken(name, userId))) throw shopNameTaken(name);
  }

  /** The profile's categories without repeats; a 400 naming the first one that does not exist. */
  private async existingCategories(asked: number[]): Promise<number[]> {
    const categoryIds = [...new Set(asked)];
    const found = await this.repo.existingCategoryIds(categoryIds);
    const missing = categoryIds.filter((c) => !found.includes(c));
    if (missing.length)
      throw badRequest(`Category ${missing[0]} does not exist.`, [
        { field: 'category', message: `Category ${missing[0]} does not exist.` },
      ]);
    return categoryIds;
  }

  /** Inside the rename's transaction, under the skeleton's lock: 409 when another shop looks the same. */
  private async refuseShopLookAlike(
    tx: DbOrTx,
    skeleton: string,
    userId: number,
    name: string,
  ): Promise<void> {
    await this.repo.lockNameSkeleton(skeleton, tx);
    if (await this.repo.shopLookAlikeTaken(skeleton, userId, tx)) throw shopNameLookAlike(name);
  }

  /** Fills the skeletons of names written before decision 198 (or by the demo loaders), at start. */
  async fillMissingSkeletons(): Promise<number> {
    let filled = 0;
    for (;;) {
      const n = await this.repo.fillMissingSkeletons(nameSkeleton, 500);
      filled += n;
      if (n === 0) return filled;
    }
  }

  async deleteAccount(caller: Caller, id: number): Promise<void> {
    // Someone else's account answers exactly like a missing one.
    if (id !== caller.id) throw notFound(`User ${id} does not exist.`);
    const open = await this.repo.countOpenPaidSellerOrders(id);
    if (open > 0) {
      throw conflict(
        `Your account has ${open} paid seller order${open === 1 ? '' : 's'} that ${open === 1 ? 'is' : 'are'} not completed yet. Complete them before deleting the account.`,
      );
    }
    // Refused while customers' unpaid orders hold this seller's stock (decision 171): they
    // are paid (and then fulfilled) or expire within the hold time, and nothing is cancelled
    // under a customer who may be paying right now.
    const held = await this.repo.unpaidHoldsOfSeller(id);
    if (held.count > 0) {
      const minutes = Math.max(
        1,
        Math.ceil(((held.lastExpiry?.getTime() ?? Date.now()) - Date.now()) / 60_000),
      );
      throw conflict(
        `Unpaid customer orders still hold stock of your account (${held.count}). Please delete it once they are paid or have expired, within ${minutes} minutes at the latest.`,
      );
    }
    const { image } = await this.anonymise(id);
    this.ctx.callers.forget(id);
    this.ctx.cache.invalidate();
    if (image) await discardImage(this.ctx.media, image);
  }

  /**
   * Deletion keeps every order record: the user row stays with its personal data replaced,
   * the profile is emptied, the seller's stores and products leave the catalogue, and every
   * token issued before stops working. Checks nothing (deleteAccount checks first).
   */
  async anonymise(id: number): Promise<{ image: string | null }> {
    return this.ctx.database.db.transaction(async (tx) => {
      const repo = new AccountsRepo(tx);
      const now = new Date();
      const image = await repo.profileImage(id);
      await repo.anonymiseUser(id, now);
      await repo.emptyProfile(id);
      await repo.deleteProfileCategories(id);
      await repo.retireProductsOf(id, now);
      await repo.retireStoresOf(id, now);
      return { image };
    });
  }

  /** The newest sellers (the home's teaser and `/api/profiles/latest-sellers/`), until the next write. */
  latestSellers(): Promise<SellerSummary[]> {
    return this.ctx.cache.getOrLoad('accounts:latest-sellers', async () =>
      (await this.repo.listProfiles({ status: 'STORE_OWNER', limit: LATEST_SELLERS, newestFirst: true })).map(
        (p) => this.toSellerSummary(p),
      ),
    );
  }

  async sellers(categoryName?: string): Promise<ProfileWithCategories[]> {
    let categoryId: number | undefined;
    if (categoryName) {
      const ids = await this.ctx.database.db.query.categories.findFirst({
        where: (c, { eq }) => eq(c.name, categoryName),
      });
      if (!ids) return [];
      categoryId = ids.id;
    }
    return this.repo.listProfiles({ status: 'STORE_OWNER', categoryId });
  }
}

function pick(source: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (source[k] !== undefined) out[k] = source[k];
  return out;
}

const usernameLookAlike = () => {
  const message =
    'This username looks too much like an existing one. Please choose a name that is easy to tell apart.';
  return new AppError('CONFLICT', message, [{ field: 'username', message }]);
};

function shopNameLookAlike(name: string) {
  const message = `“${name}” looks too much like the name of another shop. Choose a name that tells your shop apart, for example with your town or street.`;
  return new AppError('CONFLICT', message, [{ field: 'displayName', message }]);
}

/** The notice to an address that a new registration named as its own (decision 146). */
function shopNameTaken(name: string) {
  const message = `Another shop is already called “${name}”. Choose a name that tells your shop apart.`;
  return new AppError('CONFLICT', message, [{ field: 'displayName', message }]);
}

/** The payout account of a seller's profile (decision 226): a valid IBAN, never a QR-IBAN. */
function payoutFields(
  input: { iban?: string | undefined; accountHolder?: string | undefined },
  status: string,
): { iban?: string | null; accountHolder?: string | null } {
  if (input.iban === undefined && input.accountHolder === undefined) return {};
  if (status !== 'STORE_OWNER') {
    const message = 'Only seller accounts have a payout account.';
    throw badRequest(message, [{ field: input.iban !== undefined ? 'iban' : 'accountHolder', message }]);
  }
  const out: { iban?: string | null; accountHolder?: string | null } = {};
  if (input.iban !== undefined) out.iban = payoutIban(input.iban) || null;
  if (input.accountHolder !== undefined) out.accountHolder = input.accountHolder || null;
  return out;
}
