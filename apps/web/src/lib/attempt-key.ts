import { ApiError } from './api-client';

/**
 * One `Idempotency-Key` per checkout attempt (server decision 173): the same order sent again
 * (a retry after a lost answer) carries the same key, so the server answers the first order
 * instead of placing a second; a changed order is a new attempt with a new key.
 */
export function newAttemptKey(): string {
  // randomUUID exists only in secure contexts (https, localhost); getRandomValues everywhere.
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

export interface AttemptKeys {
  /** The key for this request body: the previous one while the body is unchanged. */
  keyFor(body: unknown): string;
  /** The attempt ended with an answer (placed, or refused): the next request is a new attempt. */
  settle(): void;
}

export function attemptKeys(make: () => string = newAttemptKey): AttemptKeys {
  let current: { body: string; key: string } | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body);
      if (current?.body !== text) current = { body: text, key: make() };
      return current.key;
    },
    settle() {
      current = null;
    },
  };
}

/** No answer arrived (network) or the server could not answer: the request may or may not have taken effect. */
export const unanswered = (error: unknown) =>
  error instanceof ApiError && (error.status === 0 || error.status >= 500);
