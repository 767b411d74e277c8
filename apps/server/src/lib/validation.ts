import type { z } from 'zod';
import { badRequest, type FieldError } from './errors.ts';
import { describeFieldErrors } from '../plugins/errors.ts';

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

/** A positive integer id from a path parameter; 404 for anything else, as an unknown id is. */
export function idParam(value: unknown, what: string): number {
  const text = String(value ?? '');
  if (!/^\d{1,9}$/.test(text) || Number(text) <= 0)
    throw Object.assign(badRequest(`"${text.slice(0, 40)}" is not a valid ${what} id.`));
  return Number(text);
}
