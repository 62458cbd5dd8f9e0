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
  /** The route reads a multipart upload (its schema says `consumes: multipart/form-data`). */
  multipart: boolean;
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
  const consumes = Array.isArray(schema.consumes) ? (schema.consumes as unknown[]) : [];
  return methods.map((method) => ({
    method: String(method).toUpperCase(),
    url: route.url,
    params: toJsonSchema(schema.params),
    querystring: toJsonSchema(schema.querystring),
    body: toJsonSchema(schema.body),
    multipart: consumes.includes('multipart/form-data'),
  }));
}

/**
 * Every `METHOD url` in `app.printRoutes({ commonPrefix: false })`: it also lists what no onRoute
 * hook reports, such as the GET of a prefixed plugin's '/' under its trailing-slash path. The
 * printout shortens some paths (a wildcard loses the segments above it), so confirm each with
 * `app.hasRoute` before counting it.
 */
export function registeredRoutes(printed: string): string[] {
  const found: string[] = [];
  const paths: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^(.*?)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods] = match;
    const depth = indent.length / 4;
    const url = `${depth === 0 ? '' : paths[depth - 1]}${segment}`;
    paths[depth] = url;
    for (const method of methods ? methods.split(', ') : []) found.push(`${method} ${url}`);
  }
  return found;
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

/** The dates past what PostgreSQL or JavaScript hold, or that one of them reads differently: the sharpest few. */
const FAR_DATES = ['0000-01-01', '0001-01-01', '9999-12-31', '+275760-09-13', '2023-02-29'];
const FAR_DATE_TIMES = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59-14:00',
  '9999-12-31T23:59:59Z',
  '1969-12-31T23:59:59.999Z',
  '2026-02-30T00:00:00Z',
];

/** Instants at and past what PostgreSQL and JavaScript hold, with offsets that move them across a year. */
export const EXTREME_DATE_TIMES = [
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00Z',
  '0001-01-01T00:00:00+14:00',
  '1899-12-31T23:59:59Z',
  '1969-12-31T23:59:59.999Z',
  '1999-12-31T23:59:59-14:00',
  '2000-01-01T00:00:00+14:00',
  '2099-12-31T23:59:59-14:00',
  '2100-01-01T00:00:00Z',
  '2999-12-31T23:59:59Z',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59-14:00',
  '+275760-09-13T00:00:00Z',
  '2026-02-30T00:00:00Z',
  '2026-06-01T24:00:00Z',
  '2026-06-01T12:00:00.123456789Z',
  '2026-06-01T12:00:00',
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
  ...EXTREME_DATE_TIMES,
];

const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1.000000001,
  -1e-7,
  1e-9,
  -1e-9,
  0.001,
  0.005,
  0.015,
  19.999999999,
  100_000.001,
  -0.01,
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

/**
 * Real values the requests carry among the generated ones, so that handlers get past their
 * lookups and reach the database: `strings` anywhere text goes, `ids` (of real rows) wherever a
 * uuid goes, and `byName` for a body field, query key or path parameter of that name
 * (`productId` → the products' ids, `code` → the coupon codes…).
 */
export type Known = {
  strings: readonly string[];
  ids: readonly string[];
  byName: Readonly<Record<string, readonly string[]>>;
  /** Names of the cookies the app reads, sent with hostile values. */
  cookies: readonly string[];
  /** Files for upload routes: real pictures and broken ones. */
  files: readonly Buffer[];
};

const hostileText = fc.constantFrom(...HOSTILE_TEXT);

function anyText(known: Known): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: hostileText },
    { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 200, maxLength: 1_500 }) },
    { weight: 3, arbitrary: fc.constantFrom(...known.strings, ...known.ids) },
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

/** Values of real rows for a field of that name, or for any uuid. */
function realValuesFor(schema: JsonSchema | undefined, known: Known, name: string | undefined): readonly string[] {
  const named = name === undefined ? undefined : known.byName[name];
  if (named && named.length > 0) return named;
  return schema?.format === 'uuid' ? known.ids : [];
}

/** Mostly the value of a real row when the field has some, so lookups succeed; else `generated` alone. */
function withRealValues<T>(
  generated: fc.Arbitrary<T>,
  schema: JsonSchema | undefined,
  known: Known,
  name: string | undefined,
): fc.Arbitrary<T | string> {
  const real = realValuesFor(schema, known, name);
  if (real.length === 0) return generated;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...real) }, { weight: 2, arbitrary: generated });
}

function textFor(schema: JsonSchema, known: Known): fc.Arbitrary<string> {
  if (schema.format === 'date' || schema.format === 'date-time') {
    const isDay = schema.format === 'date';
    return fc.oneof(
      fc.constantFrom(...(isDay ? EXTREME_DATES : EXTREME_DATE_TIMES)),
      fc.constantFrom(...(isDay ? EXTREME_DATE_TIMES : EXTREME_DATES)),
      fc
        .date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, isDay ? 10 : 24)),
    );
  }
  if (schema.format === 'email') return fc.oneof(fc.emailAddress(), anyText(known));
  const fitting = fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) });
  const options: fc.Arbitrary<string>[] = [fitting, anyText(known)];
  if (schema.format === 'uuid') options.push(fc.uuid());
  else if (schema.pattern) {
    const matching = matchingText(schema.pattern);
    if (matching) options.push(matching);
  }
  return fc.oneof(...options);
}

/**
 * Building a generator from a regular expression takes up to a few hundred milliseconds (zod's
 * patterns are long), and the same patterns recur in every route and role: each is built once.
 */
const patternGenerators = new Map<string, fc.Arbitrary<string> | null>();
function matchingText(pattern: string): fc.Arbitrary<string> | null {
  if (!patternGenerators.has(pattern)) {
    let generator: fc.Arbitrary<string> | null = null;
    try {
      generator = fc.stringMatching(new RegExp(pattern));
    } catch {
      // A pattern JavaScript cannot compile is simply not used to generate.
    }
    patternGenerators.set(pattern, generator);
  }
  return patternGenerators.get(pattern) ?? null;
}

function numberFor(schema: JsonSchema, isInteger: boolean): fc.Arbitrary<number> {
  const clamp = (n: number) => Math.max(-1e9, Math.min(1e9, n));
  const min = clamp(schema.minimum ?? schema.exclusiveMinimum ?? -1_000);
  const max = Math.max(min, clamp(schema.maximum ?? schema.exclusiveMaximum ?? 1_000_000));
  // Amounts are mostly whole cents, as a form sends them, so that money fields pass and reach the services.
  const inRange = isInteger
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.oneof(
        fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((cents) => cents / 100),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      );
  return fc.oneof(
    { weight: 3, arbitrary: inRange },
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS, min - 1, max + 1) },
  );
}

/**
 * Values for a JSON Schema: mostly what it describes (so requests get past validation and reach
 * the services), often something hostile in its place, at every depth. `name` is the field's (or
 * parameter's) name, which picks real values from `known.byName`.
 */
export function valueFor(
  schema: JsonSchema | undefined,
  known: Known,
  depth = 0,
  name?: string,
): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return withRealValues(junk(known), schema, known, name);
  const fitting = fittingValueFor(schema, known, depth, name);
  return fc.oneof({ weight: 5, arbitrary: fitting }, { weight: 1, arbitrary: junk(known) });
}

function fittingValueFor(schema: JsonSchema, known: Known, depth: number, name?: string): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches && branches.length > 0) return fc.oneof(...branches.map((b) => valueFor(b, known, depth + 1, name)));
  if (schema.allOf && schema.allOf.length > 0) return valueFor(schema.allOf[0], known, depth + 1, name);
  const types = typesOf(schema);
  const arbitraries: fc.Arbitrary<unknown>[] = types.flatMap((type): fc.Arbitrary<unknown>[] => {
    switch (type) {
      case 'string':
        return [withRealValues(textFor(schema, known), schema, known, name)];
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
          fc.array(valueFor(schema.items, known, depth + 1, name), {
            maxLength: Math.min(schema.maxItems ?? 5, 5),
          }),
          fc.array(valueFor(schema.items, known, depth + 1, name), { minLength: 50, maxLength: 120 }),
        ];
      case 'object':
        return [objectFor(schema, known, depth)];
      default:
        return [];
    }
  });
  if (schema.nullable) arbitraries.push(fc.constant(null));
  if (arbitraries.length === 0) return withRealValues(junk(known), schema, known, name);
  return fc.oneof(...arbitraries);
}

function objectFor(schema: JsonSchema, known: Known, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, valueFor(value, known, depth + 1, key)])),
    { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) },
  );
  const extras = fc.dictionary(
    fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, 'isAdmin', 'userId', 'price', 'amount'), fc.string({ maxLength: 8 })),
    junk(known),
    { maxKeys: 3 },
  );
  // Some required fields dropped, some extra ones added: both must be refused or ignored cleanly.
  const sometimes = fc.oneof({ weight: 1, arbitrary: fc.constant(true) }, { weight: 3, arbitrary: fc.constant(false) });
  return fc.tuple(record, extras, sometimes, sometimes).map(([values, extra, dropOne, addExtras]) => {
    const out: Record<string, unknown> = { ...values };
    if (dropOne) {
      const [first] = Object.keys(out);
      if (first !== undefined) delete out[first];
    }
    return addExtras ? Object.assign(out, extra) : out;
  });
}

/* ---------------------------------------------------------------------------------------------- */

/** Who sends a request: nobody, or an account of each kind, each with a real session. */
export const ROLES = ['guest', 'customer', 'staff', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/**
 * How the request names its sender: the role's own access token in the `auth-token` header or as
 * `Authorization: Bearer`, a forged credential, or none (a guest's requests are never signed).
 */
export type Credential = 'none' | 'token' | 'bearer' | 'forged';

export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  role: Role;
  credential: Credential;
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

function pathPartFor(schema: JsonSchema | undefined, known: Known, name?: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: valueFor(schema, known, 0, name).map((v) => encode(encodeText(v))) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_ESCAPES) },
  );
}

function pathFor(route: FuzzRoute, known: Known): fc.Arbitrary<string> {
  const parts = route.url.split('/').map((segment): fc.Arbitrary<string> => {
    if (segment.startsWith(':')) {
      const name = segment.slice(1);
      return pathPartFor(route.params?.properties?.[name], known, name);
    }
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
          arbitrary: valueFor(schema, known, 0, key).map((value): [string, string][] => [[key, encodeText(value)]]),
        },
        {
          // A repeated key arrives as an array.
          weight: 1,
          arbitrary: fc
            .array(valueFor(schema, known, 0, key), { minLength: 2, maxLength: 3 })
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

const BOUNDARY = 'fuzz-7MA4YWxkTrZu0gW';

/** A header parameter (a part's name or file name) as a browser would quote it: no quotes, no line breaks. */
const quoted = (text: string) => `"${text.replace(/["\r\n\\]/g, '_')}"`;

type UploadPart = { name: string; filename: string | null; type: string; content: Buffer };

function multipartOf(parts: UploadPart[], isTruncated: boolean): Buffer {
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name=${quoted(part.name)}` +
        `${part.filename === null ? '' : `; filename=${quoted(part.filename)}`}\r\n` +
        `${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
    ),
    part.content,
    Buffer.from('\r\n'),
  ]);
  const body = Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
  return isTruncated ? body.subarray(0, Math.floor(body.length / 2)) : body;
}

/** Uploads: the field the routes read or another, real pictures, broken ones and plain junk, maybe cut short. */
function multipartFor(known: Known): fc.Arbitrary<{ payload: Buffer; contentType: string }> {
  const content = fc.oneof(
    ...(known.files.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...known.files) }] : []),
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: anyText(known).map((text) => Buffer.from(text)) },
  );
  const part = fc.record({
    name: fc.oneof({ weight: 4, arbitrary: fc.constant('file') }, { weight: 1, arbitrary: anyText(known) }),
    filename: fc.option(fc.oneof(fc.constant('picture.png'), anyText(known)), { freq: 4 }),
    type: fc.constantFrom('image/png', 'image/jpeg', 'image/avif', 'application/octet-stream', 'text/plain', ''),
    content,
  });
  return fc
    .tuple(
      fc.array(part, { maxLength: 3 }),
      fc.oneof({ weight: 1, arbitrary: fc.constant(true) }, { weight: 3, arbitrary: fc.constant(false) }),
      // Mostly the right boundary, so the file is read; sometimes none, or another kind of multipart.
      fc.oneof(
        { weight: 6, arbitrary: fc.constant(`multipart/form-data; boundary=${BOUNDARY}`) },
        { weight: 1, arbitrary: fc.constantFrom('multipart/form-data', `multipart/mixed; boundary=${BOUNDARY}`) },
      ),
    )
    .map(([parts, isTruncated, contentType]) => ({
      payload: multipartOf(parts, isTruncated && parts.length > 0),
      contentType,
    }));
}

type Body = { payload?: string | Buffer; contentType?: string };

function bodyFor(route: FuzzRoute, known: Known): fc.Arbitrary<Body> {
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
    ...(route.multipart ? [{ weight: 12, arbitrary: multipartFor(known) as fc.Arbitrary<Body> }] : []),
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

/** Header values travel as visible ASCII; anything else is replaced, as a client library would refuse it. */
const headerText = (text: string) => text.replace(/[^\x20-\x7e]/g, '?').slice(0, 2_000);

/**
 * Up to two headers the app or its plugins read, with hostile values: negotiation, caching and
 * ranges, proxies, cookies, and a compressed body that is not compressed.
 */
function headersFor(known: Known): fc.Arbitrary<Record<string, string>> {
  const text = anyText(known).map(headerText);
  const when = fc
    .constantFrom(
      ...EXTREME_DATES,
      ...EXTREME_DATE_TIMES,
      'Thu, 01 Jan 1970 00:00:00 GMT',
      'Fri, 31 Dec 9999 23:59:59 GMT',
      'Sat, 01 Jan 0000 00:00:00 GMT',
    )
    .map(headerText);
  const header = (name: string, value: fc.Arbitrary<string>) => value.map((v): [string, string] => [name, v]);
  const entry = fc.oneof(
    header('accept', fc.oneof(fc.constantFrom('*/*', 'application/json', 'text/html', 'image/avif,image/webp'), text)),
    header('accept-encoding', fc.constantFrom('gzip', 'br', 'deflate', 'identity;q=0', '*;q=0', 'gzip;q=NaN, br;q=-1')),
    header('accept-language', text),
    header('if-none-match', fc.oneof(fc.constantFrom('*', 'W/"x"', `"${'a'.repeat(500)}"`), text)),
    header('if-modified-since', when),
    header(
      'range',
      fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=999999999-', 'bytes=5-1', 'bytes=0-1,2-3', 'lines=1'),
    ),
    header('origin', fc.oneof(fc.constantFrom('null', 'https://evil.example'), text)),
    header('user-agent', text),
    header('x-forwarded-for', fc.oneof(fc.constantFrom('127.0.0.1', '::1', '1.2.3.4, 5.6.7.8', '999.9.9.9'), text)),
    header('x-request-id', text),
    header('content-encoding', fc.constantFrom('gzip', 'deflate', 'br', 'identity', 'x-unknown')),
    header(
      'cookie',
      fc
        .tuple(fc.constantFrom(...known.cookies, 'x'), text)
        .map(([name, value]) => `${name}=${encodeURIComponent(value)}`),
    ),
  );
  return fc
    .oneof({ weight: 3, arbitrary: fc.constant([]) }, { weight: 2, arbitrary: fc.array(entry, { maxLength: 2 }) })
    .map((entries) => Object.fromEntries(entries));
}

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

/** The branches a value may take: the schema itself and those of its anyOf, oneOf and allOf. */
const branchesOf = (schema: JsonSchema): JsonSchema[] => [
  schema,
  ...(schema.anyOf ?? []),
  ...(schema.oneOf ?? []),
  ...(schema.allOf ?? []),
];

/** The schema of the value at `leaf` of an example (its first key says params, query or body). */
function schemaAt(route: FuzzRoute, leaf: Leaf): JsonSchema | undefined {
  const [part, ...path] = leaf;
  let at = part === 'params' ? route.params : part === 'query' ? route.querystring : route.body;
  for (const key of path) {
    if (!at) return undefined;
    const branches = branchesOf(at);
    at =
      typeof key === 'number'
        ? branches.find((b) => b.items)?.items
        : branches.find((b) => b.properties?.[key])?.properties?.[key];
  }
  return at;
}

const hasFormat = (schema: JsonSchema, formats: string[]) =>
  branchesOf(schema).some((b) => b.format !== undefined && formats.includes(b.format));
const hasType = (schema: JsonSchema, types: string[]) =>
  branchesOf(schema).some((b) => typesOf(b).some((type) => types.includes(type)));

/** Dates, then numbers, then other text: where servers break most often, bent most often. */
function leafWeight(schema: JsonSchema | undefined): number {
  if (!schema) return 1;
  if (hasFormat(schema, ['date', 'date-time'])) return 4;
  if (hasType(schema, ['number', 'integer'])) return 3;
  return hasType(schema, ['string']) ? 2 : 1;
}

/** The hostile values of the leaf's own kind: far dates for a date, tiny and huge numbers for a number… */
function hostileFor(schema: JsonSchema | undefined, known: Known, name: string | undefined): fc.Arbitrary<unknown> {
  if (!schema) return junk(known);
  if (hasFormat(schema, ['date', 'date-time'])) {
    const [own, other] = hasFormat(schema, ['date']) ? [FAR_DATES, FAR_DATE_TIMES] : [FAR_DATE_TIMES, FAR_DATES];
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...own) },
      { weight: 1, arbitrary: fc.constantFrom(...other) },
    );
  }
  const numeric = branchesOf(schema).find((b) => typesOf(b).some((type) => type === 'number' || type === 'integer'));
  if (numeric) {
    const edges = [numeric.minimum, numeric.maximum].filter((n): n is number => n !== undefined);
    return fc.constantFrom(...HOSTILE_NUMBERS, ...edges, ...edges.map((n) => n - 1e-9), ...edges.map((n) => n + 1));
  }
  if (hasType(schema, ['string'])) return withRealValues(hostileText, schema, known, name);
  return junk(known);
}

/** The example unchanged, or with one value replaced by something hostile, removed, or a key added. */
function mutationOf(route: FuzzRoute, example: RouteExample, known: Known): fc.Arbitrary<RouteExample> {
  const leaves = leavesOf(example);
  const leaf = fc.oneof(
    ...leaves.map((at) => ({ weight: leafWeight(schemaAt(route, at)), arbitrary: fc.constant(at) })),
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(example) },
    {
      weight: 5,
      arbitrary: leaf.chain((at) => {
        const schema = schemaAt(route, at);
        const name = at.findLast((key): key is string => typeof key === 'string');
        return fc
          .oneof(
            { weight: 4, arbitrary: hostileFor(schema, known, name) },
            { weight: 1, arbitrary: valueFor(schema, known, 0, name) },
            { weight: 1, arbitrary: junk(known) },
          )
          .map((value) => withLeaf(example, at, value) as RouteExample);
      }),
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
): fc.Arbitrary<{ url: string } & Body> {
  return mutationOf(route, example, known).map(({ params = {}, query = {}, body }) => {
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

/** A guest sends no credential or a forged one; an account its own token, now and then in the other header or forged. */
function credentialFor(role: Role): fc.Arbitrary<Credential> {
  if (role === 'guest')
    return fc.oneof({ weight: 3, arbitrary: fc.constant('none' as const) }, fc.constant('forged' as const));
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant('token' as const) },
    { weight: 1, arbitrary: fc.constant('bearer' as const) },
    { weight: 1, arbitrary: fc.constant('forged' as const) },
  );
}

/**
 * A whole request to one route from one role: generated from the route's schemas, or, when the
 * route has an example, that example bent at one place, which reaches deeper. The
 * sender fills in the role's token (`credential` says where).
 */
export function requestFor(
  route: FuzzRoute,
  known: Known,
  role: Role,
  example?: RouteExample,
): fc.Arbitrary<FuzzRequest> {
  const generated = fc
    .tuple(pathFor(route, known), queryFor(route, known), bodyFor(route, known))
    .map(([path, query, body]): { url: string } & Body => ({ url: `${path}${query}`, ...body }));
  // An example reaches the services far more often than a request generated whole, which most
  // often fails validation somewhere: two in three requests bend it.
  const parts = example
    ? fc.oneof({ weight: 1, arbitrary: generated }, { weight: 2, arbitrary: exampleRequestFor(route, known, example) })
    : generated;
  return fc
    .tuple(parts, credentialFor(role), fc.constantFrom(...FORGED_TOKENS), headersFor(known))
    .map(([{ url, payload, contentType }, credential, forged, extra]) => {
      const headers: Record<string, string> = { ...extra };
      if (contentType) headers['content-type'] = contentType;
      if (credential === 'forged') headers.authorization = forged;
      return { method: route.method, url, headers, payload, role, credential };
    });
}
