/**
 * Security headers on every answer. The Content-Security-Policy allows only what the app
 * loads: its own scripts and styles, its own media, map tiles from MAP_STYLE_URL's host
 * when one is configured, and PayPal's SDK when PayPal is configured.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import { badRequest } from '../lib/errors.ts';

export function contentSecurityPolicy(config: Config): string {
  const paypal = config.PAYPAL_CLIENT_ID
    ? ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com']
    : [];
  const mapOrigin = config.MAP_STYLE_URL ? [new URL(config.MAP_STYLE_URL).origin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...paypal],
    // React-Bootstrap transitions and MapLibre set inline style attributes.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...paypal, ...mapOrigin],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...paypal, ...mapOrigin],
    'worker-src': ["'self'", 'blob:'],
    'child-src': ["'self'", 'blob:'],
    'frame-src': paypal.length ? paypal : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** True when a string anywhere in `value` holds a NUL character (PostgreSQL text cannot store it). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes('\u0000') || containsNul(inner, depth + 1)) return true;
  }
  return false;
}

export const securityHeaders = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const csp = contentSecurityPolicy(config);
  // A NUL character in any text input is refused up front: PostgreSQL would fail on it with a 500.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
      throw badRequest('Text may not contain NUL characters.');
    }
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(self), payment=(self)');
    if (config.PUBLIC_URL?.startsWith('https://'))
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/docs')) return;
    reply.header('content-security-policy', csp);
  });
});
