import { z } from 'zod';
import { hasDirectionControl, hasInvisibleCharacter, mixesScripts } from './usernames.ts';

export const ROLES = ['CUSTOMER', 'STORE_OWNER'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * A new username: the look-alike rules first (each refusal names its rule), then the
 * characters allowed. Stored in NFKC, so full-width letters become plain ones; uniqueness
 * and sign-in compare `usernameKey` (usernames.ts).
 */
export const usernameSchema = z
  .string()
  .trim()
  .refine((name) => !hasDirectionControl(name), {
    message: 'A username may not contain text-direction control characters.',
    abort: true,
  })
  .refine((name) => !hasInvisibleCharacter(name), {
    message: 'A username may not contain invisible characters such as zero-width spaces.',
    abort: true,
  })
  .transform((name) => name.normalize('NFKC'))
  .pipe(
    z
      .string()
      .min(3, 'A username has at least 3 characters.')
      .max(40, 'A username has at most 40 characters.')
      .regex(/^[\p{L}\p{N}._-]+$/u, 'A username may contain letters, digits, dots, dashes and underscores.')
      .refine((name) => !mixesScripts(name), {
        message: 'A username may not mix letters of different scripts, such as Latin and Cyrillic.',
        abort: true,
      }),
  );

export const emailSchema = z
  .string()
  .trim()
  .max(254, 'An e-mail address has at most 254 characters.')
  .pipe(z.email('Enter a valid e-mail address.'));

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `A password has at least ${PASSWORD_MIN} characters.`)
  .max(PASSWORD_MAX, `A password has at most ${PASSWORD_MAX} characters.`);

export const registrationSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type RegistrationInput = z.infer<typeof registrationSchema>;

export const loginSchema = z.object({
  username: z.string().trim().min(1, 'Enter your username.').max(200),
  password: z
    .string()
    .min(1, 'Enter your password.')
    .max(PASSWORD_MAX * 2),
  /** Staff only: the code of their authenticator app or a recovery code (decision 205). */
  otp: z.string().trim().max(40).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const profileCreateSchema = z.object({
  user: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: roleSchema,
});

export const PROFILE_TEXT_MAX = { industry: 120, headquarter: 120, description: 2000 } as const;

export const DISPLAY_NAME_MAX = 60;

/**
 * A seller's shop name ("Confiserie Sonnenberg"): shown instead of the username wherever the
 * shop appears. '' removes it. Checked like usernames for hidden and direction-control
 * characters, stored in NFKC; uniqueness (case, accents and punctuation folded) is the server's.
 */
export const displayNameSchema = z
  .string()
  .trim()
  .refine((name) => !hasDirectionControl(name), {
    message: 'A shop name may not contain text-direction control characters.',
    abort: true,
  })
  // Plain spaces separate words; every other space, joiner or control character is refused.
  .refine((name) => !hasInvisibleCharacter(name.replace(/ /g, '')), {
    message: 'A shop name may not contain invisible or control characters.',
    abort: true,
  })
  .transform((name) => name.normalize('NFKC').replace(/ {2,}/g, ' '))
  .pipe(
    z
      .string()
      .max(DISPLAY_NAME_MAX, `A shop name has at most ${DISPLAY_NAME_MAX} characters.`)
      .refine((name) => name === '' || (name.length >= 2 && /[\p{L}\p{N}]/u.test(name)), {
        message: 'A shop name has at least 2 characters, with letters or digits.',
      })
      .refine((name) => !mixesScripts(name), {
        message: 'A shop name may not mix letters of different scripts, such as Latin and Cyrillic.',
      }),
  );

/** PATCH /api/profiles/:id/ (JSON or multipart fields; `category` one id or many). */
export const profileUpdateSchema = z.object({
  displayName: displayNameSchema.optional(),
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
  /** Where payouts go (decision 226): checked by its checksum on the server; '' removes it. */
  iban: z.string().max(64, 'An IBAN has at most 34 characters.').optional(),
  accountHolder: z.string().trim().max(70, 'The account holder has at most 70 characters.').optional(),
  category: z
    .union([
      z.array(z.coerce.number().int().positive('Category ids are positive integers.').max(2_147_483_647)),
      z.coerce.number().int().positive().max(2_147_483_647),
    ])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.number()).max(30, 'Choose at most 30 categories.'))
    .optional(),
});

/** GET /api/profiles/sellers/: sellers of one category, by name. */
export const sellerListQuerySchema = z.object({ category: z.string().max(120).optional() });

export const categoryDetailSchema = z.object({ id: z.number().int(), name: z.string() });

export const profileSchema = z.object({
  id: z.number().int(),
  user: z.number().int(),
  username: z.string(),
  /** The shop name when set, otherwise the username. */
  name: z.string(),
  /** A seller's shop name as set in the profile ('' when none). */
  displayName: z.string(),
  status: roleSchema,
  image: z.string(),
  thumbnail: z.string(),
  category: z.array(z.number().int()),
  categoryDetails: z.array(categoryDetailSchema),
  industry: z.string(),
  headquarter: z.string(),
  description: z.string(),
  /** The payout IBAN, to the owner only (null when none); absent for everyone else. */
  iban: z.string().nullable().optional(),
  /** The payout account's holder, to the owner only (null when none); absent for everyone else. */
  accountHolder: z.string().nullable().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  date_joined: z.string(),
  last_login: z.string().nullable(),
  is_staff: z.boolean(),
  profile: profileSchema.nullable(),
  /** Whether the owner confirmed the address by the mailed link (decision 253); additive to spec §3. */
  emailConfirmed: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;

export const loginResponseSchema = z.object({
  access: z.string(),
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  is_staff: z.boolean(),
  status: roleSchema.nullable(),
  profile: profileSchema.nullable(),
  /** Staff only: their permissions (support, moderation, finance, admin). */
  permissions: z.array(z.string()).optional(),
  /** Staff only, once: the recovery codes made when this sign-in completed the enrolment. */
  recovery_codes: z.array(z.string()).optional(),
  /** Whether the address is confirmed (decision 253). */
  emailConfirmed: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type StaffLoginResponse = LoginResponse;

export const registrationResponseSchema = loginResponseSchema;

/** Seller summary as lists show it (spec §3). */
export const sellerSummarySchema = z.object({
  id: z.number().int(),
  user: z.number().int(),
  image: z.string(),
  name: z.string(),
  description: z.string(),
  industry: z.string(),
});
export type SellerSummary = z.infer<typeof sellerSummarySchema>;

/** A mailed link's secret (e-mail confirmation, password reset; decisions 253, 254). */
export const accountTokenSchema = z
  .string()
  .trim()
  .min(1, 'The link is incomplete. Please open the link from the e-mail again.')
  .max(200, 'The link is incomplete. Please open the link from the e-mail again.');

export const emailConfirmationSchema = z.object({ token: accountTokenSchema });

/** "Forgot password?": the account's username or its e-mail address, one of the two. */
export const passwordResetRequestSchema = z
  .object({
    email: z.string().trim().max(254).optional(),
    username: z.string().trim().max(200).optional(),
  })
  .refine((body) => Boolean(body.email) !== Boolean(body.username), {
    message: 'Enter your username or your e-mail address.',
  });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

export const passwordResetConfirmSchema = z.object({
  token: accountTokenSchema,
  password: passwordSchema,
});
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

/** The answer of the e-mail routes that only say what happens next. */
export const accountNoticeSchema = z.object({ detail: z.string() });
export const emailConfirmedSchema = z.object({ emailConfirmed: z.boolean() });

/** A signed-in user asks to change their address (decision 324): the new one and the current password. */
export const emailChangeRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string()
    .min(1, 'Enter your password.')
    .max(PASSWORD_MAX * 2),
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

/** The link mailed to the new address. */
export const emailChangeConfirmSchema = z.object({ token: accountTokenSchema });
/** The address the account has now, confirmed by the opened link. */
export const emailChangedSchema = z.object({ email: z.string(), emailConfirmed: z.boolean() });

/** A signed-in user changes their password: the current one, and a new one by registration's rules. */
export const passwordChangeSchema = z.object({
  currentPassword: z
    .string()
    .min(1, 'Enter your password.')
    .max(PASSWORD_MAX * 2),
  newPassword: passwordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
