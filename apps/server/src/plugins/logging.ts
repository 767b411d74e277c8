/**
 * How the server logs (decision 201): JSON lines in production and under tests (for machines),
 * one readable line per request for a person at a terminal (pino-pretty, LOG_FORMAT=pretty,
 * the default of a development start on a TTY). Secrets never reach the log in either form.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Config } from '../config/env.ts';

const redact = {
  paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.access'],
  censor: '[redacted]',
};

/** Fastify's `logger` and `disableRequestLogging` options for the configuration. */
export function loggerOptions(
  config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>,
): Pick<FastifyServerOptions, 'logger' | 'disableRequestLogging'> {
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
    // Fastify's two lines per request (incoming, completed) become the one of oneLinePerRequest.
    disableRequestLogging: true,
  };
}

/** With readable logs: one line per answered request, `GET /api/products/ 200 3 ms`. */
export function oneLinePerRequest(app: FastifyInstance, config: Pick<Config, 'LOG_LEVEL' | 'LOG_FORMAT'>) {
  if (config.LOG_LEVEL === 'silent' || config.LOG_FORMAT === 'json') return;
  app.addHook('onResponse', async (request, reply) => {
    const ms = reply.elapsedTime.toFixed(0);
    request.log.info(`${request.method} ${request.url} ${reply.statusCode} ${ms} ms`);
  });
}
