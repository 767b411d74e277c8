/**
 * The one API client. Adds the bearer token when signed in (public searches pass
 * `auth: false`), sends JSON or FormData, and turns failures into ApiError carrying the
 * server's `detail` (or the generic request message).
 */
import { useSession } from '../stores/session';
import { useI18n } from '../i18n';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: { field: string; message: string }[] = [],
    /** The whole answer body (e.g. a staff sign-in's `otp_required` and `enrolment`). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const GENERIC_ERROR = 'Request failed. Please check your connection and try again.';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  /** Send the bearer token (default: when signed in). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // The server answers its messages (`detail`) in the chosen language.
  const headers: Record<string, string> = {
    ...options.headers,
    accept: 'application/json',
    'accept-language': useI18n.getState().locale,
  };
  const token = useSession.getState().userInfo?.access;
  if (token && options.auth !== false) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, GENERIC_ERROR);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const detail = (data as { detail?: unknown } | undefined)?.detail;
    const errors = (data as { errors?: { field: string; message: string }[] } | undefined)?.errors ?? [];
    if (response.status === 401 && token && options.auth !== false) useSession.getState().expire();
    throw new ApiError(response.status, typeof detail === 'string' ? detail : GENERIC_ERROR, errors, data);
  }
  // A staff token is short-lived and renewed by each admin answer (server decision 205).
  const renewed = response.headers.get('x-access-token');
  const info = useSession.getState().userInfo;
  if (renewed && info && token) useSession.getState().login({ ...info, access: renewed });
  return data as T;
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return GENERIC_ERROR;
}
