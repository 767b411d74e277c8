import type { z } from 'zod';
import { badRequest, type FieldError } from './errors.ts';

/** The `detail` of a validation failure: the first field and its message, and how many more failed. */
export function describeFieldErrors(errors: FieldError[]): string {
  const first = errors[0];
  if (!first) return 'The request is not valid.';
  const rest = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return `${first.field}: ${first.message}${rest}`;
}

/** Validates a plain object (e.g. multipart fields) with a shared zod schema; 400 with field messages otherwise. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || 'body',
    message: issue.message,
  }));
  throw badRequest(describeFieldErrors(errors), errors);
}

/** A positive integer id from a path parameter; 400 for anything else (an unknown id is a 404 later). */
export function idParam(value: unknown, what: string): number {
  const text = String(value ?? '');
  if (!/^\d{1,9}$/.test(text) || Number(text) <= 0)
    throw badRequest(`"${text.slice(0, 40)}" is not a valid ${what} id.`);
  return Number(text);
}
