import { z } from 'zod';
import { pagedSchema, pagingQuerySchema } from '../http/paging.ts';

/** A decimal amount in CHF as the API sends it ("49.90"). */
const amount = z.string().regex(/^-?\d+\.\d{2}$/);

export const PAYMENT_METHODS = ['PayPal', 'TWINT', 'Invoice'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** One way to pay this installation offers (GET /api/payments/methods/). */
export const offeredMethodSchema = z.object({
  method: paymentMethodSchema,
  /** Who moves the money: paypal, datatrans, the built-in test provider, or the bank (invoice). */
  provider: z.enum(['paypal', 'datatrans', 'test', 'bank']),
  /** Public id a browser SDK needs (PayPal); null otherwise. */
  clientId: z.string().nullable(),
});

export const invoiceTermsSchema = z.object({
  holdDays: z.number().int(),
  /** The last days of the hold after the bill's due date (due = the order's expiresAt less these). */
  graceDays: z.number().int(),
  requireConfirmedEmail: z.boolean(),
  minPaidOrders: z.number().int(),
  /** The largest order total payable by invoice. */
  maxAmount: amount,
});

export const paymentMethodsSchema = z.object({
  currency: z.literal('CHF'),
  methods: z.array(offeredMethodSchema),
  /** Present when Invoice is offered: who may pay by invoice, and how long stock is held. */
  invoice: invoiceTermsSchema.nullable(),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

export const RETURN_REASONS = ['overpaid', 'cancelled', 'expired', 'alreadyPaid', 'currency'] as const;

/** One bank credit of an imported camt file, as staff see it. */
export const bankCreditSchema = z.object({
  bankReference: z.string(),
  qrReference: z.string().nullable(),
  otherReference: z.string().nullable(),
  orderId: z.number().int().nullable(),
  amount,
  currency: z.string(),
  debtor: z.string().nullable(),
  bookingDate: z.string().nullable(),
  /** Underpaid: what the order still lacks. */
  stillDue: amount.optional(),
  /** To return: how much goes back to the payer. */
  returnAmount: amount.optional(),
  reason: z.enum(RETURN_REASONS).optional(),
});

/** Answer of POST /api/admin/bank-statements/. */
export const bankStatementImportSchema = z.object({
  booked: z.array(bankCreditSchema),
  underpaid: z.array(bankCreditSchema),
  toReturn: z.array(bankCreditSchema),
  unmatched: z.array(bankCreditSchema),
  /** Credits of the file an earlier import recorded already (booked nothing again). */
  alreadyImported: z.number().int(),
});
export type BankStatementImport = z.infer<typeof bankStatementImportSchema>;

export const BANK_ENTRY_LISTS = ['toReturn', 'unmatched', 'underpaid', 'booked'] as const;
export const BANK_ENTRIES_PAGE_SIZE = 50;
export const BANK_ENTRIES_MAX_PAGE_SIZE = 200;

/** Query of GET /api/admin/bank-entries/: one list (payments to return by default), paged. */
export const bankEntriesQuerySchema = pagingQuerySchema(
  BANK_ENTRIES_PAGE_SIZE,
  BANK_ENTRIES_MAX_PAGE_SIZE,
).extend({
  list: z.enum(BANK_ENTRY_LISTS).default('toReturn'),
});

export const pagedBankEntriesSchema = pagedSchema(bankCreditSchema.extend({ importedAt: z.string() }));
export type PagedBankEntries = z.infer<typeof pagedBankEntriesSchema>;

/**
 * A refund to pay out by bank transfer (an invoice order paid from a bank account). `iban` and
 * `accountHolder` are null while the customer has not given them (a seller's cancellation,
 * decision 250); such a line cannot be paid out yet.
 */
export const bankRefundSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  amount,
  iban: z.string().nullable(),
  accountHolder: z.string().nullable(),
  awaitingAccount: z.boolean(),
  createdAt: z.string(),
  paidOutAt: z.string().nullable(),
});

/** What the customer sees of their order's bank refunds: the account shown by its last digits only. */
export const customerBankRefundSchema = z.object({
  id: z.number().int(),
  amount,
  awaitingAccount: z.boolean(),
  /** The IBAN's last four characters, once given. */
  ibanEnding: z.string().nullable(),
  paidOut: z.boolean(),
});
export type CustomerBankRefund = z.infer<typeof customerBankRefundSchema>;

export const customerBankRefundsSchema = z.object({ results: z.array(customerBankRefundSchema) });

/** PUT /api/orders/{id}/bank-refunds/account/: where the waiting refunds of the order go. */
export const refundAccountBodySchema = z.object({
  iban: z.string().trim().min(1).max(42),
  accountHolder: z.string().trim().min(1).max(200),
});

export const bankRefundsQuerySchema = pagingQuerySchema(
  BANK_ENTRIES_PAGE_SIZE,
  BANK_ENTRIES_MAX_PAGE_SIZE,
).extend({
  state: z.enum(['open', 'paidOut']).default('open'),
});

export const pagedBankRefundsSchema = pagedSchema(bankRefundSchema);
export type BankRefund = z.infer<typeof bankRefundSchema>;
export type PagedBankRefunds = z.infer<typeof pagedBankRefundsSchema>;
