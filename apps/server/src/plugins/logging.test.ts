import { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logging.ts';

describe('log format', () => {
  it('writes JSON lines (Fastify’s own request lines) when asked for json, nothing when silent', () => {
    const json = loggerOptions({ LOG_LEVEL: 'info', LOG_FORMAT: 'json' });
    expect(json.logController).toBeUndefined();
    expect(json.logger).toMatchObject({ level: 'info' });
    expect(JSON.stringify(json.logger)).not.toContain('pino-pretty');
    expect(loggerOptions({ LOG_LEVEL: 'silent', LOG_FORMAT: 'pretty' })).toEqual({ logger: false });
  });

  it('writes one readable line per request when pretty', () => {
    const pretty = loggerOptions({ LOG_LEVEL: 'debug', LOG_FORMAT: 'pretty' });
    expect(pretty.logController).toBeInstanceOf(LogController);
    expect(pretty.logger).toMatchObject({ level: 'debug', transport: { target: 'pino-pretty' } });
  });
});
