import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { issueRule, messageText, schemaErrors, serverFieldErrors } from './field-errors';

const schema = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(5),
  code: z.string().min(3),
  count: z.coerce.number().min(1).max(9),
  phone: z.string().regex(/^\d*$/),
});
const issues = (input: unknown) => schema.safeParse(input).error?.issues ?? [];

describe('schema issues as message keys', () => {
  it('read the broken rule from the issue, not from its wording', () => {
    const [empty, short, low, letters] = issues({ name: '', code: 'ab', count: 0, phone: 'x' });
    expect([empty, short, low, letters].map((i) => issueRule(i!))).toEqual([
      'required',
      'tooShort',
      'tooSmall',
      'format',
    ]);
    const [long] = issues({ name: 'abcdef', code: 'abc', count: 1, phone: '' });
    const [high] = issues({ name: 'a', code: 'abc', count: 10, phone: '' });
    expect(issueRule(long!)).toBe('tooLong');
    expect(issueRule(high!)).toBe('tooBig');
    expect(issueRule({ code: 'custom', path: ['price'], params: { rule: 'tooBig' } })).toBe('tooBig');
    expect(issueRule({ code: 'custom', path: ['x'] })).toBe('invalid');
  });

  it('keep the first issue of each field, with its limit', () => {
    const found = schemaErrors(issues({ name: 'abcdef', code: 'abc', count: 0, phone: '' }), {
      name: { other: 'f.name', tooLong: 'f.nameMax' },
      count: { other: 'f.count' },
    });
    expect(found).toEqual({
      name: { key: 'f.nameMax', vars: { max: 5 } },
      count: { key: 'f.count', vars: { min: 1 } },
    });
    const t = (key: string, vars?: Record<string, string | number>) => `${key}(${vars?.max ?? ''})`;
    expect(messageText(t, found.name)).toBe('f.nameMax(5)');
    expect(messageText(t, { text: 'Vom Server.' })).toBe('Vom Server.');
    expect(messageText(t, undefined)).toBeUndefined();
  });
});

describe('server field errors', () => {
  it('land on the fields the form has, as the server worded them', () => {
    const error = new ApiError(400, 'Check the form.', [
      { field: 'name', message: 'Name fehlt.' },
      { field: 'name', message: 'Second message.' },
      { field: 'owner', message: 'Not a field of the form.' },
    ]);
    expect(serverFieldErrors(error, ['name', 'phone'] as const)).toEqual({ name: { text: 'Name fehlt.' } });
    expect(serverFieldErrors(new ApiError(409, 'Conflict.'), ['name'] as const)).toEqual({});
    expect(serverFieldErrors(new Error('offline'), ['name'] as const)).toEqual({});
  });
});
