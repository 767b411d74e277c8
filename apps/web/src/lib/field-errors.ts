/**
 * Form errors, one way for every form. The form's own checks run the shared zod schemas and turn
 * each issue into a message key by the rule it broke (its code, never its English wording); the
 * server's field errors arrive in the user's language already (decision 100) and are shown as
 * they are.
 */
import { ApiError } from './api-client';
import type { Translate, TranslateVars } from '../i18n';

/** A message key with its values (translated when shown), or a text already translated. */
export type FieldMessage = { key: string; vars?: TranslateVars } | { text: string };
export type FieldErrors<F extends string> = Partial<Record<F, FieldMessage>>;

export type Rule = 'required' | 'tooShort' | 'tooLong' | 'tooSmall' | 'tooBig' | 'format' | 'invalid';

/** Per field, the message key for each rule it can break; `other` for the rest. */
export type FieldMessageKeys<F extends string> = Record<F, Partial<Record<Rule, string>> & { other: string }>;

/** The parts of a zod issue that say which rule was broken. */
export interface IssueLike {
  code?: string;
  path: readonly PropertyKey[];
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  params?: { rule?: unknown };
}

export function issueRule(issue: IssueLike): Rule {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin !== 'string') return 'tooSmall';
      return Number(issue.minimum) <= 1 ? 'required' : 'tooShort';
    case 'too_big':
      return issue.origin === 'string' ? 'tooLong' : 'tooBig';
    case 'invalid_type':
      return 'required';
    case 'invalid_format':
      return 'format';
    case 'custom':
      // Custom refusals name their rule (e.g. the shared price schema).
      return typeof issue.params?.rule === 'string' ? (issue.params.rule as Rule) : 'invalid';
    default:
      return 'invalid';
  }
}

/** The first issue of each field as its message. Issues of fields the table does not name are left out. */
export function schemaErrors<F extends string>(
  issues: readonly IssueLike[],
  keys: FieldMessageKeys<F>,
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as F;
    if (!Object.hasOwn(keys, field) || errors[field]) continue;
    const rule = issueRule(issue);
    const vars: TranslateVars = {};
    if (typeof issue.maximum === 'number') vars.max = issue.maximum;
    if (typeof issue.minimum === 'number') vars.min = issue.minimum;
    errors[field] = { key: keys[field][rule] ?? keys[field].other, vars };
  }
  return errors;
}

/** The server's field errors for the fields a form has (the first per field); empty when it sent none. */
export function serverFieldErrors<F extends string>(error: unknown, fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const { field, message } of error.fieldErrors)
    if ((fields as readonly string[]).includes(field)) errors[field as F] ??= { text: message };
  return errors;
}

export function messageText(t: Translate, message: FieldMessage | undefined): string | undefined {
  if (!message) return undefined;
  return 'text' in message ? message.text : t(message.key, message.vars);
}
