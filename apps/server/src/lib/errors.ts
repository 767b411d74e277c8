/**
 * Services throw an AppError with a code and a sentence a person understands; one handler
 * (plugins/errors.ts) maps codes to HTTP statuses and to {"detail": …}.
 */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_LARGE'
  | 'UNSUPPORTED_MEDIA'
  | 'TOO_MANY'
  | 'UNAVAILABLE';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_LARGE: 413,
  UNSUPPORTED_MEDIA: 415,
  TOO_MANY: 429,
  UNAVAILABLE: 503,
};

export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** More fields of the answer beside `detail` (e.g. `otp_required`). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export const badRequest = (message: string, fieldErrors?: FieldError[]) =>
  new AppError('BAD_REQUEST', message, fieldErrors);
export const unauthorized = (message = 'Authentication credentials were not provided or are invalid.') =>
  new AppError('UNAUTHORIZED', message);
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  new AppError('FORBIDDEN', message);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const tooLarge = (message: string) => new AppError('TOO_LARGE', message);
export const unsupportedMedia = (message: string) => new AppError('UNSUPPORTED_MEDIA', message);
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError('TOO_MANY', message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
