/**
 * One place maps every failure to HTTP: AppError codes to their status, schema failures to
 * 400 with per-field messages, a database outage, full disk or stall to 503 with Retry-After
 * (decision 160), and anything unexpected to a masked 500 logged with the request id. No
 * stack trace or SQL text ever reaches a client.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isUniqueViolation, pgErrorCode } from '../db/client.ts';
import { databaseFault, FAULT_ANSWERS, FaultLog, rootMessage } from '../db/outage.ts';
import { IMAGE_TOO_LARGE_MESSAGE } from '@marktgasse/shared';
import { AppError, type FieldError } from '../lib/errors.ts';
import { describeFieldErrors } from '../lib/validation.ts';
import { CONTENT_LANGUAGE, negotiateLanguage, translateDetail } from '../i18n/translate.ts';

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

/** A typed error of a service: its status and `{detail}`; refusals and probing are logged for the audit. */
function answerAppError(error: AppError, request: FastifyRequest, reply: FastifyReply) {
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

/** The sentence for a 4xx that Fastify itself raised (a body it could not read, say). */
function frameworkClientDetail(fe: FastifyError, error: Error, status: number): string {
  if (
    fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error instanceof SyntaxError
  )
    return 'The request body is not valid JSON.';
  if (fe.code === 'FST_REQ_FILE_TOO_LARGE') return IMAGE_TOO_LARGE_MESSAGE;
  if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return 'This content type is not supported: send JSON or multipart/form-data.';
  return STATUS_SENTENCES[status] ?? 'The request could not be processed.';
}

/** What no rule above answered: a database fault (503), data the database refused, a bad multipart body, or a 500. */
function answerOtherError(error: Error, request: FastifyRequest, reply: FastifyReply, faults: FaultLog) {
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
}

export function registerErrorHandling(app: FastifyInstance): void {
  // One line per kind of database fault per 10 s, however many requests fail meanwhile.
  const faults = new FaultLog(10_000);
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) return answerAppError(error, request, reply);
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
    if (status >= 400 && status < 500)
      return reply.status(status).send({ detail: frameworkClientDetail(fe, error, status) });
    return answerOtherError(error, request, reply, faults);
  });

  const routes = apiRoutePatterns(app);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    // A path that exists with other methods: 405 naming them, not a 404 that says it does not exist.
    const allowed = routes.methodsFor(path);
    if (allowed.length > 0) {
      return reply.status(405).header('allow', allowed.join(', ')).send({ detail: STATUS_SENTENCES[405] });
    }
    return reply.status(404).send({ detail: `There is no ${request.method} ${path}.` });
  });
}

/** The API's routes as path patterns (parameters and wildcards as "any segment"), collected as they are added. */
function apiRoutePatterns(app: FastifyInstance) {
  const patterns: { method: string; pattern: RegExp }[] = [];
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  app.addHook('onRoute', (route) => {
    // Admin routes answer an unknown method like a missing route: a 405 would tell they exist.
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/admin') || route.url.includes('*'))
      return;
    const source = trim(route.url)
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    for (const method of [route.method].flat()) patterns.push({ method, pattern: new RegExp(`^${source}$`) });
  });
  return {
    methodsFor(path: string): string[] {
      const wanted = trim(path);
      return [...new Set(patterns.filter((p) => p.pattern.test(wanted)).map((p) => p.method))];
    },
  };
}

/** Node's parser error: `rawPacket` is the Buffer it was reading (typed otherwise by Fastify). */
interface ParserError extends Error {
  code?: string;
  rawPacket?: unknown;
}

/** What the parser had read of the request, as text ('' when nothing). */
function packetText(error: ParserError): string {
  return Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
}

/** What Node's HTTP parser refused before Fastify saw a request, as our status and sentence. */
function clientErrorAnswer(error: ParserError): { status: number; detail: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, detail: 'The request did not arrive in time. Please try again.' };
  }
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The request line alone took most of the room: the address is what is too long.
    const head = packetText(error);
    const lineEnd = head.indexOf('\r\n');
    const lineLength = lineEnd === -1 ? head.length : lineEnd;
    return lineLength > http.maxHeaderSize / 2
      ? { status: 414, detail: STATUS_SENTENCES[414]! }
      : { status: 431, detail: 'The request headers are too large.' };
  }
  return { status: 400, detail: STATUS_SENTENCES[400]! };
}

/** The Accept-Language of a request that was refused while its headers were read (if it got that far). */
function acceptLanguageOf(error: ParserError, socket: Socket): string | undefined {
  const found = /\r\naccept-language:[ \t]*([^\r\n]{0,200})/i.exec(packetText(error))?.[1];
  if (found) return found;
  const incoming = (socket as { parser?: { incoming?: http.IncomingMessage } }).parser?.incoming;
  const header = incoming?.headers['accept-language'];
  return typeof header === 'string' ? header : undefined;
}

/**
 * For Fastify's `clientErrorHandler` (set in app.ts): what Node's HTTP parser refuses before
 * Fastify sees a request (431 headers too large, 414 an address too long for the parser, 408
 * a request that did not arrive in time, 400 anything malformed) answers `{"detail"}` in the
 * caller's language, like every other error, instead of Fastify's `{"error","message"}`.
 */
export function clientErrorHandler(error: ParserError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, detail } = clientErrorAnswer(error);
  const language = negotiateLanguage(acceptLanguageOf(error, socket));
  const text = language === 'en' ? detail : (translateDetail(detail, language) ?? detail);
  const body = JSON.stringify({ detail: text });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Language: ${CONTENT_LANGUAGE[language]}\r\nX-Content-Type-Options: nosniff\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
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
