import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/** A JSON Schema as zod writes it for a route's params, querystring or body (the subset we read). */
export type JsonSchema = {
  type?: string | string[];
  enum?: readonly unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: readonly string[];
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
  allOf?: readonly JsonSchema[];
  nullable?: boolean;
  default?: unknown;
};

/** One registered route as the fuzz sees it: where it is and what its schemas say it takes. */
export type FuzzRoute = {
  method: string;
  url: string;
  params: JsonSchema | undefined;
  querystring: JsonSchema | undefined;
  body: JsonSchema | undefined;
};

/** Zod schemas (our routes) become JSON Schema; plain JSON Schemas (plugins' routes) are kept. */
function toJsonSchema(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  if (schema instanceof z.ZodType) {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  }
  return schema;
}

/** What an onRoute hook sees, kept per method (Fastify also reports the HEAD twin of each GET). */
export function fuzzRoutesOf(route: RouteOptions): FuzzRoute[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  return methods.map((method) => ({
    method: String(method).toUpperCase(),
    url: route.url,
    params: toJsonSchema(schema.params),
    querystring: toJsonSchema(schema.querystring),
    body: toJsonSchema(schema.body),
  }));
}

/* ----------------------------------------------------------------------------------------------
 * Hostile values. Each is something a client can send that has crashed real servers: numbers and
 * dates at or past what JavaScript or PostgreSQL hold, NaN-like text, NUL bytes and lone
 * surrogates (PostgreSQL rejects them in text), over-long text, prototype keys, nested junk.
 * -------------------------------------------------------------------------------------------- */

export const EXTREME_DATES = [
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '1970-01-01',
  '2024-02-29',
  '2023-02-29',
  '2026-13-01',
  '9999-12-31',
  '+275760-09-13',
  '-271821-04-20',
  '-000001-01-01',
  '2026-01-01T00:00:00Z',
  '1e10',
];

const HOSTILE_TEXT = [
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '-1',
  '-0',
  '0',
  '1.5',
  '0x1F',
  '9007199254740993',
  '99999999999999999999999',
  '-9223372036854775809',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  'a\u0000b',
  '\u0000',
  '\uD800',
  'x\uDFFFy',
  '\uFFFE',
  '\u202Egnp.exe',
  '😀🏳️‍🌈👩‍👩‍👧',
  'ＦＵＬＬＷＩＤＴＨ',
  'İıß',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'pi_test_000000000000000000000000',
  'pm_test_000000000000000000000000',
  'SH-0',
  'SH-99999999999999999999',
  'x'.repeat(201),
  'é'.repeat(600),
  ...EXTREME_DATES,
];

const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1.000000001,
  -1e-7,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e21,
  -1e21,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

/** Bodies that are not what JSON.stringify makes of an object. */
const HOSTILE_RAW_BODIES = [
  '{"__proto__":{"isAdmin":true,"isEmailVerified":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1,"a":2}',
  '{',
  '}',
  '',
  'null',
  'true',
  '"text"',
  '1e999',
  '[]',
  `${'['.repeat(3_000)}${']'.repeat(3_000)}`,
  `{"x":"${'y'.repeat(110 * 1024)}"}`,
  '\uFEFF{}',
  '{"x":"\\u0000"}',
  '{"x":"\\ud800"}',
];

export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__proto__[isAdmin]',
  'constructor[prototype][x]',
];

export type Known = { strings: readonly string[] };

const hostileText = fc.constantFrom(...HOSTILE_TEXT);

function anyText(known: Known): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: hostileText },
    { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 200, maxLength: 1_500 }) },
    { weight: 3, arbitrary: fc.constantFrom(...known.strings) },
  );
}

/** Any JSON value at all: the wrong type for whatever the schema asked. */
function junk(known: Known): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 3, arbitrary: anyText(known) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.constantFrom(...PROTOTYPE_KEYS, 'isAdmin', 'userId'), fc.jsonValue({ maxDepth: 2 })),
    },
  );
}

const typesOf = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

function textFor(schema: JsonSchema, known: Known): fc.Arbitrary<string> {
  if (schema.format === 'date' || schema.format === 'date-time') {
    return fc.oneof(
      fc.constantFrom(...EXTREME_DATES),
      fc
        .date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, schema.format === 'date' ? 10 : 24)),
    );
  }
  if (schema.format === 'email') return fc.oneof(fc.emailAddress(), anyText(known));
  const fitting = fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) });
  const options: fc.Arbitrary<string>[] = [fitting, anyText(known)];
  if (schema.pattern) {
    try {
      options.push(fc.stringMatching(new RegExp(schema.pattern)));
    } catch {
      // A pattern JavaScript cannot compile is simply not used to generate.
    }
  }
  return fc.oneof(...options);
}

function numberFor(schema: JsonSchema, isInteger: boolean): fc.Arbitrary<number> {
  const clamp = (n: number) => Math.max(-1e9, Math.min(1e9, n));
  const min = clamp(schema.minimum ?? schema.exclusiveMinimum ?? -1_000);
  const max = Math.max(min, clamp(schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000));
  const inRange = isInteger
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof(
    { weight: 3, arbitrary: inRange },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS, min - 1, max + 1) },
  );
}

/**
 * Values for a JSON Schema: mostly what it describes (so requests get past validation and reach
 * the services), often something hostile in its place, at every depth.
 */
export function valueFor(schema: JsonSchema | undefined, known: Known, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return junk(known);
  const fitting = fittingValueFor(schema, known, depth);
  return fc.oneof({ weight: 5, arbitrary: fitting }, { weight: 1, arbitrary: junk(known) });
}

function fittingValueFor(schema: JsonSchema, known: Known, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0) return fc.oneof(...branches.map((b) => valueFor(b, known, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return valueFor(schema.allOf[0], known, depth + 1);
  const types = typesOf(schema);
  const arbitraries: fc.Arbitrary<unknown>[] = types.flatMap((type): fc.Arbitrary<unknown>[] => {
    switch (type) {
      case 'string':
        return [textFor(schema, known)];
      case 'integer':
        return [numberFor(schema, true)];
      case 'number':
        return [numberFor(schema, false)];
      case 'boolean':
        return [fc.boolean()];
      case 'null':
        return [fc.constant(null)];
      case 'array':
        return [
          fc.array(valueFor(schema.items, known, depth + 1), {
            maxLength: Math.min(schema.maxItems ?? 5, 5),
          }),
          fc.array(valueFor(schema.items, known, depth + 1), { minLength: 50, maxLength: 120 }),
        ];
      case 'object':
        return [objectFor(schema, known, depth)];
      default:
        return [];
    }
  });
  if (schema.nullable) arbitraries.push(fc.constant(null));
  if (arbitraries.length === 0) return junk(known);
  return fc.oneof(...arbitraries);
}

function objectFor(schema: JsonSchema, known: Known, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, valueFor(value, known, depth + 1)])),
    { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) },
  );
  const extras = fc.dictionary(
    fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, 'isAdmin', 'userId', 'price', 'amount'), fc.string({ maxLength: 8 })),
    junk(known),
    { maxKeys: 3 },
  );
  // Some required fields dropped, some extra ones added: both must be refused or ignored cleanly.
  return fc.tuple(record, extras, fc.boolean(), fc.boolean()).map(([values, extra, dropOne, addExtras]) => {
    const out: Record<string, unknown> = { ...values };
    if (dropOne) {
      const [first] = Object.keys(out);
      if (first !== undefined) delete out[first];
    }
    return addExtras ? Object.assign(out, extra) : out;
  });
}

/* ---------------------------------------------------------------------------------------------- */

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  identity: 'guest' | 'customer' | 'forged';
};

const MALFORMED_ESCAPES = ['%', '%E0%A4%A', '%ZZ', '%C0%AF', '%ED%A0%80', '%00'];

/** Percent-encoding of any text; a lone surrogate, which cannot be encoded, is sent as U+FFFD. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const encode = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));

/** How a value travels in a URL: text as it is, anything else as JSON (numbers and booleans alike). */
function encodeText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return JSON.stringify(value) ?? '';
}

function pathPartFor(schema: JsonSchema | undefined, known: Known): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: valueFor(schema, known).map((v) => encode(encodeText(v))) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_ESCAPES) },
  );
}

function pathFor(route: FuzzRoute, known: Known): fc.Arbitrary<string> {
  const parts = route.url.split('/').map((segment): fc.Arbitrary<string> => {
    if (segment.startsWith(':')) return pathPartFor(route.params?.properties?.[segment.slice(1)], known);
    if (segment === '*') {
      return fc.oneof(
        fc.constantFrom('', 'index.html', 'json', 'static/index.html', '..%2F..%2Fpackage.json', '%2e%2e/%2e%2e/etc'),
        pathPartFor(undefined, known),
      );
    }
    return fc.constant(segment);
  });
  return fc.tuple(...parts).map((segments) => segments.join('/'));
}

function queryFor(route: FuzzRoute, known: Known): fc.Arbitrary<string> {
  const declared = Object.entries(route.querystring?.properties ?? {}).map(([key, schema]) =>
    fc.option(
      fc.oneof(
        {
          weight: 5,
          arbitrary: valueFor(schema, known).map((value): [string, string][] => [[key, encodeText(value)]]),
        },
        {
          // A repeated key arrives as an array.
          weight: 1,
          arbitrary: fc
            .array(valueFor(schema, known), { minLength: 2, maxLength: 3 })
            .map((values): [string, string][] => values.map((value) => [key, encodeText(value)])),
        },
      ),
      { nil: [] as [string, string][], freq: 2 },
    ),
  );
  const extra = fc.array(
    fc.tuple(fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 10 })), anyText(known)),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...declared), extra, fc.option(fc.constantFrom(...MALFORMED_ESCAPES), { freq: 8 }))
    .map(([pairs, more, malformed]) => {
      const entries = [...pairs.flat(), ...more];
      const text = entries.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
      const withJunk = malformed === null ? text : `${text}${text ? '&' : ''}q=${malformed}`;
      return withJunk ? `?${withJunk}` : '';
    });
}

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/xml',
];

function bodyFor(route: FuzzRoute, known: Known): fc.Arbitrary<{ payload?: string; contentType?: string }> {
  const json = valueFor(route.body, known).map((value) => ({
    payload: JSON.stringify(value) ?? 'null',
    contentType: 'application/json',
  }));
  const raw = fc.constantFrom(...HOSTILE_RAW_BODIES).map((payload) => ({ payload, contentType: 'application/json' }));
  const otherType = fc
    .tuple(fc.constantFrom(...CONTENT_TYPES), fc.string({ maxLength: 40 }))
    .map(([contentType, payload]) => ({ payload, contentType }));
  const none = fc.constant({});
  if (route.method === 'GET' || route.method === 'HEAD') {
    return fc.oneof({ weight: 9, arbitrary: none }, { weight: 1, arbitrary: json });
  }
  return fc.oneof(
    { weight: 12, arbitrary: json },
    { weight: 2, arbitrary: raw },
    { weight: 1, arbitrary: otherType },
    { weight: 1, arbitrary: none },
  );
}

const FORGED_TOKENS = [
  'Bearer ',
  'Bearer null',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  'Basic YWRtaW46YWRtaW4=',
  'x'.repeat(300),
];

/** A valid request of a route, which the fuzz then bends one value at a time. */
export type RouteExample = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown };

type Leaf = (string | number)[];

function leavesOf(value: unknown, at: Leaf = []): Leaf[] {
  if (value === null || typeof value !== 'object') return [at];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return entries.length === 0 ? [at] : entries.flatMap(([key, item]) => leavesOf(item, [...at, key]));
}

/** A copy of `value` with the value at `leaf` replaced, or removed when `replacement` is undefined. */
function withLeaf(value: unknown, leaf: Leaf, replacement: unknown): unknown {
  if (leaf.length === 0) return replacement;
  const [key, ...rest] = leaf as [string | number, ...Leaf];
  const removing = rest.length === 0 && replacement === undefined;
  if (Array.isArray(value)) {
    const copy: unknown[] = [...(value as unknown[])];
    if (removing) copy.splice(Number(key), 1);
    else copy[Number(key)] = withLeaf(copy[Number(key)], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (removing) delete copy[String(key)];
  else copy[String(key)] = withLeaf(copy[String(key)], rest, replacement);
  return copy;
}

/** The example unchanged, or with one value replaced by something hostile, removed, or a key added. */
function mutationOf(example: RouteExample, known: Known): fc.Arbitrary<RouteExample> {
  const leaves = leavesOf(example);
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(example) },
    {
      weight: 5,
      arbitrary: fc
        .tuple(fc.constantFrom(...leaves), junk(known))
        .map(([leaf, value]) => withLeaf(example, leaf, value) as RouteExample),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...leaves).map((leaf) => withLeaf(example, leaf, undefined) as RouteExample),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('params', 'query', 'body'), fc.constantFrom(...PROTOTYPE_KEYS, 'isAdmin'), junk(known))
        .map(([part, key, value]) => {
          const target = example[part];
          if (target === null || typeof target !== 'object' || Array.isArray(target)) return example;
          return { ...example, [part]: { ...target, [key]: value } };
        }),
    },
  );
}

function exampleRequestFor(
  route: FuzzRoute,
  known: Known,
  example: RouteExample,
): fc.Arbitrary<{ url: string; payload?: string; contentType?: string }> {
  return mutationOf(example, known).map(({ params = {}, query = {}, body }) => {
    const path = route.url
      .split('/')
      .map((segment) => (segment.startsWith(':') ? encode(encodeText(params[segment.slice(1)])) : segment))
      .join('/');
    const search = Object.entries(query)
      .map(([key, value]) => `${encode(key)}=${encode(encodeText(value))}`)
      .join('&');
    return {
      url: search ? `${path}?${search}` : path,
      ...(body === undefined ? {} : { payload: JSON.stringify(body), contentType: 'application/json' }),
    };
  });
}

/**
 * A whole request to one route and who sends it: generated from the route's schemas, or, when the
 * route has an example, half the time that example bent at one place, which reaches deeper.
 */
export function requestFor(route: FuzzRoute, known: Known, example?: RouteExample): fc.Arbitrary<FuzzRequest> {
  const generated = fc
    .tuple(pathFor(route, known), queryFor(route, known), bodyFor(route, known))
    .map(([path, query, body]) => ({ url: `${path}${query}`, ...body }));
  const parts = example ? fc.oneof(generated, exampleRequestFor(route, known, example)) : generated;
  return fc
    .tuple(
      parts,
      fc.constantFrom<FuzzRequest['identity']>('guest', 'customer', 'customer', 'forged'),
      fc.constantFrom(...FORGED_TOKENS),
    )
    .map(([{ url, payload, contentType }, identity, forged]) => {
      const headers: Record<string, string> = {};
      if (contentType) headers['content-type'] = contentType;
      if (identity === 'forged') headers.authorization = forged;
      return { method: route.method, url, headers, payload, identity };
    });
}
