/**
 * Which database failures are the database's fault rather than the request's (decision 160):
 * the server cannot reach it or it refuses connections ("unavailable"), it cannot write for
 * want of space ("disk-full"), or it stopped answering ("stalled", from the watchdog). These
 * answer 503 with Retry-After; everything else keeps its own status.
 */
export type DatabaseFaultKind = 'unavailable' | 'disk-full' | 'stalled';

/** Thrown instead of issuing a query while the watchdog holds the database for unhealthy. */
export class DatabaseUnavailableError extends Error {
  constructor(
    readonly kind: DatabaseFaultKind,
    message: string,
  ) {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Socket-level failures on the way to a PostgreSQL server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres, pg-pool and PGlite connection failures carry no code, only these words. */
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|Client was closed and is not queryable|PGlite is closed/i;

function kindOf(error: object): DatabaseFaultKind | null {
  if (error instanceof DatabaseUnavailableError) return error.kind;
  const code = (error as { code?: unknown }).code;
  const message = String((error as { message?: unknown }).message ?? '');
  if (typeof code === 'string') {
    if (code === '53100' || code === 'ENOSPC') return 'disk-full';
    // An I/O error whose cause is a full disk (PGlite reports some of these as 58030).
    if (code === '58030' && /No space left on device/i.test(message)) return 'disk-full';
    // Class 08: connection exceptions. 57P01-57P03: the server is shutting down, crashed, or
    // cannot take connections yet (starting, recovering).
    if (/^08[0-9A-Z]{3}$/.test(code) || code === '57P01' || code === '57P02' || code === '57P03')
      return 'unavailable';
    // 55000 is "object not in prerequisite state": an outage only when it is about connections.
    if (code === '55000' && /connection/i.test(message)) return 'unavailable';
    if (NETWORK_CODES.has(code)) return 'unavailable';
  }
  if (/No space left on device/i.test(message)) return 'disk-full';
  if (CONNECTION_MESSAGES.test(message)) return 'unavailable';
  return null;
}

/**
 * The fault kind of an error, looking through drizzle's wrapper (`cause`) and Node's
 * AggregateError (a refused connection to a host with two addresses), or null.
 */
export function databaseFault(error: unknown): DatabaseFaultKind | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 12) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const kind = kindOf(current);
    if (kind) return kind;
    queue.push((current as { cause?: unknown }).cause);
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner)) queue.push(...inner);
  }
  return null;
}

/** What the client reads (translated at the edge) and how long it should wait before retrying. */
export const FAULT_ANSWERS: Record<DatabaseFaultKind, { detail: string; retryAfterSeconds: number }> = {
  unavailable: {
    detail: 'The shop is briefly unavailable. Please try again in a moment.',
    retryAfterSeconds: 5,
  },
  stalled: {
    detail: 'The shop is briefly unavailable: its database is not answering. Please try again in a moment.',
    retryAfterSeconds: 10,
  },
  'disk-full': {
    detail: 'The shop cannot save anything right now: its storage is full. Please try again later.',
    retryAfterSeconds: 30,
  },
};

/** The innermost message of an error (the driver's words, never drizzle's "Failed query: <SQL>"). */
export function rootMessage(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 6; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (!cause || typeof cause !== 'object') break;
    current = cause;
  }
  const errors = (current as { errors?: unknown[] } | null)?.errors;
  if (Array.isArray(errors) && errors[0] instanceof Error) current = errors[0];
  return String((current as { message?: unknown } | null)?.message ?? current);
}

/**
 * One log line per fault kind per interval: the first failure of a kind logs at once, the
 * rest are counted and reported with the next line of that kind (an outage under load would
 * otherwise write a line, with its SQL, for every request).
 */
export class FaultLog {
  private readonly last = new Map<DatabaseFaultKind, { at: number; suppressed: number }>();

  constructor(
    private readonly intervalMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Answers the fields to log now, or null when this failure is only counted. */
  record(kind: DatabaseFaultKind): { suppressed: number } | null {
    const at = this.now();
    const previous = this.last.get(kind);
    if (previous && at - previous.at < this.intervalMs) {
      previous.suppressed += 1;
      return null;
    }
    this.last.set(kind, { at, suppressed: 0 });
    return { suppressed: previous?.suppressed ?? 0 };
  }
}
