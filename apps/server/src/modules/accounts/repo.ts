/** The only place in the accounts module that knows the ORM. */
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { publicSeller, sellerPublicOrOwn } from '../../db/visibility.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  accountTokens,
  categories,
  profileCategories,
  profiles,
  products,
  sellerOrders,
  stores,
  users,
  orders,
} from '../../db/schema.ts';
import { preparedPerDb, rawRows } from '../../db/sql.ts';
import type { Caller, CallerLookup } from '../../plugins/auth.ts';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;
/** The fields a profile edit may change. */
export type ProfileEdit = Partial<
  Pick<
    ProfileRow,
    | 'image'
    | 'industry'
    | 'headquarter'
    | 'description'
    | 'displayName'
    | 'nameSkeleton'
    | 'iban'
    | 'accountHolder'
  >
>;

export interface ProfileWithCategories {
  profile: ProfileRow;
  username: string;
  categories: { id: number; name: string }[];
}

/**
 * Every authenticated request looks up its caller: a named prepared statement, so PostgreSQL
 * parses and plans it once per connection (both engines: decision 192).
 */
const callerQuery = preparedPerDb((db) =>
  db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      isStaff: users.isStaff,
      tokenVersion: users.tokenVersion,
      permissions: users.staffPermissions,
      role: profiles.status,
      profileId: profiles.id,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, sql.placeholder('userId')), isNull(users.deletedAt)))
    .limit(1)
    .prepare('accounts_find_caller'),
);

/** A new seller's shop waits for staff approval when the operator asks for it (decision 290). */
const approvalWait = (status: 'CUSTOMER' | 'STORE_OWNER', awaitApproval: boolean) =>
  status === 'STORE_OWNER' && awaitApproval ? { awaitingApprovalSince: new Date() } : {};

/**
 * Built on the database handle, or on the transaction a service opened (`new AccountsRepo(tx)`):
 * the repo opens none itself (decision 303).
 */
export class AccountsRepo implements CallerLookup {
  constructor(private readonly db: DbOrTx) {}

  async findCaller(userId: number): Promise<Caller | null> {
    const rows = await callerQuery(this.db).execute({ userId });
    const row = rows[0];
    if (!row) return null;
    return { ...row, role: row.role ?? null, profileId: row.profileId ?? null };
  }

  /** The live account whose username folds to `key` (usernameKey), whatever the spelling typed. */
  async findByUsernameKey(key: string): Promise<UserRow | undefined> {
    const rows = await this.db
      .select()
      .from(users)
      .where(and(eq(users.usernameKey, key), isNull(users.deletedAt)))
      .limit(1);
    return rows[0];
  }

  async usernameTaken(key: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.usernameKey, key))
      .limit(1);
    return rows.length > 0;
  }

  async emailInUse(email: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)))
      .limit(1);
    return rows.length > 0;
  }

  async findUser(id: number): Promise<UserRow | undefined> {
    const rows = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .limit(1);
    return rows[0];
  }

  /**
   * The live account, locked until the transaction ends (on `new AccountsRepo(tx)`). A change of
   * password or address takes it before touching the account's links, so two such changes run
   * one after the other instead of each holding a link the other waits for (decision 328).
   * `no key update`: new links (a foreign key to the row) can still be written meanwhile.
   */
  async lockUser(id: number): Promise<UserRow | undefined> {
    const rows = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), isNull(users.deletedAt)))
      .for('no key update');
    return rows[0];
  }

  async insertUser(
    values: {
      username: string;
      usernameKey: string;
      email: string;
      passwordHash: string;
      profileClaim?: string | null;
      isStaff?: boolean;
      nameSkeleton?: string;
      locale?: string | null;
    },
    tx: DbOrTx = this.db,
  ): Promise<UserRow> {
    const [row] = await tx.insert(users).values(values).returning();
    return row!;
  }

  async makeStaff(id: number): Promise<void> {
    await this.db.update(users).set({ isStaff: true }).where(eq(users.id, id));
  }

  /**
   * Creates the profile of a user who registered moments ago from the address whose keyed
   * hash is `claim`, has none yet, and is neither staff nor deleted: one statement, so two
   * claims cannot both win. Answers false when any condition fails.
   */
  async insertClaimedProfile(
    userId: number,
    status: 'CUSTOMER' | 'STORE_OWNER',
    claim: string,
    windowSeconds: number,
  ): Promise<boolean> {
    const rows = await rawRows<{ id: number }>(
      this.db,
      sql`insert into ${profiles} (id, user_id, status)
          select u.id, u.id, ${status} from ${users} u
          where u.id = ${userId} and u.deleted_at is null and not u.is_staff
            and u.profile_claim = ${claim}
            and u.date_joined > now() - make_interval(secs => ${windowSeconds})
          on conflict do nothing
          returning id`,
    );
    return rows.length > 0;
  }

  /** The tokenless profile claim is over (the profile exists); a new seller may wait for approval. */
  async clearProfileClaim(
    userId: number,
    status: 'CUSTOMER' | 'STORE_OWNER',
    awaitApproval: boolean,
  ): Promise<void> {
    await this.db
      .update(users)
      .set({ profileClaim: null, ...approvalWait(status, awaitApproval) })
      .where(eq(users.id, userId));
  }

  async touchLogin(id: number): Promise<void> {
    await this.db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, id));
  }

  async bumpTokenVersion(id: number): Promise<void> {
    await this.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, id));
  }

  async listUsers(): Promise<UserRow[]> {
    return this.db.select().from(users).where(isNull(users.deletedAt)).orderBy(asc(users.id));
  }

  /** Profiles share their user's id, so /seller/{id}, /api/profiles/{id}/ and /api/products/user/{id} agree. */
  async insertProfile(
    userId: number,
    status: 'CUSTOMER' | 'STORE_OWNER',
    tx: DbOrTx = this.db,
    awaitApproval = false,
  ): Promise<ProfileRow | null> {
    const rows = await tx
      .insert(profiles)
      .values({ id: userId, userId, status })
      .onConflictDoNothing()
      .returning();
    // The tokenless claim (claimProfile) is over once the profile exists.
    if (rows[0])
      await tx
        .update(users)
        .set({ profileClaim: null, ...approvalWait(status, awaitApproval) })
        .where(eq(users.id, userId));
    return rows[0] ?? null;
  }

  /** Sellers' payout accounts (decision 226), for a payout run. */
  async payoutAccounts(
    userIds: number[],
  ): Promise<{ userId: number; username: string; iban: string | null; accountHolder: string | null }[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select({
        userId: profiles.userId,
        username: users.username,
        iban: profiles.iban,
        accountHolder: profiles.accountHolder,
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(inArray(profiles.userId, userIds));
  }

  async findProfile(id: number): Promise<ProfileWithCategories | null> {
    const list = await this.profilesWhere(eq(profiles.id, id));
    return list[0] ?? null;
  }

  /**
   * A profile as anyone may read it: a seller whose shop is not public (suspended, or waiting
   * for approval) is missing to everyone but themselves (decisions 206, 290).
   */
  async findPublicProfile(id: number, viewerId: number | undefined): Promise<ProfileWithCategories | null> {
    const visible = or(ne(profiles.status, 'STORE_OWNER'), sellerPublicOrOwn(viewerId));
    const list = await this.profilesWhere(and(eq(profiles.id, id), visible));
    return list[0] ?? null;
  }

  async listProfiles(
    options: {
      status?: 'CUSTOMER' | 'STORE_OWNER';
      categoryId?: number;
      limit?: number;
      newestFirst?: boolean;
    } = {},
  ): Promise<ProfileWithCategories[]> {
    const conditions = [];
    if (options.status) conditions.push(eq(profiles.status, options.status));
    // Seller lists are public: suspended and waiting sellers leave them (decisions 206, 290).
    if (options.status === 'STORE_OWNER') conditions.push(publicSeller);
    if (options.categoryId !== undefined) {
      conditions.push(
        inArray(
          profiles.id,
          this.db
            .select({ id: profileCategories.profileId })
            .from(profileCategories)
            .where(eq(profileCategories.categoryId, options.categoryId)),
        ),
      );
    }
    return this.profilesWhere(
      conditions.length ? and(...conditions) : undefined,
      options.limit,
      options.newestFirst,
    );
  }

  private async profilesWhere(
    where: ReturnType<typeof and> | undefined,
    limit?: number,
    newestFirst = false,
  ): Promise<ProfileWithCategories[]> {
    let query = this.db
      .select({ profile: profiles, username: users.username })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(where ? and(where, isNull(users.deletedAt)) : isNull(users.deletedAt))
      .orderBy(newestFirst ? desc(profiles.id) : asc(profiles.id))
      .$dynamic();
    if (limit) query = query.limit(limit);
    const rows = await query;
    if (rows.length === 0) return [];
    const links = await this.db
      .select({ profileId: profileCategories.profileId, id: categories.id, name: categories.name })
      .from(profileCategories)
      .innerJoin(categories, eq(categories.id, profileCategories.categoryId))
      .where(
        inArray(
          profileCategories.profileId,
          rows.map((r) => r.profile.id),
        ),
      )
      .orderBy(asc(categories.position), asc(categories.id));
    return rows.map((r) => ({
      profile: r.profile,
      username: r.username,
      categories: links.filter((l) => l.profileId === r.profile.id).map(({ id, name }) => ({ id, name })),
    }));
  }

  async existingCategoryIds(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, ids));
    return rows.map((r) => r.id);
  }

  async setProfile(id: number, values: ProfileEdit): Promise<void> {
    if (Object.keys(values).length) await this.db.update(profiles).set(values).where(eq(profiles.id, id));
  }

  async deleteProfileCategories(profileId: number): Promise<void> {
    await this.db.delete(profileCategories).where(eq(profileCategories.profileId, profileId));
  }

  async insertProfileCategories(profileId: number, categoryIds: number[]): Promise<void> {
    if (categoryIds.length)
      await this.db
        .insert(profileCategories)
        .values(categoryIds.map((categoryId) => ({ profileId, categoryId })));
  }

  /**
   * Whether another live seller already goes by this shop name: their shop name or, without
   * one, their username, compared folded (case, accents, punctuation; mg_search_fold).
   */
  async shopNameTaken(name: string, exceptUserId: number): Promise<boolean> {
    const rows = await this.db
      .select({ one: sql<number>`1` })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(
        and(
          eq(profiles.status, 'STORE_OWNER'),
          isNull(users.deletedAt),
          sql`${profiles.userId} <> ${exceptUserId}`,
          sql`mg_search_fold(case when ${profiles.displayName} <> '' then ${profiles.displayName} else ${users.username} end) = mg_search_fold(${name})`,
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Holds, until the transaction ends, the lock of every name with this skeleton: two
   * registrations or renames of look-alikes check and write one after the other, in any
   * process (decision 198).
   */
  async lockNameSkeleton(skeleton: string, tx: DbOrTx): Promise<void> {
    await rawRows(tx, sql`select pg_advisory_xact_lock(hashtext(${`name-skeleton:${skeleton}`}))`);
  }

  /** Whether a live account other than `exceptUserId` has a username with this skeleton (one indexed lookup). */
  async usernameLookAlikeTaken(skeleton: string, tx: DbOrTx = this.db, exceptUserId = 0): Promise<boolean> {
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(eq(users.nameSkeleton, skeleton), isNull(users.deletedAt), sql`${users.id} <> ${exceptUserId}`),
      )
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Whether another live seller is shown under a name with this skeleton: their shop name's,
   * or their username's while they have none. Two indexed lookups in one statement.
   */
  async shopLookAlikeTaken(skeleton: string, exceptUserId: number, tx: DbOrTx = this.db): Promise<boolean> {
    const [row] = await rawRows<{ taken: boolean }>(
      tx,
      sql`select exists (
            select 1 from ${profiles} p join ${users} u on u.id = p.user_id
            where p.name_skeleton = ${skeleton} and p.status = 'STORE_OWNER'
              and u.deleted_at is null and p.user_id <> ${exceptUserId})
          or exists (
            select 1 from ${users} u join ${profiles} p on p.user_id = u.id
            where u.name_skeleton = ${skeleton} and p.display_name = '' and p.status = 'STORE_OWNER'
              and u.deleted_at is null and u.id <> ${exceptUserId}) as taken`,
    );
    return Boolean(row?.taken);
  }

  /**
   * Skeletons for rows written before decision 198 or by the demo and bulk loaders: at most
   * `limit` users and shop names per call; answers how many it filled.
   */
  async fillMissingSkeletons(skeletonOf: (name: string) => string, limit: number): Promise<number> {
    const people = await this.db
      .select({ id: users.id, name: users.username })
      .from(users)
      .where(isNull(users.nameSkeleton))
      .limit(limit);
    const shops = await this.db
      .select({ id: profiles.id, name: profiles.displayName })
      .from(profiles)
      .where(and(isNull(profiles.nameSkeleton), sql`${profiles.displayName} <> ''`))
      .limit(limit);
    // One statement per table and batch: a bulk load of thousands of sellers fills in seconds.
    const rows = (list: { id: number; name: string }[]) =>
      JSON.stringify(list.map((r) => ({ id: r.id, skeleton: skeletonOf(r.name) })));
    if (people.length > 0) {
      await rawRows(
        this.db,
        sql`update ${users} set name_skeleton = v.skeleton
            from json_to_recordset(${rows(people)}::json) as v(id int, skeleton text) where ${users.id} = v.id`,
      );
    }
    if (shops.length > 0) {
      await rawRows(
        this.db,
        sql`update ${profiles} set name_skeleton = v.skeleton
            from json_to_recordset(${rows(shops)}::json) as v(id int, skeleton text) where ${profiles.id} = v.id`,
      );
    }
    return people.length + shops.length;
  }

  /** Paid seller orders of this seller that are not completed yet block the deletion. */
  async countOpenPaidSellerOrders(sellerId: number): Promise<number> {
    const rows = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sellerOrders)
      .innerJoin(orders, eq(orders.id, sellerOrders.orderId))
      .where(
        and(
          eq(sellerOrders.sellerId, sellerId),
          eq(orders.isPaid, true),
          eq(sellerOrders.isCompleted, false),
        ),
      );
    return rows[0]?.n ?? 0;
  }

  /**
   * Unpaid orders of customers that still hold this seller's stock (pending, hold not run
   * out), and when the last of those holds ends (decision 171).
   */
  async unpaidHoldsOfSeller(sellerId: number): Promise<{ count: number; lastExpiry: Date | null }> {
    const [row] = await rawRows<{ count: number; last_ms: number | null }>(
      this.db,
      sql`
      select count(*)::int as count, (extract(epoch from max(o.expires_at)) * 1000)::float8 as last_ms
      from ${orders} o
      where o.status = 'pending' and o.is_paid = false and o.expires_at > now()
        and exists (select 1 from ${sellerOrders} so where so.order_id = o.id and so.seller_id = ${sellerId})`,
    );
    return { count: row?.count ?? 0, lastExpiry: row?.last_ms ? new Date(row.last_ms) : null };
  }

  async profileImage(id: number): Promise<string | null> {
    const [profile] = await this.db
      .select({ image: profiles.image })
      .from(profiles)
      .where(eq(profiles.id, id));
    return profile?.image ?? null;
  }

  /**
   * A deleted account's user row: personal data replaced, no way to sign in, and every token
   * issued before stops working.
   */
  async anonymiseUser(id: number, now: Date): Promise<void> {
    await this.db
      .update(users)
      .set({
        username: `deleted-user-${id}`,
        // '#' cannot be registered, so no new name can block a deletion through the unique key.
        usernameKey: `#deleted-${id}`,
        email: `deleted-user-${id}@deleted.invalid`,
        profileClaim: null,
        passwordHash: '!',
        deletedAt: now,
        isStaff: false,
        tokenVersion: sql`${users.tokenVersion} + 1`,
      })
      .where(eq(users.id, id));
  }

  /** A deleted account's profile keeps its row (orders name it) and loses what it said. */
  async emptyProfile(id: number): Promise<void> {
    await this.db
      .update(profiles)
      .set({ image: null, industry: '', headquarter: '', description: '' })
      .where(eq(profiles.id, id));
  }

  /** A deleted seller's products leave the catalogue. */
  async retireProductsOf(sellerId: number, now: Date): Promise<void> {
    await this.db
      .update(products)
      .set({ deletedAt: now })
      .where(and(eq(products.sellerId, sellerId), isNull(products.deletedAt)));
  }

  /** A deleted seller's stores leave the map and the lists. */
  async retireStoresOf(ownerId: number, now: Date): Promise<void> {
    await this.db
      .update(stores)
      .set({ deletedAt: now })
      .where(and(eq(stores.ownerId, ownerId), isNull(stores.deletedAt)));
  }
}

export type AccountTokenPurpose =
  | 'email_confirmation'
  | 'password_reset'
  | 'staff_invitation'
  /** A change of address (decision 324): the row's `email` is the new address. */
  | 'email_change';

/** A live token's owner and the address it was sent to. */
export interface AccountTokenHolder {
  userId: number;
  email: string;
}

/** The mailed single-use links (decisions 253, 254): only their hashes are stored. */
export class AccountTokensRepo {
  constructor(private readonly db: Db) {}

  async insert(
    values: {
      userId: number;
      purpose: AccountTokenPurpose;
      tokenHash: string;
      email: string;
      expiresAt: Date;
    },
    tx: DbOrTx = this.db,
  ): Promise<void> {
    await tx.insert(accountTokens).values(values);
  }

  private live(purpose: AccountTokenPurpose, tokenHash: string) {
    return and(
      eq(accountTokens.tokenHash, tokenHash),
      eq(accountTokens.purpose, purpose),
      isNull(accountTokens.usedAt),
      gt(accountTokens.expiresAt, sql`now()`),
    );
  }

  /** The holder of a token that is still unused and unexpired, without using it. */
  async peek(purpose: AccountTokenPurpose, tokenHash: string): Promise<AccountTokenHolder | null> {
    const rows = await this.db
      .select({ userId: accountTokens.userId, email: accountTokens.email })
      .from(accountTokens)
      .where(this.live(purpose, tokenHash))
      .limit(1);
    return rows[0] ?? null;
  }

  /** Uses the token once: of two racing calls, one gets its holder, the other null. */
  async consume(
    purpose: AccountTokenPurpose,
    tokenHash: string,
    tx: DbOrTx,
  ): Promise<AccountTokenHolder | null> {
    const rows = await tx
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(this.live(purpose, tokenHash))
      .returning({ userId: accountTokens.userId, email: accountTokens.email });
    return rows[0] ?? null;
  }

  /**
   * Forgets links that can no longer open anything: expired, or used, for more than a day (the
   * day keeps a just-used link's row for support questions). Answers how many went.
   */
  async purgeSpent(): Promise<number> {
    const rows = await this.db
      .delete(accountTokens)
      .where(
        or(
          lt(accountTokens.expiresAt, sql`now() - interval '1 day'`),
          lt(accountTokens.usedAt, sql`now() - interval '1 day'`),
        ),
      )
      .returning({ id: accountTokens.id });
    return rows.length;
  }

  /** Ends every open link of this kind (a reset used, an address changed, a new password). */
  async useAll(userId: number, purpose: AccountTokenPurpose, tx: DbOrTx): Promise<void> {
    await tx
      .update(accountTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.purpose, purpose),
          isNull(accountTokens.usedAt),
        ),
      );
  }

  /** Marks the address confirmed while the live account still has it; false otherwise. */
  async confirmEmail(userId: number, email: string, tx: DbOrTx): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(and(eq(users.id, userId), isNull(users.deletedAt), sql`lower(${users.email}) = lower(${email})`))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /**
   * A new password; every token issued before stops working (token version, decision 134), and
   * so do the links the old password stood for: changes of address asked with it (decision 328)
   * and staff invitations to choose a first one (decision 332). Call with the account locked.
   */
  async setPassword(userId: number, passwordHash: string, tx: DbOrTx): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (rows.length === 0) return false;
    await this.useAll(userId, 'email_change', tx);
    await this.useAll(userId, 'staff_invitation', tx);
    return true;
  }

  /**
   * A change of address (decision 324): the live account that still has `from` gets `to`,
   * confirmed (the link to it was opened). False when the account is gone or its address
   * changed meanwhile; of two racing changes, the second finds `from` gone.
   */
  async changeEmail(userId: number, from: string, to: string, tx: DbOrTx): Promise<boolean> {
    const rows = await tx
      .update(users)
      .set({ email: to, emailConfirmedAt: sql`now()` })
      .where(and(eq(users.id, userId), isNull(users.deletedAt), sql`lower(${users.email}) = lower(${from})`))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /** Live, unlocked accounts with this address (addresses are not unique, decision 146). */
  async liveByEmail(email: string, limit: number): Promise<UserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(
        and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt), isNull(users.lockedAt)),
      )
      .orderBy(asc(users.id))
      .limit(limit);
  }

  async setLocale(userId: number, locale: string | null): Promise<void> {
    await this.db.update(users).set({ locale }).where(eq(users.id, userId));
  }
}

/** Whether the customer confirmed their address (invoice eligibility reads it, decision 232). */
export async function emailConfirmedOf(db: DbOrTx, userId: number): Promise<boolean> {
  const rows = await db
    .select({ at: users.emailConfirmedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return Boolean(rows[0]?.at);
}
