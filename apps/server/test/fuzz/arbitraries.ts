/**
 * fast-check arbitraries for the route fuzz suite (issue 14): hostile values, bodies generated from a
 * route's own zod schema (as JSON Schema) and "almost valid" mutations of them, path params and query
 * strings. Bodies are produced as JSON text, so keys such as `__proto__` and numbers JSON.stringify
 * cannot write (1e400) reach the server exactly as an attacker would send them.
 */
import fc from 'fast-check';
import { z } from 'zod';

/** encodeURIComponent that does not throw on a lone surrogate (it becomes U+FFFD, as a browser sends it). */
export const encode = (s: string) =>
  encodeURIComponent(
    s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );

/** A number written as raw JSON text (1e400, -0, 1.0000000000000000001). */
export class RawNumber {
  constructor(readonly text: string) {}
}

/** JSON text of a value built by these arbitraries (own keys only, RawNumber written as is). */
export function toJsonText(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** An object with exactly these own keys (`__proto__` included as a plain key). */
export const objectOf = (entries: [string, unknown][]) =>
  Object.fromEntries(entries) as Record<string, unknown>;

const EXTREME_DATES = [
  '0000-01-01T00:00:00Z',
  '0000-01-01',
  '0001-01-01T00:00:00Z',
  '1000-01-01T00:00:00Z',
  '1899-12-31T23:59:59Z',
  '1969-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00Z',
  '2026-02-30T10:00:00Z',
  '2026-13-01T10:00:00Z',
  '2027-01-01T24:00:00Z',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59+14:00',
  '+010000-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
  '+275760-09-13T00:00:00.001Z',
  '-000001-01-01T00:00:00Z',
  '-271821-04-20T00:00:00Z',
  '2026-06-01T10:00:00+23:59',
  '2026-06-01T10:00:00-23:59',
  '2026-06-01T10:00:00.123456789Z',
  '2026-06-01',
  '10:00',
  '8640000000000001',
];

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000\u0000\u0000',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '-0',
  '0x1F',
  '0b11',
  '1_000',
  '١٢٣',
  '9007199254740993',
  '99999999999999999999999',
  '-2147483649',
  '2147483648',
  '1.5',
  '.5',
  '5.',
  'null',
  'undefined',
  'true',
  'false',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '../../../etc/passwd',
  '..',
  '%00',
  '%',
  '%zz',
  '\\',
  '"',
  "'",
  '`',
  '\uD800',
  '\uDFFF',
  '\uFFFE',
  '\uFEFF',
  '\u202E',
  '\u200B',
  'e\u0301',
  '😀',
  '👩‍👩‍👧‍👦',
  'Ω≈ç√∫',
  '\r\n',
  '\t',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  "x' OR '1'='1",
  '${7*7}',
  '{{7*7}}',
  'x@example.com',
  '4355551234',
  '84770',
  '00000',
  ...EXTREME_DATES,
];

/** Half of a surrogate pair, alone. */
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** Long strings, up to 10k characters (the body limit is 1 MiB). */
const hugeString = fc
  .tuple(fc.integer({ min: 256, max: 10_000 }), fc.constantFrom('a', 'é', '😀', ' ', '\u0000', '9', '%'))
  .map(([n, c]) => c.repeat(n));

export const oddString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  // Lone UTF-16 surrogates (half an emoji): jsonb refuses them, which once answered 500 (issue 23).
  { weight: 1, arbitrary: fc.string({ unit: loneSurrogate, minLength: 1, maxLength: 4 }) },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) },
);

export const oddNumber: fc.Arbitrary<number | RawNumber> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    1,
    0.1,
    0.005,
    1.005,
    -0.01,
    1e-7,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    -Number.MAX_SAFE_INTEGER,
    1e21,
    1e308,
    -1e308,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc
    .constantFrom('1e400', '-1e400', '-0', '1.0000000000000000001', '123456789012345678901234567890')
    .map((t) => new RawNumber(t)),
);

const oddKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', '', '\u0000', 'id', 'userId', '0'),
  fc.string({ maxLength: 12 }),
);

/** Any hostile JSON value: odd strings and numbers, booleans, null, small arrays and objects. */
export const oddValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 4, arbitrary: oddString },
    { weight: 3, arbitrary: oddNumber },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(oddKey, tie('value')), { maxLength: 4 }).map(objectOf),
    },
  ),
})).value;

/** Values a field named like an id, a time or an email is likely to be checked against. */
export interface Pools {
  /** Ids of rows that exist (vendors, users, bookings, orders, addresses, calendars...). */
  ids: number[];
  /** Strings that name rows (payment intent ids, confirmation ids, place ids). */
  tokens: string[];
}

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
};

/** A zod schema as JSON Schema of its input; null when it cannot be written as one. */
export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return null;
  }
}

const idLike = (key: string) => /(^id$|Id$|_id$|^id_)/.test(key);
const timeLike = (key: string) => /(At|_at|Time|_time|date|Date)$/.test(key);

/** Valid-looking values for a JSON Schema: what the route is likely to accept. */
export function arbFromSchema(
  schema: JsonSchema | null | undefined,
  pools: Pools,
  key = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  const idArb = fc.constantFrom(...pools.ids);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return fc.oneof(...alternatives.map((s) => arbFromSchema(s, pools, key, depth + 1)));
  if (schema.allOf?.length) return arbFromSchema(schema.allOf[0], pools, key, depth + 1);
  const types = [schema.type ?? []].flat();
  const type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined);
  switch (type) {
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      const parts = props.map(([k, s]) => {
        const value = arbFromSchema(s, pools, k, depth + 1);
        return required.has(k)
          ? value.map((v) => [[k, v]] as [string, unknown][])
          : fc
              .option(value, { freq: 3, nil: undefined })
              .map((v) => (v === undefined ? [] : [[k, v]]) as [string, unknown][]);
      });
      const extra =
        props.length === 0 && schema.additionalProperties && schema.additionalProperties !== true
          ? fc.array(
              fc.tuple(
                fc.oneof(idArb.map(String), fc.string({ maxLength: 8 })),
                arbFromSchema(schema.additionalProperties, pools, '', depth + 1),
              ),
              { maxLength: 4 },
            )
          : fc.constant([] as [string, unknown][]);
      return fc.tuple(fc.tuple(...parts), extra).map(([ps, ex]) => objectOf([...ps.flat(), ...ex]));
    }
    case 'array': {
      if (schema.prefixItems)
        return fc.tuple(...schema.prefixItems.map((s) => arbFromSchema(s, pools, key, depth + 1)));
      return fc.array(arbFromSchema(schema.items, pools, key, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    }
    case 'integer':
    case 'number': {
      if (idLike(key)) return idArb;
      const min =
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
      const max =
        schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 100_000);
      const lo = Math.max(Math.ceil(min), -1_000_000);
      const hi = Math.min(Math.floor(max), 1_000_000);
      const ints = hi >= lo ? fc.integer({ min: lo, max: hi }) : fc.constant(lo);
      return type === 'integer'
        ? ints
        : fc.oneof(
            ints,
            ints.map((n) => n / 100),
          );
    }
    case 'boolean':
      return fc.boolean();
    case 'string': {
      if (idLike(key)) return fc.oneof(idArb.map(String), fc.constantFrom(...pools.tokens));
      if (schema.format === 'date-time' || timeLike(key))
        return fc
          .date({
            min: new Date('2020-01-01T00:00:00Z'),
            max: new Date('2030-01-01T00:00:00Z'),
            noInvalidDate: true,
          })
          .map((d) => new Date(Math.round(d.getTime() / 900_000) * 900_000).toISOString());
      if (schema.format === 'date') return fc.constantFrom('2026-06-01', '2027-01-15');
      if (schema.format === 'email' || /email/i.test(key))
        return fc.constantFrom('casey@example.com', 'vendor-fuzz@example.com', 'nobody@example.com');
      if (/phone/i.test(key)) return fc.constant('4355551234');
      if (/zip/i.test(key)) return fc.constant('84770');
      if (/password/i.test(key)) return fc.constantFrom('Password123!', 'NewPassword456!');
      const maxLength = Math.min(schema.maxLength ?? 30, 30);
      const minLength = Math.min(schema.minLength ?? 0, maxLength);
      return fc.string({ minLength, maxLength });
    }
    default:
      // unknown / any: a plausible scalar.
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer({ min: 0, max: 100 }), fc.boolean());
  }
}

/** Every path into a JSON value (object keys and array indexes), the root included as []. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []) {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (value !== null && typeof value === 'object' && !(value instanceof RawNumber))
    for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
}

type Mutation = 'replace' | 'delete' | 'add-key' | 'wrap-array' | 'to-string' | 'nest-deep' | 'nul' | 'date';

/** A copy of `value` with the node at `path` changed by `op`. */
function mutateAt(
  value: unknown,
  path: (string | number)[],
  op: Mutation,
  extra: unknown,
  key: string,
): unknown {
  if (path.length === 0) {
    switch (op) {
      case 'replace':
        return extra;
      case 'delete':
        return {};
      case 'add-key':
        return value !== null && typeof value === 'object' && !Array.isArray(value)
          ? objectOf([...Object.entries(value), [key, extra]])
          : objectOf([[key, extra]]);
      case 'wrap-array':
        return [value];
      case 'to-string':
        return typeof value === 'object' ? toJsonText(value) : String(value);
      case 'nul':
        // PostgreSQL text cannot hold U+0000 (issue 14, finding 4): into a string, or as one.
        return typeof value === 'string' ? `${value.slice(0, 3)}\u0000${value.slice(3)}` : 'a\u0000';
      case 'date':
        return key;
      case 'nest-deep': {
        let v: unknown = value;
        for (let i = 0; i < 2000; i++) v = [v];
        return v;
      }
    }
  }
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && op === 'delete') copy.splice(Number(head), 1);
    else copy[Number(head)] = mutateAt(copy[Number(head)], rest, op, extra, key);
    return copy;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (rest.length === 0 && op === 'delete') return objectOf(entries.filter(([k]) => k !== head));
  return objectOf(entries.map(([k, v]) => [k, k === head ? mutateAt(v, rest, op, extra, key) : v]));
}

const isContainer = (v: unknown) => v !== null && typeof v === 'object' && !(v instanceof RawNumber);
const valueAt = (v: unknown, path: (string | number)[]) =>
  path.reduce<unknown>((node, k) => (node as Record<string, unknown>)[k as string], v);

/** "Almost valid": one node of a valid-looking body changed into something hostile. */
export function mutated(base: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .record({
      base,
      pick: fc.nat(),
      op: fc.constantFrom<Mutation>(
        'replace',
        'replace',
        'replace',
        'replace',
        'delete',
        'add-key',
        'add-key',
        'wrap-array',
        'to-string',
        'nest-deep',
        'nul',
        'nul',
        'date',
        'date',
      ),
      extra: oddValue,
      key: oddKey,
      date: fc.constantFrom(...EXTREME_DATES),
    })
    .map(({ base: value, pick, op, extra, key, date }) => {
      const paths = pathsOf(value);
      // nul and date aim at the leaves (strings, numbers): where text and times reach the database.
      const leaves =
        op === 'nul' || op === 'date' ? paths.filter((p) => !isContainer(valueAt(value, p))) : [];
      const targets = leaves.length ? leaves : paths;
      return mutateAt(value, targets[pick % targets.length]!, op, extra, op === 'date' ? date : key);
    });
}

/** A request body: JSON text and its content type, or nothing. */
export interface BodyCase {
  contentType: string | null;
  text: string | null;
}

const json = (value: unknown): BodyCase => ({ contentType: 'application/json', text: toJsonText(value) });

/** Every string under a time-like key (appointmentAt, start_time...) set to `date`. */
function withTimes(value: unknown, date: string): unknown {
  if (Array.isArray(value)) return value.map((v) => withTimes(v, date));
  if (value === null || typeof value !== 'object' || value instanceof RawNumber) return value;
  return objectOf(
    Object.entries(value).map(([k, v]) => [
      k,
      timeLike(k) && typeof v === 'string' ? date : withTimes(v, date),
    ]),
  );
}

/** Bodies for a route: valid-looking, mutated, with extreme times, random JSON, and some not JSON at all. */
export function bodyArb(valid: fc.Arbitrary<unknown>): fc.Arbitrary<BodyCase> {
  return fc.oneof(
    { weight: 2, arbitrary: valid.map(json) },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.constantFrom(...EXTREME_DATES)).map(([v, d]) => json(withTimes(v, d))),
    },
    { weight: 6, arbitrary: mutated(valid).map(json) },
    { weight: 2, arbitrary: oddValue.map(json) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constant<BodyCase>({ contentType: null, text: null }),
        fc.constant<BodyCase>({ contentType: 'application/json', text: '' }),
        fc.constant<BodyCase>({ contentType: 'application/json', text: '{"a":' }),
        fc.constant<BodyCase>({ contentType: 'application/json', text: '{"__proto__":{"isOperator":true}}' }),
        fc.constant<BodyCase>({ contentType: 'application/json', text: '{"a":1,"a":2}' }),
        fc.constant<BodyCase>({
          contentType: 'application/json',
          text: `${'['.repeat(5000)}${']'.repeat(5000)}`,
        }),
        fc.constant<BodyCase>({ contentType: 'application/json; charset=latin1', text: '{}' }),
        fc.constant<BodyCase>({ contentType: 'text/plain', text: 'hello' }),
        fc.constant<BodyCase>({ contentType: 'application/x-www-form-urlencoded', text: 'a=1&a=2&b[c]=3' }),
        fc.constant<BodyCase>({ contentType: 'multipart/form-data; boundary=x', text: '--x\r\n\r\n' }),
        fc.constant<BodyCase>({ contentType: 'application/xml', text: '<a/>' }),
      ),
    },
  );
}

const ODD_PARAMS = [
  '0',
  '-1',
  '00001',
  '1.5',
  '1e3',
  '0x10',
  '2147483647',
  '2147483648',
  '4294967296',
  '9223372036854775807',
  '9223372036854775808',
  '99999999999999999999999999',
  '-9223372036854775809',
  'NaN',
  'Infinity',
  'null',
  'abc',
  '..',
  '.',
  '__proto__',
  'constructor',
  'é',
  '😀',
  ' ',
  '\u0000',
  '1\u0000',
  '%',
  '%zz',
  '1;DROP',
  'a/b',
  '1?x=1',
  '1#x',
  'x'.repeat(2000),
];

/** A path param: an id that exists, or something odd. `raw` values go into the URL unencoded. */
export function paramArb(pools: Pools, likely: string[] = []): fc.Arbitrary<{ value: string; raw: boolean }> {
  return fc.oneof(
    ...(likely.length
      ? [{ weight: 4, arbitrary: fc.constantFrom(...likely).map((value) => ({ value, raw: false })) }]
      : []),
    { weight: 4, arbitrary: fc.constantFrom(...pools.ids).map((id) => ({ value: String(id), raw: false })) },
    { weight: 1, arbitrary: fc.constantFrom(...pools.tokens).map((t) => ({ value: t, raw: false })) },
    { weight: 3, arbitrary: fc.constantFrom(...ODD_PARAMS).map((v) => ({ value: v, raw: false })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('..', '%', '%zz', '%00', '%2e%2e', '%C0%AE')
        .map((v) => ({ value: v, raw: true })),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((v) => ({ value: v, raw: false })) },
  );
}

/** A query string: the route's own keys and some others, values odd, keys repeated or bracketed. */
export function queryArb(keys: string[], valid: fc.Arbitrary<unknown>, pools: Pools): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 4, arbitrary: keys.length ? fc.constantFrom(...keys) : fc.constant('q') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__',
        'constructor',
        'filter',
        'cursor',
        'limit',
        'page',
        'a[b]',
        'a[]',
        '',
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  const value = fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...pools.ids).map(String) },
    { weight: 3, arbitrary: oddString.filter((s) => s.length < 3000) },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  const pair = fc
    .tuple(key, value, fc.boolean(), fc.constantFrom('', '[]', '[0]', '[x]'))
    .map(([k, v, escape, suffix]) => {
      const name = (escape ? encode(k) : k) + suffix;
      return v === null ? name : `${name}=${escape ? encode(v) : v.replace(/[#&\s]/g, encodeURIComponent)}`;
    });
  const fromValid = valid.map((v) =>
    v !== null && typeof v === 'object'
      ? Object.entries(v)
          .map(([k, x]) => `${encode(k)}=${encode(typeof x === 'string' ? x : toJsonText(x))}`)
          .join('&')
      : '',
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 2, arbitrary: fromValid },
    { weight: 4, arbitrary: fc.array(pair, { minLength: 1, maxLength: 5 }).map((ps) => ps.join('&')) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fromValid, fc.array(pair, { maxLength: 3 }))
        .map(([a, ps]) => [a, ...ps].filter(Boolean).join('&')),
    },
  );
}
