/**
 * The customer's receipt (PDF, or JSON with `Accept: application/json`) and credit notes of a
 * paid order (decision 235). The order's customer only; anyone else gets 404.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { creditNoteSchema, errorBodySchema, idParams, receiptSchema } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { CONTENT_LANGUAGE } from '../../i18n/translate.ts';
import { idParam } from '../../lib/validation.ts';
import { requireUser } from '../../plugins/auth.ts';
import { creditNotePdf } from './credit-note-pdf.ts';
import { RECEIPT_LABELS, receiptLocale } from './labels.ts';
import { receiptPdf } from './receipt-pdf.ts';
import { receiptAnswer, ReceiptsService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const bearer = [{ bearer: [] }];
const creditNoteParams = idParams.extend({ refund: z.string().max(20) });
const signedIn = async (request: FastifyRequest) => {
  requireUser(request);
};

/** JSON when the caller asks for it and does not ask for the PDF. */
function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('application/pdf');
}

export async function receiptRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new ReceiptsService(ctx);
  const platform = {
    name: ctx.config.PLATFORM_NAME,
    address: ctx.config.PLATFORM_ADDRESS,
    vatNumber: ctx.config.PLATFORM_VAT_NUMBER,
  };

  app.get(
    '/api/orders/:id/receipt/',
    {
      schema: {
        tags: ['orders'],
        summary:
          'The receipt of a paid order in the platform’s name with the VAT per rate: PDF in the order’s language, or JSON with Accept: application/json (409 while unpaid)',
        security: bearer,
        params: idParams,
        response: { 200: receiptSchema, ...errors },
      },
      preValidation: signedIn,
    },
    async (request, reply) => {
      const data = await service.receipt(requireUser(request), idParam(request.params.id, 'order'));
      const language = receiptLocale(data.locale);
      const answer = receiptAnswer(data, platform, RECEIPT_LABELS[language].shipping);
      reply.header('vary', 'Accept');
      if (wantsJson(request)) return answer;
      const pdf = await receiptPdf(answer, language);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="receipt-${answer.number}.pdf"`)
        .header('content-language', CONTENT_LANGUAGE[language])
        .send(pdf as never);
    },
  );

  creditNoteRoutes(root, service, platform);
}

type Supplier = { name: string; address: string; vatNumber: string };

/** The credit notes of a paid order: the list, and one as PDF or JSON (decision 280). */
function creditNoteRoutes(root: FastifyInstance, service: ReceiptsService, platform: Supplier): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/orders/:id/credit-notes/',
    {
      schema: {
        tags: ['orders'],
        summary: 'The credit notes of a paid order: one per completed refund, each referencing the receipt',
        security: bearer,
        params: idParams,
        response: { 200: z.array(creditNoteSchema), ...errors },
      },
      preValidation: signedIn,
    },
    async (request) => service.creditNotes(requireUser(request), idParam(request.params.id, 'order')),
  );

  app.get(
    '/api/orders/:id/credit-notes/:refund/',
    {
      schema: {
        tags: ['orders'],
        summary:
          'One credit note (by its refund id) as PDF in the order’s language, in the platform’s name, or JSON with Accept: application/json',
        security: bearer,
        params: creditNoteParams,
        response: { 200: creditNoteSchema, ...errors },
      },
      preValidation: signedIn,
    },
    async (request, reply) => {
      const orderId = idParam(request.params.id, 'order');
      const refundId = idParam(request.params.refund, 'refund');
      const { note, data } = await service.creditNote(requireUser(request), orderId, refundId);
      reply.header('vary', 'Accept');
      if (wantsJson(request)) return note;
      const language = receiptLocale(data.locale);
      const pdf = await creditNotePdf(
        { note, order: orderId, supplier: platform, buyer: data.buyer },
        language,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="credit-note-${note.number}.pdf"`)
        .header('content-language', CONTENT_LANGUAGE[language])
        .send(pdf as never);
    },
  );
}
