/** A seller's statements: the list, and one as JSON, CSV or PDF (decision 225). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  statementIdParams,
  statementSchema,
  statementSummarySchema,
} from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { requireSeller } from '../../plugins/auth.ts';
import { StatementsService, statementAnswer, statementCsv } from './statements.ts';
import { statementPdf } from './statement-pdf.ts';
import { AccountsService } from '../accounts/service.ts';
import { CONTENT_LANGUAGE, negotiateLanguage } from '../../i18n/translate.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const bearer = [{ bearer: [] }];

export function statementRoutes(root: FastifyInstance, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const statements = new StatementsService(ctx.database.db);
  const accounts = new AccountsService(ctx);

  app.get(
    '/api/finance/statements/',
    {
      schema: {
        tags: ['ledger'],
        summary: 'The signed-in seller’s statements: one per payout run and one per month',
        security: bearer,
        response: { 200: z.array(statementSummarySchema), ...errors },
      },
    },
    async (request) => {
      const seller = requireSeller(request);
      const list = await statements.list(seller.id);
      return list.map((s) => ({ ...s, from: s.from?.toISOString() ?? null, to: s.to.toISOString() }));
    },
  );

  app.get(
    '/api/finance/statements/:id/',
    {
      schema: {
        tags: ['ledger'],
        summary: 'One statement (id "2026-11" or "payout-12"; "….csv" for CSV, "….pdf" for PDF)',
        security: bearer,
        params: statementIdParams,
        response: { 200: statementSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id, format } = statementId(request);
      const seller = requireSeller(request);
      const data = await statements.get(seller.id, id);
      if (format === 'json') return statementAnswer(data);
      const file = `attachment; filename="statement-${id}.${format}"`;
      if (format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', file)
          .serializer((payload: string) => payload)
          .send(statementCsv(data) as never);
      }
      const name = (await accounts.getProfile(seller.id)).name;
      const language = negotiateLanguage(request.headers['accept-language']);
      const pdf = await statementPdf(data, name, ctx.config.PLATFORM_NAME, language);
      return reply
        .type('application/pdf')
        .header('content-disposition', file)
        .header('content-language', CONTENT_LANGUAGE[language])
        .header('vary', 'Accept-Language')
        .send(pdf as never);
    },
  );
}

/** "2026-11", "2026-11.csv" or "2026-11.pdf". */
function statementId(request: FastifyRequest): { id: string; format: 'json' | 'csv' | 'pdf' } {
  const raw = (request.params as { id: string }).id;
  const match = /^(.*)\.(csv|pdf)$/.exec(raw);
  return match ? { id: match[1]!, format: match[2] as 'csv' | 'pdf' } : { id: raw, format: 'json' };
}
