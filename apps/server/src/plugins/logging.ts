/**
 * How the server logs (decision 201): JSON lines in production and under tests (for machines),
 * one readable line per request for a person at a terminal (pino-pretty, LOG_FORMAT=pretty,
 * the default of a development start on a TTY). Secrets never reach the log in either form.
 */
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from '../config/env.ts';

const redact = {
  paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.access'],
  censor: '[redacted]',
};

/** Fastify's two lines per request (incoming, completed) as one: `GET /api/products/ 200 3 ms`. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = `${request.method} ${request.url} ${reply.statusCode} ${reply.elapsedTime.toFixed(0)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}

/** Fastify's `logger` and `logController` options for the configuration. */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (config.LOG_LEVEL === 'silent') return { logger: false };
  if (config.LOG_FORMAT === 'json') return { logger: { level: config.LOG_LEVEL, redact } };
  return {
    logger: {
      level: config.LOG_LEVEL,
      redact,
      transport: {
        target: 'pino-pretty',
        options: { singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId' },
      },
    },
    logController: new OneLinePerRequest(),
  };
}
