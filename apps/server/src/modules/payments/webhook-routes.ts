/**
 * `POST /api/payments/datatrans/webhook/`: Datatrans tells us a transaction changed. The body
 * is read raw (the signature covers its bytes), verified, and only its transaction id is used:
 * what happened is read back from Datatrans (decision 230). Answered 200 once handled, so
 * Datatrans stops retrying; 503 when Datatrans itself cannot be asked, so it retries.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBodySchema } from '@marktgasse/shared';
import { badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import type { TwintSignals } from './twint-signals.ts';
import { verifyDatatransSignature } from './webhook-signature.ts';

const received = z.object({ received: z.literal(true), outcome: z.string() });

function transactionIdOf(raw: Buffer): string {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  const id = (body as { transactionId?: unknown } | null)?.transactionId;
  if (typeof id !== 'string' || !/^[\w-]{1,64}$/.test(id))
    throw badRequest('The webhook names no transaction.');
  return id;
}

export async function datatransWebhookRoutes(
  app: FastifyInstance,
  hmacKey: string | undefined,
  signals: TwintSignals,
): Promise<void> {
  // In this scope JSON arrives as bytes: the signature is over exactly what was sent.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/api/payments/datatrans/webhook/',
    {
      schema: {
        tags: ['payments'],
        summary: 'Datatrans webhook (signed): a TWINT transaction changed',
        response: { 200: received, 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request: FastifyRequest) => {
      // Without a sign key no webhook can be believed: the route is as good as absent.
      if (!hmacKey) throw notFound(`There is no ${request.method} ${request.url.split('?')[0]}.`);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['datatrans-signature'];
      if (!verifyDatatransSignature(typeof header === 'string' ? header : undefined, raw, hmacKey))
        throw unauthorized('The webhook signature is not valid.');
      const result = await signals.handle(transactionIdOf(raw));
      return { received: true as const, outcome: result.outcome };
    },
  );
}
