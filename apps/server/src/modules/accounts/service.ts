import type {
  LoginResponse,
  Profile,
  RegistrationInput,
  Role,
  SellerSummary,
  User,
} from '@marktgasse/shared';
import { PROFILE_TEXT_MAX } from '@marktgasse/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { pgErrorCode } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound, tooMany, unauthorized } from '../../lib/errors.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Caller } from '../../plugins/auth.ts';
import { mediaThumbUrl, mediaUrl, processImage } from '../media/pipeline.ts';
import type { UploadedFile } from '../../lib/multipart.ts';
import { parseWith } from '../../lib/validation.ts';
import { AccountsRepo, type ProfileWithCategories, type UserRow } from './repo.ts';

const LOGIN_WINDOW_SECONDS = 15 * 60;

const profileUpdateSchema = z.object({
  industry: z
    .string()
    .trim()
    .max(PROFILE_TEXT_MAX.industry, `Industry has at most ${PROFILE_TEXT_MAX.industry} characters.`)
    .optional(),
  headquarter: z
    .string()
    .trim()
    .max(PROFILE_TEXT_MAX.headquarter, `Headquarter has at most ${PROFILE_TEXT_MAX.headquarter} characters.`)
    .optional(),
  description: z
    .string()
    .trim()
    .max(PROFILE_TEXT_MAX.description, `Description has at most ${PROFILE_TEXT_MAX.description} characters.`)
    .optional(),
  category: z
    .union([
      z.array(z.coerce.number().int().positive('Category ids are positive integers.').max(2_147_483_647)),
      z.coerce.number().int().positive().max(2_147_483_647),
    ])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.number()).max(30, 'Choose at most 30 categories.'))
    .optional(),
});

export class AccountsService {
  readonly repo: AccountsRepo;

  constructor(private readonly ctx: AppContext) {
    this.repo = new AccountsRepo(ctx.database.db);
  }

  toProfile(p: ProfileWithCategories): Profile {
    return {
      id: p.profile.id,
      user: p.profile.userId,
      username: p.username,
      name: p.username,
      status: p.profile.status,
      image: mediaUrl(this.ctx.media, p.profile.image),
      thumbnail: mediaThumbUrl(this.ctx.media, p.profile.image),
      category: p.categories.map((c) => c.id),
      categoryDetails: p.categories,
      industry: p.profile.industry,
      headquarter: p.profile.headquarter,
      description: p.profile.description,
    };
  }

  toSellerSummary(p: ProfileWithCategories): SellerSummary {
    return {
      id: p.profile.id,
      user: p.profile.userId,
      image: mediaUrl(this.ctx.media, p.profile.image),
      name: p.username,
      description: p.profile.description,
      industry: p.profile.industry,
    };
  }

  private async toUser(row: UserRow): Promise<User> {
    const profile = await this.repo.findProfile(row.id);
    return {
      id: row.id,
      username: row.username,
      email: row.email,
      date_joined: row.dateJoined.toISOString(),
      last_login: row.lastLogin?.toISOString() ?? null,
      is_staff: row.isStaff,
      profile: profile ? this.toProfile(profile) : null,
    };
  }

  private async loginResponse(row: UserRow): Promise<LoginResponse> {
    const user = await this.toUser(row);
    const access = await this.ctx.tokens.issue({ userId: row.id, version: row.tokenVersion });
    return {
      access,
      id: user.id,
      username: user.username,
      email: user.email,
      is_staff: user.is_staff,
      status: user.profile?.status ?? null,
      profile: user.profile,
    };
  }

  async register(input: RegistrationInput & { status?: Role }, ip: string): Promise<LoginResponse> {
    const ipHits = await this.ctx.limiter.hit(`register:ip:${ip}`, 3600);
    if (ipHits.count > this.ctx.config.RATE_LIMIT_REGISTRATION_PER_IP) {
      throw tooMany('Too many registrations from this address. Please try again later.', ipHits.resetSeconds);
    }
    const taken = await this.repo.usernameOrEmailTaken(input.username, input.email);
    if (taken.username) throw conflict('A user with that username already exists.');
    if (taken.email) throw conflict('A user with that e-mail address already exists.');
    const passwordHash = await hashPassword(input.password);
    let row: UserRow;
    try {
      row = await this.ctx.database.db.transaction(async (tx) => {
        const user = await this.repo.insertUser(
          { username: input.username, email: input.email.toLowerCase(), passwordHash },
          tx,
        );
        if (input.status) await this.repo.insertProfile(user.id, input.status, tx);
        return user;
      });
    } catch (error) {
      // Two registrations racing for one name: the unique index decides.
      if (pgErrorCode(error) === '23505') {
        throw conflict('A user with that username or e-mail address already exists.');
      }
      throw error;
    }
    return this.loginResponse(row);
  }

  async login(username: string, password: string, ip: string): Promise<LoginResponse> {
    const accountKey = `login:acct:${username.trim().toLowerCase()}`;
    const ipKey = `login:ip:${ip}`;
    const [acct, byIp] = await Promise.all([this.ctx.limiter.peek(accountKey), this.ctx.limiter.peek(ipKey)]);
    if (acct.count >= this.ctx.config.RATE_LIMIT_LOGIN_PER_ACCOUNT) {
      throw tooMany(
        'Too many failed logins for this account. Please wait before trying again.',
        acct.resetSeconds,
      );
    }
    if (byIp.count >= this.ctx.config.RATE_LIMIT_LOGIN_PER_IP) {
      throw tooMany(
        'Too many failed logins from this address. Please wait before trying again.',
        byIp.resetSeconds,
      );
    }
    const row = await this.repo.findByUsername(username);
    const ok = await verifyPassword(password, row?.passwordHash ?? (await dummyPasswordHash()));
    if (!row || !ok) {
      await Promise.all([
        this.ctx.limiter.hit(accountKey, LOGIN_WINDOW_SECONDS),
        this.ctx.limiter.hit(ipKey, LOGIN_WINDOW_SECONDS),
      ]);
      throw unauthorized('Invalid username or password');
    }
    await this.repo.touchLogin(row.id);
    return this.loginResponse({ ...row, lastLogin: new Date() });
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

  async createProfile(caller: Caller, userId: number | undefined, status: Role): Promise<Profile> {
    if (userId !== undefined && userId !== caller.id)
      throw forbidden('You can only create a profile for your own account.');
    const created = await this.repo.insertProfile(caller.id, status);
    if (!created) throw conflict('This account already has a profile.');
    this.ctx.callers.forget(caller.id);
    return this.getProfile(caller.id);
  }

  async getProfile(id: number): Promise<Profile> {
    const found = await this.repo.findProfile(id);
    if (!found) throw notFound(`Profile ${id} does not exist.`);
    return this.toProfile(found);
  }

  async updateProfile(
    caller: Caller,
    id: number,
    fields: Record<string, unknown>,
    file: UploadedFile | null,
  ): Promise<Profile> {
    const existing = await this.repo.findProfile(id);
    if (!existing) throw notFound(`Profile ${id} does not exist.`);
    if (existing.profile.userId !== caller.id) throw forbidden('You can only change your own profile.');
    const input = parseWith(
      profileUpdateSchema,
      pick(fields, ['industry', 'headquarter', 'description', 'category']),
    );
    let categoryIds: number[] | undefined;
    if (input.category) {
      categoryIds = [...new Set(input.category)];
      const found = await this.repo.existingCategoryIds(categoryIds);
      const missing = categoryIds.filter((c) => !found.includes(c));
      if (missing.length)
        throw badRequest(`Category ${missing[0]} does not exist.`, [
          { field: 'category', message: `Category ${missing[0]} does not exist.` },
        ]);
    }
    const values: Record<string, string> = {};
    if (input.industry !== undefined) values.industry = input.industry;
    if (input.headquarter !== undefined) values.headquarter = input.headquarter;
    if (input.description !== undefined) values.description = input.description;
    if (file) values.image = (await processImage(file.buffer, this.ctx.media, 'profiles')).key;
    await this.repo.updateProfile(id, values, categoryIds);
    this.ctx.cache.invalidate();
    return this.getProfile(id);
  }

  async deleteAccount(caller: Caller, id: number): Promise<void> {
    if (id !== caller.id) {
      const target = await this.repo.findUser(id);
      if (!target) throw notFound(`User ${id} does not exist.`);
      throw forbidden('You can only delete your own account.');
    }
    const open = await this.repo.countOpenPaidSellerOrders(id);
    if (open > 0) {
      throw conflict(
        `Your account has ${open} paid seller order${open === 1 ? '' : 's'} that ${open === 1 ? 'is' : 'are'} not completed yet. Complete them before deleting the account.`,
      );
    }
    await this.repo.anonymise(id);
    this.ctx.callers.forget(id);
    this.ctx.cache.invalidate();
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
