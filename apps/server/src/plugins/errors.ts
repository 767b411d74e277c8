/**
 * One place maps every failure to HTTP: AppError codes to their status, schema failures to
 * 400 with per-field messages, and anything unexpected to a masked 500 logged with the
 * request id. No stack trace or SQL text ever reaches a client.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldError } from '../lib/errors.ts';

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

export function describeFieldErrors(errors: FieldError[]): string {
  const first = errors[0];
  if (!first) return 'The request is not valid.';
  const rest = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return `${first.field}: ${first.message}${rest}`;
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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
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
            ? { detail: error.message, errors: error.fieldErrors }
            : { detail: error.message },
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
      } else if (
        fe.code === 'FST_REQ_FILE_TOO_LARGE' ||
        fe.code === 'FST_FILES_LIMIT' ||
        fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
      ) {
        detail = 'The upload is too large: images may be at most 5 MB.';
      } else if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        detail = 'This content type is not supported: send JSON or multipart/form-data.';
      }
      return reply.status(status).send({ detail });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ detail: 'Something went wrong on our side. Please try again.' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ detail: `There is no ${request.method} ${request.url.split('?')[0]}.` });
  });
}
