/**
 * The app factory: builds a Fastify instance with every plugin and module, on a database
 * that the caller opened (so tests and the server share one path). `build()` in tests and
 * `server.ts` in production both come through here.
 */
import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import multipart from '@fastify/multipart';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import { MAX_IMAGE_BYTES } from '@marktgasse/shared';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { AppContext } from './context.ts';
import { TokenService } from './lib/tokens.ts';
import { usePasswordHashCost } from './lib/passwords.ts';
import { RedisCacheBus } from './lib/cache-bus.ts';
import { CallerCache } from './modules/accounts/caller-cache.ts';
import { createLimits } from './lib/rate-limiter.ts';
import { ReadCache } from './lib/read-cache.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './plugins/errors.ts';
import { i18n } from './plugins/i18n.ts';
import { loggerOptions } from './plugins/logging.ts';
import { registerAuth } from './plugins/auth.ts';
import { securityHeaders } from './plugins/security.ts';
import { createMediaStorage } from './modules/media/create-storage.ts';
import type { MediaStorage } from './modules/media/storage.ts';
import { mediaRoutes } from './modules/media/routes.ts';
import { AccountsRepo } from './modules/accounts/repo.ts';
import { accountsRoutes } from './modules/accounts/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { storesRoutes } from './modules/stores/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { productListPage, sellerProductList } from './modules/search/lists.ts';
import { geoRoutes } from './modules/geo/routes.ts';
import { ordersRoutes } from './modules/orders/routes.ts';
import { orderPaymentPorts } from './modules/orders/payment-ports.ts';
import { orderServicesFor } from './modules/orders/services.ts';
import { paymentsRoutes, type PaymentsDeps } from './modules/payments/routes.ts';
import { ledgerRoutes } from './modules/ledger/routes.ts';
import { payoutsRoutes } from './modules/payouts/routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { moderationRoutes } from './modules/moderation/routes.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { supportRoutes } from './modules/support/routes.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { webRoutes } from './modules/pages/web.ts';
import { receiptRoutes } from './modules/receipts/routes.ts';
import { ledgerReportRoutes } from './modules/ledger/reports/routes.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Serve the built web app from apps/web/dist (the server does; API tests don't need it). */
  serveWeb?: boolean;
  media?: MediaStorage;
  /** An HTTP server made beforehand (server.ts binds the port before it opens the database). */
  serverFactory?: FastifyServerFactory;
  /** The orders side of invoice payments (tests inject one; issue 27 wires the real one). */
  payments?: Partial<PaymentsDeps>;
}

/** The shared services every module receives (context.ts), and the cache bus between processes. */
async function createContext(options: BuildOptions) {
  const { config, database } = options;
  usePasswordHashCost(config.PASSWORD_HASH_COST);
  const media = options.media ?? createMediaStorage(config);
  const limits = createLimits(config);
  const ctx: AppContext = {
    config,
    database,
    tokens: new TokenService(config.JWT_SECRET, config.JWT_TTL_MINUTES, config.STAFF_TOKEN_IDLE_MINUTES),
    limits,
    media,
    // Cached answers live on past their lifetime while nothing is written (decision 195).
    cache: new ReadCache(5_000, config.READ_CACHE_MB * 1024 * 1024, 5_000, () => database.writeClock.read()),
    callers: new CallerCache(new AccountsRepo(database.db), config.CALLER_CACHE_MS),
  };
  const cacheBus = config.REDIS_URL
    ? new RedisCacheBus(config.REDIS_URL, {
        catalogueChanged: () => ctx.cache.forget(),
        callerChanged: (userId) => ctx.callers.forgetHere(userId),
      })
    : null;
  if (cacheBus) {
    ctx.cache.onInvalidate = () => cacheBus.catalogueChanged();
    ctx.callers.onForget = (userId) => cacheBus.callerChanged(userId);
    await cacheBus.listening();
  }
  return { ctx, limits, cacheBus };
}

/** Languages, security headers, CORS, compression, uploads and the OpenAPI document. */
async function registerHttpPlugins(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(i18n);
  await app.register(securityHeaders, { config });
  await app.register(cors, {
    origin: config.CORS_ORIGINS ? config.CORS_ORIGINS.split(',').map((o) => o.trim()) : false,
    credentials: false,
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    // Brotli 3, as for the cached answers: from 4 on it costs a multiple for a few % (decision 151).
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } },
  });
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 60, fieldSize: 20_000, parts: 70 },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Marktgasse API',
        version: '1.0.0',
        description: 'Multi-seller marketplace for Switzerland. Money is a decimal string in CHF.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

export async function buildApp(options: BuildOptions): Promise<FastifyInstance & { ctx: AppContext }> {
  const { config } = options;
  const app = Fastify({
    ...loggerOptions(config),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY === 'true',
    // On close, idle keep-alive sockets go at once; requests in flight finish first.
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Malformed URLs and over-long parameters get the same {detail} answer and headers as any error.
    frameworkErrors: frameworkErrorHandler,
    // What Node's parser refuses (431, 408, …) answers {detail} in the caller's language too.
    clientErrorHandler,
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { ctx, limits, cacheBus } = await createContext(options);
  app.decorate('ctx', ctx);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onClose', async () => {
    await Promise.all([limits.close(), cacheBus?.close()]);
  });

  registerErrorHandling(app);
  await registerHttpPlugins(app, config);

  registerAuth(app, (token) => ctx.tokens.verify(token), ctx.callers);

  await app.register(async (scope) => healthRoutes(scope, ctx));
  await app.register(async (scope) => accountsRoutes(scope, ctx));
  await app.register(async (scope) => catalogueRoutes(scope, ctx, { productListPage, sellerProductList }));
  await app.register(async (scope) => storesRoutes(scope, ctx));
  await app.register(async (scope) => searchRoutes(scope, ctx));
  await app.register(async (scope) => geoRoutes(scope, ctx));
  await app.register(async (scope) => ordersRoutes(scope, ctx));
  await app.register(async (scope) => paymentsRoutes(scope, ctx, paymentPorts(ctx, options.payments)));
  await app.register(async (scope) => mediaRoutes(scope, ctx));
  await app.register(async (scope) => ledgerRoutes(scope, ctx));
  await app.register(async (scope) => payoutsRoutes(scope, ctx));
  await app.register(async (scope) => auditRoutes(scope, ctx));
  await app.register(async (scope) => moderationRoutes(scope, ctx));
  await app.register(async (scope) => reportsRoutes(scope, ctx));
  await app.register(async (scope) => supportRoutes(scope, ctx));
  await app.register(async (scope) => staffRoutes(scope, ctx));
  await app.register(async (scope) => receiptRoutes(scope, ctx));
  await app.register(async (scope) => ledgerReportRoutes(scope, ctx));
  if (options.serveWeb) await app.register(async (scope) => webRoutes(scope, ctx));

  return app as FastifyInstance & { ctx: AppContext };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** The payments module's ports from the orders service (decision 247); tests may replace any. */
function paymentPorts(ctx: AppContext, given: Partial<PaymentsDeps> = {}): Partial<PaymentsDeps> {
  return { ...orderPaymentPorts(ctx, orderServicesFor(ctx).capture), ...given };
}
