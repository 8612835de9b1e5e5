import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/**
 * Bad input for the API, generated with fast-check from the request schemas of openapi.yaml:
 * wrong types, missing and extra fields, huge and strange strings, odd numbers, malformed JSON,
 * wrong content types, bad ids and bad react-admin list parameters.
 */

// ---------------------------------------------------------------- openapi.yaml

export interface Schema {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  oneOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maxItems?: number;
  nullable?: boolean;
  format?: string;
  default?: unknown;
  example?: unknown;
}

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  schema: Schema;
}

export interface Operation {
  /** "POST /api/redeem-credits" */
  key: string;
  method: Method;
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON request body's schema, $refs resolved. */
  body?: Schema;
}

export function loadOperations(file: string): Operation[] {
  const doc = parse(readFileSync(file, 'utf8')) as {
    paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: Schema }> } }>>;
    components: { schemas: Record<string, Schema> };
  };
  const resolve = (s: Schema): Schema => {
    if (s.$ref) return resolve(doc.components.schemas[s.$ref.replace('#/components/schemas/', '')]);
    return {
      ...s,
      ...(s.properties ? { properties: Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, resolve(v)])) } : {}),
      ...(s.items ? { items: resolve(s.items) } : {}),
      ...(s.oneOf ? { oneOf: s.oneOf.map(resolve) } : {}),
    };
  };
  const ops: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(byMethod)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = (op.parameters ?? []).map((p) => ({ ...p, schema: resolve(p.schema ?? {}) }));
      const json = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method as Method,
        path,
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        body: json ? resolve(json) : undefined,
      });
    }
  }
  return ops;
}

// ---------------------------------------------------------------- requests

export type FuzzBody =
  | { kind: 'none' }
  /** Sent as JSON.stringify(value) with Content-Type application/json. */
  | { kind: 'json'; value: unknown }
  /** Sent byte for byte. */
  | { kind: 'raw'; label: string; text: string | Buffer; contentType?: string; headers?: Record<string, string> };

export interface FuzzRequest {
  /** The path with its parameters already percent-encoded (possibly invalidly, on purpose). */
  path: string;
  /** The query string without '?', already encoded; '' for none. */
  query: string;
  body: FuzzBody;
  /** What the path parameters name: a real resource of the fixtures, a well-formed id of nothing, or no id at all. */
  target?: 'real' | 'absent' | 'bad';
}

/** A short, printable description of a request for failure messages. */
export function describeRequest(method: Method, r: FuzzRequest): string {
  const url = `${r.path}${r.query ? `?${r.query}` : ''}`;
  let body = '';
  if (r.body.kind === 'json') body = ` json ${clip(safeJson(r.body.value))}`;
  if (r.body.kind === 'raw') body = ` raw(${r.body.label}, ${r.body.contentType ?? 'no content-type'}) ${clip(String(r.body.text))}`;
  return `${method.toUpperCase()} ${clip(url)}${body}`;
}

const clip = (s: string, n = 300) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);
const safeJson = (v: unknown) => {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
};

/** Percent-encodes any string, lone surrogates included (as the invalid UTF-8 a careless client would send). */
export function encodeLoose(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    let out = '';
    for (const ch of s) {
      const cu = ch.charCodeAt(0);
      if (ch.length === 1 && cu >= 0xd800 && cu <= 0xdfff) {
        out += [0xe0 | (cu >> 12), 0x80 | ((cu >> 6) & 0x3f), 0x80 | (cu & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      } else out += encodeURIComponent(ch);
    }
    return out;
  }
}

// ---------------------------------------------------------------- values

export const SPECIAL_STRINGS = [
  '',
  ' ',
  '   \t\n',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\udc00\ud800',
  '👩‍👩‍👧‍👦🏳️‍🌈😀',
  '\u202Egnp.exe',
  'مرحبا بالعالم',
  'שלום עולם',
  '\u200B\u200C\u200D',
  '\uFEFF',
  'e\u0301\u0301\u0301',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗̻̾',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '%_\\',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '../../etc/passwd',
  'null',
  'undefined',
  'NaN',
  '\r\n\t\v\f',
  '\u2028\u2029',
  '\uFFFF\uFFFE',
  '𝕳𝖊𝖑𝖑𝖔',
  'ＡＢＣ１２３',
];

/** 2,001 to 100,000 characters of one kind (ASCII, accents, emoji, NUL, spaces, RTL marks, lone surrogates, digits). */
export const hugeString = fc
  .tuple(fc.integer({ min: 2_001, max: 100_000 }), fc.constantFrom('a', 'é', '😀', '\u0000', ' ', 'x\u202E', '\ud800', '9'))
  .map(([n, c]) => c.repeat(Math.ceil(n / c.length)));

/** Strings of every kind: specials, any code point (lone surrogates too), graphemes, ASCII, and huge. */
export const weirdString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...SPECIAL_STRINGS), fc.string({ maxLength: 10 })).map(([a, b]) => `${b}${a}${b}`) },
  { weight: 1, arbitrary: hugeString },
);

/** Strings a sloppy client sends for numbers. */
export const NUMERIC_STRINGS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1e309',
  '0x1A',
  '0b101',
  '0o17',
  '1_000',
  ' 12 ',
  '12abc',
  '1,5',
  '١٢',
  '１２',
  '+5',
  '-5',
  '-0',
  '0',
  '00012',
  '1e3',
  '.5',
  '5.',
  '5.001',
  '12.345',
  '',
  ' ',
  '9'.repeat(400),
  '2147483648',
  '4294967296',
  '9007199254740993',
  '1.7976931348623157e309',
  'true',
  'null',
];

export const weirdNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    -100,
    0.5,
    1.5,
    0.1 + 0.2,
    -0.01,
    12.345,
    1e308,
    -1e308,
    5e-324,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31),
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    1e21,
    1e15 + 0.3,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.integer({ min: -1000, max: 1000 }),
);

/** Raw JSON number tokens JSON.stringify cannot produce: parse to Infinity, lose precision, or are huge. */
export const RAW_NUMBER_TOKENS = [
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '-0',
  '0.0000000000000000000000001',
  '1E+2',
  '4.9e-325',
  `1${'0'.repeat(5000)}`,
];

const weirdKey = fc.oneof(
  fc.constantFrom(
    'id',
    'role',
    'isAdmin',
    'userId',
    'admin',
    'deletedAt',
    'password_hash',
    'balance',
    'constructor',
    'toString',
    'valueOf',
    'hasOwnProperty',
    '$where',
    '',
    ' ',
    '\u0000',
    '😀',
    'a.b',
    'a[0]',
  ),
  fc.string({ maxLength: 12 }),
);

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.constant({ $gt: '' }),
  fc.constant([null]),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { minLength: 1, maxLength: 3 }),
  fc.dictionary(weirdKey, fc.jsonValue({ maxDepth: 1 }), { minKeys: 1, maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** What fields of this name may point at, so that generated bodies also reach the handlers' own checks. */
export interface FuzzContext {
  idsFor(field: string): number[];
  stringsFor?(field: string): string[];
}

const typesOf = (s: Schema): Set<string> => new Set(s.oneOf ? s.oneOf.map((x) => x.type ?? 'any') : [s.type ?? 'any']);

const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789'.split('');
/** A fresh e-mail address each time, so that sign-in tries never count against (or lock) a real account. */
export const freshEmail = fc.string({ unit: fc.constantFrom(...LOWER), minLength: 10, maxLength: 10 }).map((s) => `fz-${s}@example.com`);
const freshName = fc.string({ unit: fc.constantFrom(...LOWER), minLength: 8, maxLength: 8 }).map((s) => `Fuzz ${s}`);

/**
 * A value that fits the schema and, mostly, the server's rules too: the fixtures' ids, fresh e-mails and
 * names, the schema's example. Bodies built from it are valid but for what fuzzing then bends, so the
 * bent field meets the validators and, when they let it through, the handler and the database.
 */
export function plausible(schema: Schema, name: string, ctx: FuzzContext): fc.Arbitrary<unknown> {
  const ids = ctx.idsFor(name);
  if (ids.length) return fc.constantFrom(...ids);
  const strings = ctx.stringsFor?.(name) ?? [];
  if (strings.length) return fc.constantFrom(...strings);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (/email/i.test(name) && typesOf(schema).has('string')) return freshEmail;
  if (name === 'username') return freshName;
  const random = randomOfType(schema, name, ctx);
  const example = schema.example ?? schema.default;
  return example === undefined ? random : fc.oneof({ weight: 3, arbitrary: fc.constant(example) }, { weight: 1, arbitrary: random });
}

function randomOfType(schema: Schema, name: string, ctx: FuzzContext): fc.Arbitrary<unknown> {
  if (schema.oneOf) return fc.oneof(...schema.oneOf.map((s) => randomOfType({ ...s, minimum: s.minimum ?? schema.minimum }, name, ctx)));
  switch (schema.type) {
    case 'string':
      return plausibleString(schema, name);
    case 'number':
    case 'integer': {
      const min = schema.minimum ?? 0;
      return fc.oneof(
        fc.integer({ min, max: min + 200 }),
        fc.integer({ min: min * 100, max: min * 100 + 20000 }).map((c) => c / 100),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(plausible(schema.items ?? {}, name, ctx), { maxLength: 3 });
    case 'object':
      return plausibleObject(schema, ctx);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function plausibleString(schema: Schema, name: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 40, 40));
  if (/email|recipients/i.test(name)) return freshEmail;
  if (/password/i.test(name)) return fc.oneof(fc.string({ minLength: Math.max(min, 8), maxLength: 24 }), fc.constant('Sunset#2026'));
  if (name === 'code') return fc.stringMatching(/^\d{6}$/);
  if (/PaymentId|IntentId/.test(name)) return fc.stringMatching(/^pi_[A-Za-z0-9]{4,24}$/);
  if (/url|link/i.test(name)) return fc.webUrl();
  return fc.string({ minLength: Math.max(min, 3), maxLength: Math.max(max, 3) });
}

export function plausibleObject(schema: Schema, ctx: FuzzContext): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, plausible(s, k, ctx)]));
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A value the schema does not allow for this field, or at its edges: wrong types, sizes, numbers, enums. */
export function fuzzValue(schema: Schema, name: string): fc.Arbitrary<unknown> {
  const types = typesOf(schema);
  // null on its own too: optional fields must treat it as absent or refuse it, never pass it on.
  const options: Array<fc.Arbitrary<unknown>> = [junk, weirdString, fc.constant(null)];
  const numericish = fc.oneof(weirdNumber, fc.constantFrom(...NUMERIC_STRINGS));
  if (!types.has('number')) options.push(weirdNumber);
  if (types.has('number') || types.has('integer'))
    options.push(numericish, numericish, fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }));
  if (types.has('string')) {
    const max = schema.maxLength ?? 2000;
    options.push(
      fc.integer({ min: max + 1, max: Math.max(max + 1, Math.min(100_000, max * 4)) }).map((n) => 'x'.repeat(n)),
      fc.integer({ min: max + 1, max: max + 3 }).map((n) => '😀'.repeat(Math.ceil(n / 2))),
    );
    if (schema.minLength) options.push(fc.string({ maxLength: schema.minLength - 1 }), fc.constant(' '.repeat(schema.minLength + 1)));
    // Text that passes the length rules with something strange inside: reaches the handler and the database.
    // (A fresh address for e-mail fields: a fuzzed sign-in or reset must never meet, or lock, a real account.)
    const base = /email|recipients/i.test(name)
      ? freshEmail
      : fc.constant(typeof schema.example === 'string' ? schema.example : 'Some text');
    const special = fc.constantFrom(...SPECIAL_STRINGS);
    options.push(
      numericish,
      fc.tuple(base, special).map(([b, x]) => `${b}${x}`),
      fc.tuple(base, special).map(([b, x]) => `${b.slice(0, 2)}${x}${b.slice(2)}`),
    );
  }
  if (types.has('boolean')) options.push(fc.constantFrom('true', 'false', 0, 1, 'yes', 'on', ''));
  if (schema.enum) {
    const e = schema.enum.map(String);
    options.push(fc.constantFrom(...e.flatMap((v) => [v.toUpperCase(), ` ${v}`, `${v}\u0000`, `${v}s`, v.slice(1)])));
  }
  if (types.has('array')) {
    const items = schema.items ?? {};
    options.push(
      fc.array(fuzzValue(items, name), { minLength: 1, maxLength: 4 }),
      fc
        .integer({ min: (schema.maxItems ?? 500) + 1, max: (schema.maxItems ?? 500) + 30 })
        .map((n) => Array.from({ length: n }, (_, i) => `r${i}@example.com`)),
      weirdString,
    );
  }
  return fc.oneof(...options);
}

// ---------------------------------------------------------------- bodies

const jsonText = (v: unknown) => JSON.stringify(v);

/** Texts that are not JSON, or JSON that is not an object, built around a plausible body. */
function malformedJson(obj: Record<string, unknown>): fc.Arbitrary<FuzzBody> {
  const text = jsonText(obj);
  const raw = (label: string, t: string | Buffer): FuzzBody => ({ kind: 'raw', label, text: t, contentType: 'application/json' });
  return fc.oneof(
    fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((n) => raw('truncated', text.slice(0, n))),
    fc.constant(raw('trailing comma', text.length > 2 ? text.replace(/}$/, ',}') : '{"a":1,}')),
    fc.constant(raw('single quotes', text.replace(/"/g, "'"))),
    fc.constant(raw('unquoted keys', text.replace(/"(\w+)":/g, '$1:'))),
    fc.constant(raw('comment', `/* hi */${text}`)),
    fc.constant(raw('NaN literal', '{"a":NaN,"b":Infinity}')),
    fc.constant(raw('undefined literal', '{"a":undefined}')),
    fc.constant(raw('bare NUL byte in a string', '{"name":"a\u0000b"}')),
    fc.constant(raw('raw newline in a string', '{"name":"a\nb"}')),
    fc.constant(raw('bad escape', '{"name":"\\x41"}')),
    fc.constant(raw('cut escape', '{"name":"\\u00"}')),
    fc.constant(raw('lone surrogate escape', '{"name":"\\ud800","email":"\\udfff@example.com"}')),
    fc.constant(raw('BOM', `\uFEFF${text}`)),
    fc.constant(raw('empty', '')),
    fc.constant(raw('whitespace', '  \n ')),
    fc.constant(raw('two objects', `${text}${text}`)),
    fc.constant(
      raw(
        'invalid UTF-8',
        Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]), Buffer.from('"}')]),
      ),
    ),
    fc.constantFrom('[]', '[{}]', '1', '-1', '"text"', 'null', 'true', '0', '{}', '[[[]]]').map((t) => raw('not an object', t)),
    fc.integer({ min: 1000, max: 60_000 }).map((n) => raw('deep nesting', `${'['.repeat(n)}${']'.repeat(n)}`)),
    fc.integer({ min: 1000, max: 30_000 }).map((n) => raw('deep objects', `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`)),
    fc.constant(raw('prototype pollution', `{"__proto__":{"isAdmin":true,"role":"admin"},${text.slice(1)}`.replace(/,}$/, '}'))),
    fc.constant(raw('constructor pollution', `{"constructor":{"prototype":{"isAdmin":true}},${text.slice(1)}`.replace(/,}$/, '}'))),
    fc.constant(raw('duplicate keys', text.length > 2 ? `${text.slice(0, -1)},${text.slice(1)}` : '{"a":1,"a":2}')),
  );
}

/** A plausible body sent with a content type the JSON parser does not take, or cannot decode. */
function wrongContentType(obj: Record<string, unknown>): fc.Arbitrary<FuzzBody> {
  const text = jsonText(obj);
  const form = Object.entries(obj)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeLoose(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
    .join('&');
  return fc.oneof(
    fc.constant<FuzzBody>({ kind: 'raw', label: 'text/plain', text, contentType: 'text/plain' }),
    fc.constant<FuzzBody>({ kind: 'raw', label: 'form', text: form, contentType: 'application/x-www-form-urlencoded' }),
    fc.constant<FuzzBody>({
      kind: 'raw',
      label: 'form with brackets',
      text: `${form}&a[b]=1&a[c][]=2&__proto__[x]=1`,
      contentType: 'application/x-www-form-urlencoded',
    }),
    fc.constant<FuzzBody>({
      kind: 'raw',
      label: 'multipart',
      text: `--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n`,
      contentType: 'multipart/form-data; boundary=x',
    }),
    fc.constant<FuzzBody>({ kind: 'raw', label: 'xml', text: '<?xml version="1.0"?><a>1</a>', contentType: 'application/xml' }),
    fc.constant<FuzzBody>({ kind: 'raw', label: 'utf-16 charset', text, contentType: 'application/json; charset=utf-16' }),
    fc.constant<FuzzBody>({ kind: 'raw', label: 'unknown charset', text, contentType: 'application/json; charset=klingon' }),
    fc.constant<FuzzBody>({ kind: 'raw', label: 'vendor json', text, contentType: 'application/vnd.api+json' }),
    fc.constant<FuzzBody>({ kind: 'raw', label: 'json content type, form body', text: form || 'a=1', contentType: 'application/json' }),
    fc.constant<FuzzBody>({ kind: 'raw', label: 'no content type', text }),
    fc.constant<FuzzBody>({
      kind: 'raw',
      label: 'gzip that is not gzip',
      text,
      contentType: 'application/json',
      headers: { 'Content-Encoding': 'gzip' },
    }),
    fc.constant<FuzzBody>({
      kind: 'raw',
      label: 'unknown encoding',
      text,
      contentType: 'application/json',
      headers: { 'Content-Encoding': 'zstd-ish' },
    }),
  );
}

/** A body with one numeric field written as a raw JSON number token (1e400 parses to Infinity). */
function rawNumberBody(schema: Schema, obj: Record<string, unknown>): fc.Arbitrary<FuzzBody> | null {
  const numeric = Object.entries(schema.properties ?? {})
    .filter(([, s]) => typesOf(s).has('number') || typesOf(s).has('integer'))
    .map(([k]) => k);
  if (!numeric.length) return null;
  return fc.tuple(fc.constantFrom(...numeric), fc.constantFrom(...RAW_NUMBER_TOKENS)).map(([k, token]) => {
    const text = JSON.stringify({ ...obj, [k]: '__RAW__' }).replace('"__RAW__"', token);
    return { kind: 'raw' as const, label: `raw number ${k}=${token.slice(0, 20)}`, text, contentType: 'application/json' };
  });
}

/** Request bodies for an operation's schema: mostly bent JSON objects, also malformed or mistyped ones. */
export function fuzzBody(schema: Schema, ctx: FuzzContext): fc.Arbitrary<FuzzBody> {
  const props = Object.entries(schema.properties ?? {});
  const required = (schema.required ?? []).filter((k) => schema.properties?.[k]);
  const obj = plausibleObject(schema, ctx);
  const json = (a: fc.Arbitrary<unknown>) => a.map((value): FuzzBody => ({ kind: 'json', value }));
  const options: Array<fc.WeightedArbitrary<FuzzBody>> = [];
  if (props.length) {
    // One field bent, the others plausible.
    options.push({
      weight: 8,
      arbitrary: json(fc.tuple(obj, fc.constantFrom(...props)).chain(([o, [k, s]]) => fuzzValue(s, k).map((v) => ({ ...o, [k]: v })))),
    });
    // Every field independently plausible, bent or absent.
    options.push({
      weight: 4,
      arbitrary: json(
        fc.record(Object.fromEntries(props.map(([k, s]) => [k, fc.oneof(plausible(s, k, ctx), fuzzValue(s, k))])), { requiredKeys: [] }),
      ),
    });
  }
  if (required.length) {
    options.push({
      weight: 3,
      arbitrary: json(
        fc
          .tuple(obj, fc.subarray(required, { minLength: 1 }))
          .map(([o, drop]) => Object.fromEntries(Object.entries(o).filter(([k]) => !drop.includes(k)))),
      ),
    });
  }
  // Extra fields, some of them tempting (role, isAdmin, id, balance), next to a bent or plausible body.
  options.push({
    weight: 2,
    arbitrary: json(
      fc
        .tuple(obj, fc.dictionary(weirdKey, fc.oneof(junk, weirdString), { minKeys: 1, maxKeys: 5 }))
        .map(([o, extra]) => ({ ...extra, ...o })),
    ),
  });
  options.push({ weight: 2, arbitrary: json(junk.filter((v) => v === null || typeof v !== 'object' || Array.isArray(v))) });
  options.push({ weight: 3, arbitrary: obj.chain(malformedJson) });
  options.push({ weight: 2, arbitrary: obj.chain(wrongContentType) });
  const raws = rawNumberBody(schema, {});
  if (raws) options.push({ weight: 1, arbitrary: obj.chain((o) => rawNumberBody(schema, o) ?? raws) });
  return fc.oneof(...options);
}

/** For routes without a body: mostly none, sometimes junk that must be ignored or refused cleanly. */
export const strayBody: fc.Arbitrary<FuzzBody> = fc.oneof(
  { weight: 6, arbitrary: fc.constant<FuzzBody>({ kind: 'none' }) },
  { weight: 1, arbitrary: junk.map((value): FuzzBody => ({ kind: 'json', value })) },
  { weight: 1, arbitrary: fc.constant({}).chain(malformedJson) },
);

// ---------------------------------------------------------------- path and query

/** Strange strings short enough for an address (Node refuses addresses over 16 kB before the app sees them). */
export const urlString = weirdString.filter((s) => s.length > 0 && s.length <= 150);

/** Path ids that are not ids: non-numeric, negative, zero, fractional, beyond int4, strange encodings. */
export const badId: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '0',
      '-1',
      '-0',
      '1.5',
      '1.0',
      '1e3',
      '1e400',
      'abc',
      'NaN',
      'Infinity',
      '-Infinity',
      '2147483648',
      '4294967296',
      '99999999999999999999',
      '0x10',
      '%201',
      '1%20',
      '+1',
      '%2B1',
      '%00',
      '1%00',
      '%20',
      '%EF%BC%91%EF%BC%92',
      '%D9%A1%D9%A2',
      '1%3BDROP%20TABLE%20users',
      '%2e%2e',
      'null',
      'undefined',
      '%5B%5D',
      '%7B%7D',
      '%E0%A4%A',
      '%',
      '%%',
      '%ZZ',
      '%ED%A0%80',
      'true',
      '00000000000',
      '0000000000',
      '12abc',
      '1,2',
      '-2147483648',
      '-9007199254740993',
      `${'9'.repeat(1000)}`,
      `${'1'.repeat(11)}`,
      '%C0%AF',
      '~1',
      '1_0',
      '%D9%A1',
    ),
  },
  { weight: 2, arbitrary: fc.integer({ min: -(2 ** 31), max: 0 }).map(String) },
  {
    weight: 2,
    arbitrary: fc
      .double({ noNaN: true })
      .filter((d) => !Number.isInteger(d) || d <= 0 || d > 2 ** 31 - 1)
      .map((d) => encodeLoose(String(d))),
  },
  { weight: 2, arbitrary: fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String) },
  { weight: 2, arbitrary: urlString.filter((s) => !/^\s*\d+\s*$/.test(s)).map(encodeLoose) },
);

/** Ids that are well formed but point at nothing. */
export const absentId = fc.integer({ min: 1_500_000_000, max: 2_147_483_647 }).map(String);

const SORT_FIELDS = [
  'id',
  'name',
  'date',
  'price',
  'createdAt',
  'paymentDate',
  'email',
  'username',
  'status',
  'amount',
  'clientName',
  'isPaid',
  'creditAmount',
  'kind',
  'to',
];
const FILTER_KEYS = [
  'q',
  'role',
  'isPaid',
  'clientId',
  'day',
  'tz',
  'status',
  'kind',
  'id',
  'isActive',
  'creditEligible',
  'from',
  'to',
  'method',
];

const notJson = fc.constantFrom(
  '[',
  '["id",',
  '{',
  '{"q":',
  'ASC',
  'id',
  "['id','ASC']",
  '[0,24',
  '{q:1}',
  '["id","ASC",]',
  '',
  '%20',
  '+',
  'NaN',
  '[NaN,1]',
  '{"q":"\\x"}',
  '%',
  '%E0%A4%A',
  '%00',
  '[1e400,1]',
);

const jsonish = (a: fc.Arbitrary<unknown>) => a.map((v) => encodeLoose(JSON.stringify(v) ?? 'undefined'));

const sortValue = fc.oneof(
  jsonish(
    fc.tuple(
      fc.oneof(fc.constantFrom(...SORT_FIELDS), urlString, junk),
      fc.oneof(fc.constantFrom('ASC', 'DESC', 'asc', 'desc', 'Asc', 'DOWN', '', 'ASC; DROP TABLE users'), urlString, junk),
    ),
  ),
  jsonish(fc.oneof(junk, fc.array(fc.constantFrom(...SORT_FIELDS), { maxLength: 4 }), urlString)),
  jsonish(
    fc.constantFrom(['id', 'ASC', 'extra'], ['id'], [], ['name; DROP TABLE users --', 'ASC'], ['"id"', 'ASC'], ['id', 'ASC NULLS FIRST']),
  ),
  notJson,
);

const rangeValue = fc.oneof(
  jsonish(fc.tuple(fc.oneof(weirdNumber, fc.integer({ min: 0, max: 100 })), fc.oneof(weirdNumber, fc.integer({ min: 0, max: 600 })))),
  jsonish(
    fc.oneof(
      junk,
      fc.array(weirdNumber, { maxLength: 4 }),
      fc.tuple(fc.constantFrom(...NUMERIC_STRINGS), fc.constantFrom(...NUMERIC_STRINGS)),
    ),
  ),
  jsonish(
    fc.constantFrom([0, 1e9], [1e15, 1e15 + 5], [2 ** 53 - 2, 2 ** 53 - 1], [5, 4], [-1, 10], [0, 0], [0, 499], [0, 100000], [1.5, 3]),
  ),
  notJson,
);

const filterValue = fc.oneof(
  {
    weight: 4,
    arbitrary: jsonish(
      fc.dictionary(
        fc.oneof(fc.constantFrom(...FILTER_KEYS), weirdKey),
        fc.oneof(
          urlString,
          weirdNumber,
          junk,
          fc.constantFrom(...NUMERIC_STRINGS),
          fc.constantFrom(
            '2026-02-30',
            '2026-13-01',
            '0000-00-00',
            '2026-1-1',
            '99999-01-01',
            'Europe/Nowhere',
            'UTC',
            'Etc/GMT+14',
            '../../etc',
            'admin',
            'client',
            'completed',
            'failed',
          ),
        ),
        { maxKeys: 4 },
      ),
    ),
  },
  { weight: 1, arbitrary: jsonish(junk.filter((v) => v === null || typeof v !== 'object' || Array.isArray(v))) },
  { weight: 1, arbitrary: notJson },
);

const paramValue = (v: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 5, arbitrary: v.map((x) => [x]) }, { weight: 1, arbitrary: fc.array(v, { minLength: 2, maxLength: 3 }) });

/** react-admin list parameters, mostly broken: the query string of a list route. */
export const listQuery: fc.Arbitrary<string> = fc
  .record(
    {
      sort: paramValue(sortValue),
      range: paramValue(rangeValue),
      filter: paramValue(filterValue),
      extra: fc.array(fc.tuple(weirdKey.map(encodeLoose), urlString.map(encodeLoose)), { maxLength: 2 }),
    },
    { requiredKeys: [] },
  )
  .filter((r) => r.sort !== undefined || r.range !== undefined || r.filter !== undefined)
  .map((r) => {
    const parts: string[] = [];
    for (const name of ['sort', 'range', 'filter'] as const) for (const v of r[name] ?? []) parts.push(`${name}=${v}`);
    for (const [k, v] of r.extra ?? []) parts.push(`${k}=${v}`);
    return parts.join('&');
  })
  .filter((q) => q.length <= 8000);

/** A value for a plain query parameter such as tz. */
export const queryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'Europe/Paris',
    'UTC',
    'Europe/Nowhere',
    'Etc/GMT+99',
    '../../../etc/passwd',
    'America/New_York%00',
    '%E0%A4%A',
    'A'.repeat(65),
    '+05:00',
    'utc',
    'Z',
    '-1',
  ),
  urlString.map(encodeLoose),
);

/** Query parameters a route does not take: must be ignored or refused cleanly. */
export const strayQuery: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.tuple(weirdKey.map(encodeLoose), urlString.map(encodeLoose)).map(([k, v]) => `${k}=${v}`) },
  { weight: 1, arbitrary: fc.constantFrom('%', 'a=%E0%A4%A', '__proto__[x]=1', 'a[b][c]=1', 'sort=["id","ASC"]', '&&&=', 'a=1&a=2') },
);
