/**
 * The operator's back office (issue 29): staff permissions, the sign-in's second factor,
 * moderation, reports and the audit log. Paths and field names here are a contract.
 */
import { z } from 'zod';
import { pagedSchema, pagingQuerySchema } from '../http/paging.ts';
import { priceInputSchema } from '../money/schemas.ts';
import { registrationSchema } from '../accounts/schemas.ts';

export const STAFF_PERMISSIONS = ['support', 'moderation', 'finance', 'admin'] as const;
export const staffPermissionSchema = z.enum(STAFF_PERMISSIONS);
export type StaffPermission = z.infer<typeof staffPermissionSchema>;

export const REASON_MAX = 500;
/** Every moderation action carries the reason the seller (and the audit log) sees. */
export const reasonBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, 'Give a reason: it is shown to the seller and kept in the audit log.')
    .max(REASON_MAX, `A reason has at most ${REASON_MAX} characters.`),
});
export type ReasonBody = z.infer<typeof reasonBodySchema>;

/** The first sign-in of a staff member without a second factor: the secret to enrol. */
export const otpEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
});

/** The 401 a staff account answers without a valid code. */
export const otpRequiredSchema = z.object({
  detail: z.string(),
  otp_required: z.literal(true),
  enrolment: otpEnrolmentSchema.optional(),
});

export const REPORT_KINDS = ['product', 'review', 'seller'] as const;
export const REPORT_REASONS = [
  'counterfeit',
  'prohibited',
  'misleading',
  'offensive',
  'spam',
  'other',
] as const;
export const REPORT_STATUSES = ['open', 'acted', 'dismissed'] as const;

export const reportCreateSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  id: z.coerce.number().int().positive().max(2_147_483_647),
  reason: z.enum(REPORT_REASONS),
  text: z.string().trim().max(2000, 'A report text has at most 2000 characters.').default(''),
});
export type ReportCreate = z.infer<typeof reportCreateSchema>;

export const reportSchema = z.object({
  id: z.number().int(),
  kind: z.enum(REPORT_KINDS),
  object: z.number().int(),
  /** The product's name (for a review: the reviewed product's), the seller's shop name; null once gone. */
  object_name: z.string().nullable(),
  reason: z.enum(REPORT_REASONS),
  text: z.string(),
  status: z.enum(REPORT_STATUSES),
  reporter: z.string(),
  created_at: z.string(),
  handled_by: z.string().nullable(),
  handled_at: z.string().nullable(),
});
export type Report = z.infer<typeof reportSchema>;

export const reportStatusBodySchema = z.object({
  status: z.enum(REPORT_STATUSES),
  reason: z.string().trim().max(REASON_MAX, `A reason has at most ${REASON_MAX} characters.`).default(''),
});

export const adminListQuerySchema = pagingQuerySchema(20, 100);

export const reportListQuerySchema = adminListQuerySchema.extend({
  status: z.enum(REPORT_STATUSES).optional(),
  kind: z.enum(REPORT_KINDS).optional(),
});

/**
 * Every action the server writes to the audit log (decision 207), in the order the back office
 * offers them. The server's audit record takes only these, and the web app names each one
 * (decision 333); the log's reads and filter stay plain strings, as older entries may name others.
 */
export const AUDIT_ACTIONS = [
  'product.hide',
  'product.unhide',
  'review.remove',
  'seller.approve',
  'seller.suspend',
  'seller.reinstate',
  'report.status',
  'seller-order.cancel',
  'order-line.refund',
  'bank-statement.import',
  'bank-refund.paid-out',
  'payout-run.create',
  'payout-run.executed',
  'commission-rule.set',
  'user.lock',
  'user.unlock',
  'user.password-reset',
  'user.password-change',
  'user.email-change',
  'staff.create',
  'staff.invite',
  'staff.invitation-accepted',
  'staff.permissions',
  'staff.disable',
  'staff.enable',
  'staff.sign-in',
  'staff.sign-in-refused',
  'staff.totp-enrolled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  staff: z.string(),
  staff_id: z.number().int(),
  object: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string(),
  address: z.string(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = adminListQuerySchema.extend({
  action: z.string().max(60).optional(),
  staff: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** `product:12`, `seller:4`, … */
  object: z.string().max(80).optional(),
});

export const adminReviewSchema = z.object({
  id: z.number().int(),
  product: z.number().int(),
  product_name: z.string(),
  user: z.number().int(),
  username: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
});

export const adminReviewListQuerySchema = adminListQuerySchema.extend({
  product: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** Approving a waiting seller (decision 290): a note for the audit log is welcome, not required (nor a body). */
export const approvalBodySchema = z
  .object({
    reason: z.string().trim().max(REASON_MAX, `A reason has at most ${REASON_MAX} characters.`).default(''),
  })
  .nullish();

export const moderatedProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  seller: z.number().int(),
  hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
});

export const moderatedSellerSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  status: z.enum(['pending', 'active', 'suspended']),
  suspended: z.boolean(),
  suspended_reason: z.string().nullable(),
});

export const adminOrderQuerySchema = adminListQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['pending', 'paying', 'paid', 'expired', 'cancelled']).optional(),
  from: z.iso.date('from: use YYYY-MM-DD.').optional(),
  to: z.iso.date('to: use YYYY-MM-DD.').optional(),
  /** Only this customer's orders (a user id), as the users screen links to them. */
  customer: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const adminOrderSummarySchema = z.object({
  id: z.number().int(),
  customer: z.string(),
  customer_id: z.number().int(),
  sellers: z.array(z.string()),
  status: z.string(),
  totalPrice: z.string(),
  createdAt: z.string(),
});

export const adminOrderDetailSchema = adminOrderSummarySchema.extend({
  customer_email: z.string(),
  refunded: z.string(),
  seller_orders: z.array(
    z.object({
      id: z.number().int(),
      seller: z.string(),
      seller_id: z.number().int(),
      items: z.string(),
      shipping: z.string(),
      isShipped: z.boolean(),
      isCompleted: z.boolean(),
      cancelledAt: z.string().nullable(),
      cancelReason: z.string().nullable(),
      lines: z.array(
        z.object({
          id: z.number().int(),
          product: z.number().int(),
          name: z.string(),
          quantity: z.number().int(),
          price: z.string(),
          orderType: z.string(),
        }),
      ),
    }),
  ),
  payments: z.array(
    z.object({ provider: z.string(), reference: z.string(), amount: z.string(), at: z.string() }),
  ),
  refunds: z.array(
    z.object({
      key: z.string(),
      amount: z.string(),
      completed: z.boolean(),
      at: z.string(),
      /** A staff refund's order line and reason (null for a cancellation's refund). */
      item: z.number().int().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  stock_holds: z.array(
    z.object({
      store: z.number().int(),
      product: z.number().int(),
      quantity: z.number().int(),
      released: z.boolean(),
    }),
  ),
});

export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  /** A seller's shop name (display name); null when none is set. */
  name: z.string().nullable(),
  status: z.string().nullable(),
  is_staff: z.boolean(),
  locked: z.boolean(),
  suspended: z.boolean(),
  date_joined: z.string(),
});

/** The roles the users screen filters by: a profile's status, staff, or an account without a profile. */
export const ADMIN_USER_ROLES = ['CUSTOMER', 'STORE_OWNER', 'staff', 'none'] as const;

export const adminUserQuerySchema = adminListQuerySchema.extend({
  /** Part of a username, e-mail address or shop name, or a user id. */
  search: z.string().trim().max(100).optional(),
  role: z.enum(ADMIN_USER_ROLES).optional(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export type AdminUserPage = z.infer<typeof pagedAdminUsers>;

export const dashboardSchema = z.object({
  orders_today: z.number().int(),
  awaiting_payment: z.number().int(),
  to_ship: z.number().int(),
  open_reports: z.number().int(),
  /** New sellers waiting for approval (0 unless SELLER_APPROVAL_REQUIRED; decision 290). */
  sellers_awaiting_approval: z.number().int(),
  suspended_sellers: z.number().int(),
  hidden_products: z.number().int(),
});

export const pagedReports = pagedSchema(reportSchema);
export const pagedAudit = pagedSchema(auditEntrySchema);
export const pagedAdminReviews = pagedSchema(adminReviewSchema);
export const pagedAdminOrders = pagedSchema(adminOrderSummarySchema);
export const pagedAdminUsers = pagedSchema(adminUserSchema);

export type Dashboard = z.infer<typeof dashboardSchema>;
export type AdminOrderPage = z.infer<typeof pagedAdminOrders>;
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
export type AdminReviewPage = z.infer<typeof pagedAdminReviews>;
export type ReportPage = z.infer<typeof pagedReports>;
export type AuditPage = z.infer<typeof pagedAudit>;

/**
 * A staff refund of part of an order line (issues 26, 29): the line (`item`, an order item id),
 * `quantity` units of it or an `amount` in CHF, and the reason kept in the audit log.
 */
export const staffRefundBodySchema = z
  .object({
    item: z.number().int().positive(),
    quantity: z.number().int().positive().optional(),
    amount: priceInputSchema.optional(),
    reason: reasonBodySchema.shape.reason,
  })
  .refine((body) => (body.quantity === undefined) !== (body.amount === undefined), {
    message: 'Give either a quantity or an amount to refund, not both.',
  });
export type StaffRefundBody = z.infer<typeof staffRefundBodySchema>;

/** A staff account as staff with `admin` manage it (issue 29, decision 258). */
export const staffAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  permissions: z.array(staffPermissionSchema),
  /** The second factor is set up (else the account enrols at its first sign-in). */
  enrolled: z.boolean(),
  disabled: z.boolean(),
  date_joined: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const pagedStaffAccounts = pagedSchema(staffAccountSchema);
export type StaffAccountPage = z.infer<typeof pagedStaffAccounts>;

const permissionListSchema = z
  .array(staffPermissionSchema)
  .max(STAFF_PERMISSIONS.length)
  .transform((list) => [...new Set(list)]);

/**
 * A new staff account: it signs in with this password and enrols its second factor at once.
 * Without a password it is e-mailed an invitation link to choose one (decision 293).
 */
export const staffCreateSchema = registrationSchema.extend({
  password: registrationSchema.shape.password.optional(),
  permissions: permissionListSchema,
});
export type StaffCreate = z.infer<typeof staffCreateSchema>;

export const staffPermissionsBodySchema = z.object({
  permissions: permissionListSchema,
  reason: z.string().trim().max(REASON_MAX, `A reason has at most ${REASON_MAX} characters.`).default(''),
});

/** Sending a staff account its invitation again (decision 293): an optional note for the audit log. */
export const staffInviteBodySchema = z.object({
  reason: z.string().trim().max(REASON_MAX, `A reason has at most ${REASON_MAX} characters.`).default(''),
});

/** Products for moderation: find by name, brand, number or seller; only hidden ones on request. */
export const adminProductQuerySchema = adminListQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  hidden: z.enum(['true', 'false']).optional(),
});
export const adminProductSchema = moderatedProductSchema.extend({
  brand: z.string(),
  seller_name: z.string(),
});
export const pagedAdminProducts = pagedSchema(adminProductSchema);
export type AdminProductPage = z.infer<typeof pagedAdminProducts>;

/**
 * A seller's standing (decision 290): `pending` awaits approval (SELLER_APPROVAL_REQUIRED),
 * `suspended` was suspended (a suspended seller who also waits counts as suspended), else `active`.
 */
export const SELLER_STATES = ['pending', 'active', 'suspended'] as const;
export type SellerState = (typeof SELLER_STATES)[number];
/** Sellers for moderation: find by name, e-mail or number; filter by status (`state` is its older name). */
export const adminSellerQuerySchema = adminListQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(SELLER_STATES).optional(),
  state: z.enum(SELLER_STATES).optional(),
});
export const adminSellerSchema = moderatedSellerSchema.extend({
  name: z.string(),
  email: z.string(),
  products: z.number().int(),
  date_joined: z.string(),
});
export const pagedAdminSellers = pagedSchema(adminSellerSchema);
export type AdminSellerPage = z.infer<typeof pagedAdminSellers>;
