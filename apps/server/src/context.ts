import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { TokenService } from './lib/tokens.ts';
import type { Limits } from './lib/rate-limiter.ts';
import type { MediaStorage } from './modules/media/storage.ts';
import type { ReadCache } from './lib/read-cache.ts';
import type { CallerCache } from './modules/accounts/caller-cache.ts';

/** What every module receives: configuration and the shared services, created once in app.ts. */
export interface AppContext {
  config: Config;
  database: Database;
  tokens: TokenService;
  /** Every rate limit (lib/rate-limiter.ts). */
  limits: Limits;
  media: MediaStorage;
  cache: ReadCache;
  /** The authenticated caller of a request, remembered briefly (accounts/caller-cache.ts). */
  callers: CallerCache;
}
