/**
 * One place maps every failure to HTTP: AppError codes to their status, schema failures to
 * 400 with per-field messages, a database outage, full disk or stall to 503 with Retry-After
 * (decision 160), and anything unexpected to a masked 500 logged with the request id. No
 * stack trace or SQL text ever reaches a client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isUniqueViolation, pgErrorCode } from '../db/client.ts';
import { databaseFault, FAULT_ANSWERS, FaultLog, rootMessage } from '../db/outage.ts';
import { IMAGE_TOO_LARGE_MESSAGE } from '@marktgasse/shared';
import { AppError, type FieldError } from '../lib/errors.ts';
import { describeFieldErrors } from '../lib/validation.ts';

interface ZodIssueLike {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function fieldErrorsFrom(validation: ZodIssueLike[], context: string | undefined): FieldError[] {
  return validation.map((v) => {
    const pathParts = v.params?.issue?.path ?? [];
    const field =
      pathParts.length > 0
        ? pathParts.map(String).join('.')
        : (v.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || (context ?? 'body');
    return { field, message: v.params?.issue?.message ?? v.message ?? 'Invalid value.' };
  });
}

const STATUS_SENTENCES: Record<number, string> = {
  400: 'The request is not valid.',
  401: 'Authentication credentials were not provided or are invalid.',
  403: 'You do not have permission to perform this action.',
  404: 'Not found.',
  405: 'This method is not allowed here.',
  406: 'The requested format is not available.',
  411: 'A request body length is required.',
  413: 'The request is too large.',
  414: 'The address is too long.',
  415: 'This content type is not supported.',
  429: 'Too many requests. Please wait a moment and try again.',
};

/**
 * A safety net for client data that slipped past a schema and was refused by the database:
 * class 22 (data exception: a number out of the integer range, a NUL character, a bad date),
 * a foreign key to nothing, a unique or check violation. These are the client's mistakes, so
 * they answer 4xx; they are still logged (warn) so that the missing validation gets fixed.
 */
function databaseClientError(error: unknown): { status: number; detail: string } | null {
  const code = pgErrorCode(error);
  if (!code) return null;
  if (code.startsWith('22'))
    return { status: 400, detail: 'A value in the request is out of range or not valid.' };
  if (code === '23503')
    return { status: 400, detail: 'The request refers to something that does not exist.' };
  if (isUniqueViolation(error)) return { status: 409, detail: 'This exists already.' };
  if (code === '23514') return { status: 409, detail: 'This change is not possible with the current data.' };
  return null;
}

/** A malformed multipart body (busboy's own errors carry no code). */
function isMalformedMultipart(error: Error): boolean {
  return (
    /^(Unexpected end of (form|multipart data)|Malformed part header|Multipart: Boundary not found)/.test(
      error.message ?? '',
    ) || Boolean(error.stack?.includes(`${'/'}busboy${'/'}`))
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  // One line per kind of database fault per 10 s, however many requests fail meanwhile.
  const faults = new FaultLog(10_000);
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      if (error.status === 404 && request.user) {
        // Someone else's order or seller order answers 404: an authenticated caller probing ids shows here.
        request.log.info(
          { audit: 'not-found-for-user', status: 404, url: request.url, userId: request.user.id },
          error.message,
        );
      }
      if (error.status === 401 || error.status === 403) {
        request.log.warn(
          {
            audit: 'access-refused',
            status: error.status,
            url: request.url,
            userId: request.user?.id ?? null,
          },
          error.message,
        );
      }
      return reply
        .status(error.status)
        .send(
          error.fieldErrors
            ? { detail: error.message, errors: error.fieldErrors, ...error.extra }
            : { detail: error.message, ...error.extra },
        );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrorsFrom(
        error.validation as ZodIssueLike[],
        (error as FastifyError).validationContext,
      );
      return reply.status(400).send({ detail: describeFieldErrors(errors), errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its schema');
      return reply.status(500).send({ detail: 'Something went wrong on our side. Please try again.' });
    }
    const fe = error as FastifyError;
    const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500;
    if (status >= 400 && status < 500) {
      let detail = STATUS_SENTENCES[status] ?? 'The request could not be processed.';
      if (
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
        fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
        error instanceof SyntaxError
      ) {
        detail = 'The request body is not valid JSON.';
      } else if (fe.code === 'FST_REQ_FILE_TOO_LARGE') {
        detail = IMAGE_TOO_LARGE_MESSAGE;
      } else if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        detail = 'This content type is not supported: send JSON or multipart/form-data.';
      }
      return reply.status(status).send({ detail });
    }
    const fault = databaseFault(error);
    if (fault) {
      const logged = faults.record(fault);
      if (logged)
        request.log.error(
          { fault, cause: rootMessage(error), suppressedSinceLastLine: logged.suppressed, url: request.url },
          `database ${fault}: answering 503`,
        );
      const answer = FAULT_ANSWERS[fault];
      return reply
        .status(503)
        .header('retry-after', String(answer.retryAfterSeconds))
        .send({ detail: answer.detail });
    }
    const fromDatabase = databaseClientError(error);
    if (fromDatabase) {
      request.log.warn(
        { err: error, audit: 'client-data-refused-by-database' },
        'database refused client data',
      );
      return reply.status(fromDatabase.status).send({ detail: fromDatabase.detail });
    }
    if (isMalformedMultipart(error)) {
      request.log.warn({ err: error }, 'malformed multipart body');
      return reply.status(400).send({ detail: 'The multipart body is malformed.' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ detail: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ detail: `There is no ${request.method} ${request.url.split('?')[0]}.` });
  });
}

/**
 * For Fastify's `frameworkErrors` option (set in app.ts): a malformed URL (bad percent
 * encoding, FST_ERR_BAD_URL) or an over-long path parameter (FST_ERR_MAX_PARAM_LENGTH) is
 * otherwise answered by Fastify itself, without `detail` and without the security headers.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
    .status(tooLong ? 414 : 400)
    .send({ detail: tooLong ? 'A part of the address is too long.' : 'The address is not valid.' });
}
