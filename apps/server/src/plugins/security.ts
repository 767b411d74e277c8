/**
 * Security headers on every answer, set by helmet (decision 132). The Content-Security-Policy
 * allows only what the app loads: its own scripts and styles, its own media, map tiles from
 * MAP_STYLE_URL's host when one is configured, and PayPal's SDK when PayPal is configured.
 */
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/env.ts';
import { badRequest } from '../lib/errors.ts';

/** The CSP directives (name → sources) for this configuration. */
export function cspDirectives(config: Config): Record<string, string[]> {
  const paypal = config.PAYPAL_CLIENT_ID
    ? ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com']
    : [];
  const mapOrigin = config.MAP_STYLE_URL ? [new URL(config.MAP_STYLE_URL).origin] : [];
  return {
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
}

/** True when a string anywhere in `value` holds a NUL character (PostgreSQL text cannot store it). */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Buffer.isBuffer(value)) return false;
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    if (key.includes('\u0000') || containsNul(inner, depth + 1)) return true;
  }
  return false;
}

export const securityHeaders = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const options: HelmetOptions = {
    // Only our directives: helmet's defaults add upgrade-insecure-requests, which breaks a plain-http LAN start.
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // PayPal's checkout opens as a popup that must be able to report back to the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Product images may be embedded by the CORS_ORIGINS front-ends (same-origin would block them).
    crossOriginResourcePolicy: false,
    strictTransportSecurity: config.PUBLIC_URL?.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  };
  // Built once: @fastify/helmet builds helmet again for every request, which cost about
  // 15 µs of CPU a request here, more than half of a bare route.
  const headers = helmet(options);
  // Swagger UI runs inline scripts: its pages go without a CSP.
  const docsHeaders = helmet({ ...options, contentSecurityPolicy: false });
  app.addHook('onRequest', (request, reply, done) => {
    const set = request.routeOptions.url?.startsWith('/api/docs') ? docsHeaders : headers;
    set(request.raw, reply.raw, () => done());
  });
  // A NUL character in any text input is refused up front: PostgreSQL would fail on it with a 500.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
      throw badRequest('Text may not contain NUL characters.');
    }
  });
  // Helmet has no Permissions-Policy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(self), payment=(self)');
  });
});
