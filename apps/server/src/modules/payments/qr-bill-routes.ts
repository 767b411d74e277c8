/**
 * `GET /api/orders/{id}/qr-bill/`: the QR-bill PDF of an invoice order, for its customer only
 * (anyone else: 404, as for the order itself). The order comes from the orders side, injected.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorBodySchema, idParams } from '@marktgasse/shared';
import type { Config } from '../../config/env.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { idParam } from '../../lib/validation.ts';
import { requireUser } from '../../plugins/auth.ts';
import { platformAccount, renderQrBillPdf, type InvoiceOrder } from './qr-bill.ts';

export interface InvoiceBills {
  /** The caller's invoice order as the bill prints it; null for a missing, foreign or non-invoice order. */
  findForCustomer(orderId: number, customerId: number): Promise<InvoiceOrder | null>;
}

export const unwiredInvoiceBills: InvoiceBills = { findForCustomer: async () => null };

export async function qrBillRoutes(app: FastifyInstance, config: Config, bills: InvoiceBills): Promise<void> {
  // Not through the zod type provider: the answer is bytes, not a schema'd object.
  app.get<{ Params: { id: string } }>(
    '/api/orders/:id/qr-bill/',
    {
      schema: {
        tags: ['orders'],
        summary: 'The QR-bill (PDF) of an invoice order, in the order’s language (its customer only)',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
      },
      preValidation: async (request: FastifyRequest) => {
        requireUser(request);
      },
    },
    async (request, reply) => {
      const caller = requireUser(request);
      const id = idParam(request.params.id, 'order');
      const order = await bills.findForCustomer(id, caller.id);
      if (!order) throw notFound(`Order ${id} was not found.`);
      const account = platformAccount(config);
      if (!account) throw conflict('Invoice payments are not configured on this server.');
      const pdf = await renderQrBillPdf(order, account);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="marktgasse-qr-bill-${id}.pdf"`)
        .send(pdf);
    },
  );
}
