/** Staff money reports under /api/admin/ledger/… (decision 236), guarded like the trial balance. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  commissionReportSchema,
  errorBodySchema,
  quarterQuerySchema,
  reconciliationSchema,
  vatReportSchema,
  yearQuerySchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../../context.ts';
import { financeOnly } from '../staff.ts';
import { commissionReport, reconciliation, vatReport } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };
const bearer = [{ bearer: [] }];

export async function ledgerReportRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  app.get(
    '/api/admin/ledger/vat-report/',
    {
      schema: {
        tags: ['ledger'],
        summary:
          'VAT per rate of a quarter (?quarter=2026-Q4): taxable turnover and VAT, credit notes deducted (staff)',
        security: bearer,
        querystring: quarterQuerySchema,
        response: { 200: vatReportSchema, ...errors },
      },
      preValidation: financeOnly,
    },
    async (request) => vatReport(db, request.query.quarter),
  );

  app.get(
    '/api/admin/ledger/commission/',
    {
      schema: {
        tags: ['ledger'],
        summary: 'Commission revenue per month of a year (?year=2026), net of commission returned (staff)',
        security: bearer,
        querystring: yearQuerySchema,
        response: { 200: commissionReportSchema, ...errors },
      },
      preValidation: financeOnly,
    },
    async (request) => commissionReport(db, request.query.year),
  );

  app.get(
    '/api/admin/ledger/reconciliation/',
    {
      schema: {
        tags: ['ledger'],
        summary: 'The journal against the provider’s captures and refunds: anything unmatched listed (staff)',
        security: bearer,
        response: { 200: reconciliationSchema, ...errors },
      },
      preValidation: financeOnly,
    },
    async () => reconciliation(db),
  );
}
