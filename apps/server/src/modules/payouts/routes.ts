/** Payout runs (staff, finance): create, the bank file, booked as executed (decision 226). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParams, moneySchema, payoutRunSchema, rappenToDecimal } from '@marktgasse/shared';
import type { AppContext } from '../../context.ts';
import { idParam } from '../../lib/validation.ts';
import { financeOnly, requireFinanceStaff } from '../ledger/staff.ts';
import { PayoutsService } from './service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const bearer = [{ bearer: [] }];

const executedSchema = z.object({
  id: z.number().int(),
  executedAt: z.string().nullable(),
  transfers: z.array(z.object({ seller: z.number().int(), amount: moneySchema, iban: z.string() })),
});

/** One transfer of a run as the answers show it. */
const transferAnswer = (t: { sellerId: number; amountRappen: number; iban: string }) => ({
  seller: t.sellerId,
  amount: rappenToDecimal(t.amountRappen),
  iban: t.iban,
});

const createSchema = {
  tags: ['ledger'],
  summary: 'A payout run: one transfer per seller whose available balance reaches PAYOUT_MINIMUM_CHF',
  security: bearer,
  response: { 201: payoutRunSchema, ...errors },
};
const pain001Schema = {
  tags: ['ledger'],
  summary: 'The run’s ISO 20022 pain.001.001.09 credit-transfer file for the bank',
  security: bearer,
  params: idParams,
  response: { 200: z.string(), ...errors },
};
const executedRouteSchema = {
  tags: ['ledger'],
  summary: 'Book the run’s transfers as paid out (the bank carried out the file); repeatable',
  security: bearer,
  params: idParams,
  response: { 200: executedSchema, ...errors },
};

export async function payoutsRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = new PayoutsService(ctx);

  app.post(
    '/api/admin/payouts/',
    { schema: createSchema, preValidation: financeOnly },
    async (request, reply) => {
      const caller = requireFinanceStaff(request);
      const run = await service.createRun(caller.id, new Date(), request.ip);
      return reply.status(201).send({
        id: run.id,
        transfers: run.transfers.map(transferAnswer),
        skipped: run.skipped.map((s) => ({ seller: s.sellerId, reason: s.reason })),
      });
    },
  );

  app.get(
    '/api/admin/payouts/:id/pain001/',
    { schema: pain001Schema, preValidation: financeOnly },
    async (request, reply) => {
      requireFinanceStaff(request);
      const id = idParam(request.params.id, 'payout run');
      const xml = await service.pain001(id);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="marktgasse-payout-${id}.xml"`)
        .serializer((payload: string) => payload)
        .send(xml);
    },
  );

  app.put(
    '/api/admin/payouts/:id/executed/',
    { schema: executedRouteSchema, preValidation: financeOnly },
    async (request) => {
      const caller = requireFinanceStaff(request);
      const id = idParam(request.params.id, 'payout run');
      const run = await service.markExecuted(id, new Date(), { staffId: caller.id, address: request.ip });
      return {
        id: run.id,
        executedAt: run.executedAt?.toISOString() ?? null,
        transfers: run.transfers.map(transferAnswer),
      };
    },
  );
}
