/**
 * The payments module's HTTP edge: what this installation offers, and the staff import of bank
 * files (camt.054/053 as the body, or as the multipart file `file`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankEntriesQuerySchema,
  bankStatementImportSchema,
  nextOffset,
  pagedBankEntriesSchema,
  errorBodySchema,
  paymentMethodsSchema,
  rappenToDecimal,
  type BankStatementImport,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { badRequest, tooLarge } from '../../lib/errors.ts';
import { requireFinanceStaff } from './staff-guard.ts';
import { bankRefundRoutes } from './bank-refund-routes.ts';
import { BankStatementService, type ImportedCredit, type ImportResult } from './bank-statements.ts';
import type { InvoiceOrders } from './bank-matching.ts';
import { offeredMethods } from './methods.ts';
import { createWalletProvider, TwintPayments } from './twint.ts';
import { TwintSignals, type TwintOrders } from './twint-signals.ts';
import { datatransWebhookRoutes } from './webhook-routes.ts';
import { qrBillRoutes, unwiredInvoiceBills, type InvoiceBills } from './qr-bill-routes.ts';

/** A month of a busy account's QR payments stays well below this. */
const MAX_BANK_FILE_BYTES = 20 * 1024 * 1024;

export interface PaymentsDeps {
  /** The orders side of invoice payments; until it is wired, every credit is kept as unmatched. */
  invoiceOrders: InvoiceOrders;
  /** The orders side of TWINT payments; until it is wired, a webhook finds no order. */
  twintOrders: TwintOrders;
  /** The customer's invoice order for its QR-bill; until it is wired, every bill is a 404. */
  invoiceBills: InvoiceBills;
}

/** Finds no order: credits are recorded as unmatched (never lost) and matched on a later import. */
export const unwiredInvoiceOrders: InvoiceOrders = {
  findByQrReference: async () => null,
  markPaid: async () => false,
};

/** Finds no order: a webhook is verified and answered, nothing else happens yet. */
export const unwiredTwintOrders: TwintOrders = {
  findByTransaction: async () => null,
  markPaid: async () => false,
  pendingTransactions: async () => [],
};

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 413: errorBodySchema };

async function bankFileText(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) {
    if (typeof request.body !== 'string' || request.body.trim() === '')
      throw badRequest('Send the camt.054 or camt.053 file as the XML body or as the multipart file "file".');
    return request.body;
  }
  const part = await request.file({ limits: { fileSize: MAX_BANK_FILE_BYTES, files: 1 } });
  if (!part || part.fieldname !== 'file')
    throw badRequest('Send the camt.054 or camt.053 file as the XML body or as the multipart file "file".');
  const buffer = await part.toBuffer();
  if (part.file.truncated) throw tooLarge('The bank file is larger than 20 MB.');
  return buffer.toString('utf8');
}

const money = (rappen: number | undefined) => (rappen === undefined ? undefined : rappenToDecimal(rappen));

function creditAnswer(credit: ImportedCredit) {
  return {
    bankReference: credit.bankReference,
    qrReference: credit.qrReference,
    otherReference: credit.otherReference,
    orderId: credit.orderId,
    amount: rappenToDecimal(credit.amountRappen),
    currency: credit.currency,
    debtor: credit.debtorName,
    bookingDate: credit.bookingDate,
    stillDue: money(credit.stillDueRappen),
    returnAmount: money(credit.returnRappen),
    reason: credit.reason,
  };
}

const importAnswer = (result: ImportResult): BankStatementImport => ({
  booked: result.booked.map(creditAnswer),
  underpaid: result.underpaid.map(creditAnswer),
  toReturn: result.toReturn.map(creditAnswer),
  unmatched: result.unmatched.map(creditAnswer),
  alreadyImported: result.alreadyImported,
});

export async function paymentsRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: Partial<PaymentsDeps> = {},
): Promise<void> {
  const bankStatements = new BankStatementService(
    ctx.database.db,
    deps.invoiceOrders ?? unwiredInvoiceOrders,
  );
  const twint = new TwintPayments(createWalletProvider(ctx.config));
  const signals = new TwintSignals(twint, deps.twintOrders ?? unwiredTwintOrders);
  await app.register(async (scope) => datatransWebhookRoutes(scope, ctx.config.DATATRANS_HMAC_KEY, signals));
  await app.register(async (scope) => bankRefundRoutes(scope, ctx));
  await app.register(async (scope) =>
    qrBillRoutes(scope, ctx.config, deps.invoiceBills ?? unwiredInvoiceBills),
  );
  // XML bodies reach this scope's routes as text; elsewhere they stay unsupported (415).
  app.addContentTypeParser(
    ['application/xml', 'text/xml'],
    { parseAs: 'string', bodyLimit: MAX_BANK_FILE_BYTES },
    (_request, body, done) => done(null, body),
  );
  methodRoutes(app, ctx);
  bankStatementRoutes(app, bankStatements);
}

/** What this installation offers. */
function methodRoutes(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/payments/methods/',
    {
      schema: {
        tags: ['payments'],
        summary: 'The ways to pay this installation offers, and who may pay by invoice',
        response: { 200: paymentMethodsSchema },
      },
    },
    async () => offeredMethods(ctx.config),
  );
}

/** The staff import of bank files and the lists of the credits they brought (finance). */
function bankStatementRoutes(app: FastifyInstance, bankStatements: BankStatementService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/admin/bank-statements/',
    {
      bodyLimit: MAX_BANK_FILE_BYTES,
      schema: {
        tags: ['admin'],
        summary: 'Import a camt.054 or camt.053 bank file (staff): book QR-bill payments',
        security: [{ bearer: [] }],
        response: { 200: bankStatementImportSchema, ...errors },
      },
      onRequest: async (request) => {
        requireFinanceStaff(request);
      },
    },
    async (request) => {
      const staffId = requireFinanceStaff(request);
      const xml = await bankFileText(request);
      return importAnswer(await bankStatements.importFile(xml, { staffId, address: request.ip }));
    },
  );

  api.get(
    '/api/admin/bank-entries/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Bank credits by list (staff): payments to return, unmatched, underpaid, booked',
        security: [{ bearer: [] }],
        querystring: bankEntriesQuerySchema,
        response: { 200: pagedBankEntriesSchema, ...errors },
      },
      onRequest: async (request) => {
        requireFinanceStaff(request);
      },
    },
    async (request) => {
      requireFinanceStaff(request);
      const { list, offset, limit } = request.query;
      const page = await bankStatements.list(list, offset, limit);
      return {
        count: page.count,
        next: nextOffset(offset, limit, page.count),
        results: page.results.map((entry) => ({ ...creditAnswer(entry), importedAt: entry.importedAt })),
      };
    },
  );
}
