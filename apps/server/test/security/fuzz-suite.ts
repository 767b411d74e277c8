/**
 * Property-based fuzzing through app.inject, shared by the fast run in `npm test` and the long
 * run in `npm run test:reliability`. Every route of the route table is fuzzed, starting from
 * the valid request of its authorization-matrix entry (URL, body, and a role allowed to use
 * it), with odd path ids, odd query strings and mutated or replaced bodies. Properties: no 5xx;
 * every error body is JSON with a string `detail`; a refused write changes nothing in the
 * database (fingerprint of every table).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { multipart } from '../fixtures.ts';
import { buildWorld, dbFingerprint, routeTable, type Role, type World } from '../security-fixtures.ts';
import { HIDDEN, MATRIX, type Expected } from './matrix.ts';

type Json = unknown;
interface FuzzInput {
  id: string | null;
  query: string | null;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: Json }
    | { kind: 'raw'; text: string; type: string }
    | { kind: 'multipart'; fields: Record<string, string | string[]>; truncate: boolean };
}

const weird = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '0x1F',
  '٣',
  '１２',
  '%00',
  '\u0000',
  '\ud800',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '${7*7}',
  '__proto__',
  'constructor',
  '9'.repeat(40),
  'é'.repeat(5000),
  'x'.repeat(70_000),
);

const oddValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: weird },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 2, arbitrary: fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: -3, max: 1200 }) },
  { weight: 2, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { maxLength: 5 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  },
  { weight: 1, arbitrary: fc.nat({ max: 40 }).map((n) => 'ab€'.repeat(n * 250)) },
);

const oddId = fc.oneof(
  weird,
  fc.integer({ min: -1000, max: 3_000_000_000 }).map(String),
  fc.double().map(String),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.nat({ max: 60 }).map(String),
);

function mutatedObject(template: Record<string, unknown>): fc.Arbitrary<Json> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(template)) {
    fields[key] = fc.oneof(
      { weight: 3, arbitrary: fc.constant(value) },
      { weight: 3, arbitrary: oddValue },
      { weight: 1, arbitrary: fc.constant(undefined) },
      ...(Array.isArray(value) && value[0] && typeof value[0] === 'object'
        ? [
            {
              weight: 2,
              arbitrary: fc.array(mutatedObject(value[0] as Record<string, unknown>), { maxLength: 3 }),
            },
          ]
        : []),
      ...(value && typeof value === 'object' && !Array.isArray(value)
        ? [{ weight: 2, arbitrary: mutatedObject(value as Record<string, unknown>) }]
        : []),
    );
  }
  return fc
    .tuple(fc.record(fields), fc.dictionary(fc.string({ maxLength: 12 }), oddValue, { maxKeys: 3 }))
    .map(([base, extra]) => ({ ...extra, ...base }));
}

function bodyArbitrary(template: unknown): fc.Arbitrary<FuzzInput['body']> {
  const json = (a: fc.Arbitrary<Json>) => a.map((value) => ({ kind: 'json' as const, value }));
  const options: { weight: number; arbitrary: fc.Arbitrary<FuzzInput['body']> }[] = [
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
    { weight: 2, arbitrary: json(fc.jsonValue({ maxDepth: 3 })) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.oneof(
          fc.string({ unit: 'binary', maxLength: 80 }),
          fc.constantFrom(
            '{',
            '{"a":',
            '[1,',
            'nul',
            '{"__proto__":{"x":1}}',
            '{"constructor":{"prototype":{"x":1}}}',
          ),
        ),
        type: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
        ),
      }),
    },
  ];
  if (template && typeof template === 'object' && !Array.isArray(template)) {
    options.push({ weight: 8, arbitrary: json(mutatedObject(template as Record<string, unknown>)) });
    const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
    options.push({
      weight: 2,
      arbitrary: fc
        .tuple(mutatedObject(template as Record<string, unknown>), fc.boolean())
        .map(([value, truncate]) => {
          const fields: Record<string, string | string[]> = {};
          for (const [k, v] of Object.entries((value ?? {}) as Record<string, unknown>)) {
            if (v === undefined) continue;
            fields[k.replace(/["\r\n]/g, '_') || '_'] = Array.isArray(v) ? v.map(text) : text(v);
          }
          return { kind: 'multipart' as const, fields, truncate: truncate && Object.keys(fields).length > 0 };
        }),
    });
  }
  return fc.oneof(...options);
}

function queryArbitrary(template: URLSearchParams): fc.Arbitrary<string | null> {
  const keys = [
    ...new Set([...template.keys(), 'limit', 'offset', 'type', 'search_string', 'category', 'q']),
  ];
  const value = fc.oneof(
    weird,
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.integer().map(String),
    fc.constant(''),
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(null) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.subarray(keys),
          fc.array(value, { minLength: keys.length, maxLength: keys.length }),
          fc.dictionary(fc.string({ maxLength: 8 }), value, { maxKeys: 2 }),
          fc.boolean(),
        )
        .map(([chosen, values, extra, keepTemplate]) => {
          const q = new URLSearchParams(keepTemplate ? template : undefined);
          chosen.forEach((k, i) => q.set(k, String(values[i])));
          for (const [k, v] of Object.entries(extra)) q.append(k, String(v));
          return q.toString();
        }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'limit=1&limit=2',
        'a[b]=1&a[c]=2',
        '%',
        'x=%ZZ',
        'type[]=products',
        '&&&',
        '=',
        'limit=%00',
        '__proto__[x]=1',
      ),
    },
  );
}

/** Percent-encodes a path segment; lone surrogates (which encodeURIComponent refuses) go as their UTF-8 replacement bytes. */
function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  }
}

const isTwoXX = (e: Expected) =>
  typeof e === 'number' ? e >= 200 && e < 300 : e.some((s) => s >= 200 && s < 300);
/** Owners first: a role that may use the route, so that fuzzing reaches the validation. */
const PREFERRED: Role[] = ['sellerS', 'customerA', 'staff', 'customerB', 'sellerT', 'anonymous'];
/** Run after all others (they revoke or delete the fuzzing roles). */
const LAST = [
  'PUT /api/orders/:id/pay',
  'DELETE /api/stores/:id',
  'DELETE /api/products/:id',
  'POST /api/users/logout',
  'DELETE /api/users/:id',
];

/**
 * The seed of this run: FUZZ_SEED when set (to run a reported failure's requests again), else
 * a new one. Printed at the start and named in every failure.
 */
export function fuzzSeed(source: string | undefined = process.env.FUZZ_SEED): number {
  if (source === undefined || source.trim() === '') return Math.floor(Math.random() * 2 ** 31);
  const seed = Number(source);
  if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be a whole number, not ${source}`);
  return seed;
}

export interface FuzzTotals {
  cases: number;
  endpoints: number;
}

/** Which endpoints a file fuzzes: every `count`-th of them from the `index`-th (0-based). */
export interface FuzzShard {
  index: number;
  count: number;
}

export function fuzzSuite(
  runsPerEndpoint: number,
  totals: FuzzTotals = { cases: 0, endpoints: 0 },
  shard: FuzzShard = { index: 0, count: 1 },
): FuzzTotals {
  let w: World;
  let baseline: Record<string, string>;
  const seed = fuzzSeed();
  beforeAll(async () => {
    console.info(`fuzzing with FUZZ_SEED=${seed} (set it to generate the same requests again)`);
    w = await buildWorld();
    baseline = await dbFingerprint(w.t);
  });
  afterAll(async () => {
    await w?.t.close();
    console.info(
      `fuzzing: ${totals.cases} generated requests over ${totals.endpoints} endpoints (${runsPerEndpoint} per endpoint)`,
    );
  });

  // One file of a run split in shards says it for all: the routes of the app are the same.
  if (shard.index === 0)
    it('has a matrix entry (the valid request) for every route it fuzzes', () => {
      const missing = routeTable(w.app)
        .map((r) => `${r.method} ${r.url}`)
        .filter((k) => !HIDDEN.some((h) => h.pattern.test(k)) && !MATRIX[k]);
      expect(missing).toEqual([]);
    });

  // Each shard fuzzes in a world of its own, so the routes that end the fuzzing roles (LAST) still
  // come last in it.
  const keys = Object.keys(MATRIX)
    .sort((a, b) => LAST.indexOf(a) - LAST.indexOf(b))
    .filter((_, i) => i % shard.count === shard.index);
  for (const key of keys) {
    it(`${key}: ${runsPerEndpoint} generated requests, no 5xx, a detail on every error, refused writes change nothing`, async () => {
      const present = routeTable(w.app).some((r) => `${r.method} ${r.url}` === key);
      if (!present) return; // the route is not registered (yet): nothing to fuzz
      totals.endpoints += 1;
      const [method] = key.split(' ') as ['GET'];
      const base = MATRIX[key]![0]!;
      const role = PREFERRED.find((r) => isTwoXX(base.expect[r])) ?? 'sellerS';
      const validUrl = new URL(await base.url(w, role), 'http://x');
      let template = base.body?.(w, role);
      if (key === 'POST /api/users/login') template = { username: 'fuzz-nobody', password: 'fuzz password' };
      baseline = await dbFingerprint(w.t); // the valid URL may have created a fresh object
      const hasId = /\/:id(\/|$)/.test(key);
      const write = method !== 'GET';
      const arb: fc.Arbitrary<FuzzInput> = fc.record({
        id: hasId ? fc.option(oddId, { freq: 2 }) : fc.constant(null),
        query: queryArbitrary(validUrl.searchParams),
        body: write ? bodyArbitrary(template) : fc.constant({ kind: 'none' as const }),
      });
      const failures: string[] = [];
      try {
        await fc.assert(
          fc.asyncProperty(arb, async (input) => {
            totals.cases += 1;
            let pathname = validUrl.pathname;
            if (input.id !== null) {
              const segments = key.split(' ')[1]!.split('/');
              const idIndex = segments.indexOf(':id');
              const parts = pathname.split('/');
              parts[idIndex] = encodeSegment(input.id);
              pathname = parts.join('/');
            }
            const url = input.query === null ? `${pathname}${validUrl.search}` : `${pathname}?${input.query}`;
            const headers: Record<string, string> = { ...w.headers(role) };
            let payload: string | undefined;
            if (input.body.kind === 'json') {
              payload = JSON.stringify(input.body.value);
              if (payload !== undefined) headers['content-type'] = 'application/json';
            } else if (input.body.kind === 'multipart') {
              const form = multipart(input.body.fields);
              payload = form.payload.toString('utf8');
              if (input.body.truncate) payload = payload.slice(0, Math.floor(payload.length / 2));
              headers['content-type'] = form.headers['content-type'];
            } else if (input.body.kind === 'raw') {
              payload = input.body.text;
              headers['content-type'] = input.body.type;
            }
            const res = await w.app.inject({
              method,
              url,
              headers,
              ...(payload !== undefined ? { payload } : {}),
            });
            const where = `${method} ${url.slice(0, 120)} ${payload?.slice(0, 160) ?? ''} → ${res.statusCode} ${res.body.slice(0, 200)}`;
            if (res.statusCode >= 500) failures.push(`5xx: ${where}`);
            if (res.statusCode >= 400) {
              let detail: unknown;
              try {
                detail = (JSON.parse(res.body) as { detail?: unknown }).detail;
              } catch {
                detail = undefined;
              }
              if (typeof detail !== 'string') failures.push(`no detail: ${where}`);
            }
            // A logout that went through revoked the role's token: log in again (that write is ours).
            if (res.statusCode === 204 && key === 'POST /api/users/logout' && role !== 'anonymous')
              await w.relogin(role);
            if (write) {
              const now = await dbFingerprint(w.t);
              if (res.statusCode >= 400) {
                const changed = Object.keys(now).filter((t) => now[t] !== baseline[t]);
                if (changed.length) failures.push(`refused write changed ${changed.join(', ')}: ${where}`);
              }
              baseline = now;
            }
            return failures.length === 0;
          }),
          { numRuns: runsPerEndpoint, endOnFailure: true, seed },
        );
      } catch (error) {
        if (failures.length === 0) throw error;
      }
      expect(failures, `FUZZ_SEED=${seed} generates these requests again`).toEqual([]);
    }, 1_800_000);
  }
  return totals;
}
