import Ajv, { type ValidateFunction } from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import fc from 'fast-check';

/**
 * The contract fuzzer's parts (decision 038): fast-check arbitraries over the OpenAPI 3.0
 * schemas of the served document, and the document's own rules to judge what they produce.
 */

/** The subset of the OpenAPI 3.0 Schema Object the document uses. */
export interface Schema {
  type?: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
  enum?: unknown[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  not?: Schema;
  default?: unknown;
  description?: string;
  $ref?: string;
}

/** One uploaded file of a multipart body. */
export interface FilePart {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

const SAFE = Number.MAX_SAFE_INTEGER;
/** Records made by the fixtures and by the fuzzer's own creates carry small ids. */
const NEAR_MIN = 30;

// ---------------------------------------------------------------------------------------------
// Values a schema accepts

const TEXT_UNIT = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789-_.,') },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.constantFrom('é', 'ß', 'İ', 'ﬀ', '日', 'ع', '🏏', '👩🏽‍💻', '\t', '\n') },
);

function text(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const near = Math.min(maxLength, minLength + 24);
  const body = fc.array(TEXT_UNIT, { minLength, maxLength: near }).map((units) => units.join(''));
  const edges = [minLength, maxLength]
    .filter((n) => n <= 20_000)
    .flatMap((n) => ['x'.repeat(n), 'é'.repeat(n)]);
  return edges.length ? fc.oneof({ weight: 6, arbitrary: body }, fc.constantFrom(...edges)) : body;
}

const lengthFits = (s: Schema) => (v: string) =>
  v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity);

/** Strings a pattern matches, where fast-check can read it (it has no lookahead). */
function stringsMatching(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern, 'u'));
  } catch {
    return null;
  }
}

function validString(s: Schema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = s.maxLength ?? 200;
  const choices: fc.Arbitrary<string>[] = [];
  if (s.pattern) {
    const matching = stringsMatching(s.pattern);
    if (matching) choices.push(matching);
  }
  if (s.format === 'email') choices.push(fc.emailAddress());
  if (s.format === 'date')
    choices.push(
      fc
        .date({ min: new Date('1890-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    );
  if (s.format === 'date-time')
    choices.push(
      fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString()),
    );
  if (choices.length === 0) return text(minLength, Math.max(minLength, maxLength));
  // Patterns and formats say nothing of length: keep what fits, or the shortest try.
  return fc.oneof(...choices).filter(lengthFits(s));
}

function integerBounds(s: Schema) {
  const min = s.minimum === undefined ? -SAFE : s.minimum + (s.exclusiveMinimum ? 1 : 0);
  const max = s.maximum === undefined ? SAFE : s.maximum - (s.exclusiveMaximum ? 1 : 0);
  return { min, max };
}

function validInteger(s: Schema): fc.Arbitrary<number> {
  const { min, max } = integerBounds(s);
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, min + NEAR_MIN) }) },
    { weight: 2, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );
}

function validObject(s: Schema, value: (s: Schema) => fc.Arbitrary<unknown>) {
  const properties = s.properties ?? {};
  const required = new Set(s.required ?? []);
  return fc.record(Object.fromEntries(Object.entries(properties).map(([k, p]) => [k, value(p)])), {
    requiredKeys: Object.keys(properties).filter((k) => required.has(k)),
  }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Values the schema accepts, with its edges: bounds, lengths, unicode, absent optionals. */
export function validOf(s: Schema): fc.Arbitrary<unknown> {
  const base = validBase(s);
  return s.nullable ? fc.oneof({ weight: 5, arbitrary: base }, fc.constant(null)) : base;
}

function validBase(s: Schema): fc.Arbitrary<unknown> {
  if (s.enum) return fc.constantFrom(...s.enum);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return fc.oneof(...branches.map(validOf));
  if (s.allOf) return validOf(Object.assign({}, ...s.allOf) as Schema);
  switch (s.type) {
    case 'string':
      return validString(s);
    case 'integer':
      return validInteger(s);
    case 'number':
      return fc.double({
        min: s.minimum ?? -1e9,
        max: s.maximum ?? 1e9,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.min(s.maxItems ?? minLength + 4, minLength + 4);
      const items = validOf(s.items ?? {});
      return s.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(items, { minLength, maxLength });
    }
    case 'object':
      return validObject(s, validOf);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---------------------------------------------------------------------------------------------
// Values a schema likely refuses

/** Strings that break something: lengths, encodings, injection, characters no field holds. */
const NASTY_TEXT = [
  '',
  ' ',
  '   padded   ',
  '0',
  '-1',
  '1.5',
  '1e3',
  ' 1',
  '0x1',
  '٣',
  'null',
  'true',
  "' or 1=1 --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{unknown_variable}}',
  '\u0000',
  'a\u0007b',
  '\u0085',
  '\uD800',
  'a\u202Eb',
  'a\u200Bb',
  'ａｄｍｉｎ',
  'аdmin',
  'ß'.repeat(40),
  '🏏'.repeat(60),
  'x'.repeat(70_000),
];

const NASTY_NUMBERS = [
  0,
  -1,
  1.5,
  -0.5,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  2 ** 53,
  -(2 ** 53),
  SAFE + 2,
  1e21,
  1e308,
];

const anyNasty: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2], { $gt: '' }, ...NASTY_NUMBERS),
  fc.constantFrom(...NASTY_TEXT),
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.jsonValue({ maxDepth: 3 }),
);

function nastyString(s: Schema): fc.Arbitrary<unknown> {
  const edges: unknown[] = [];
  if (s.maxLength !== undefined) {
    edges.push('x'.repeat(s.maxLength + 1), '😀'.repeat(Math.ceil((s.maxLength + 1) / 2)));
    edges.push(` ${'y'.repeat(s.maxLength)} `);
  }
  if (s.minLength) edges.push('x'.repeat(s.minLength - 1), ' '.repeat(s.minLength));
  if (s.format === 'date' || s.format === 'date-time')
    edges.push(
      '2026-02-30',
      '2026-13-01',
      '0000-01-01',
      '99999-01-01',
      '2026-1-1',
      '2026-02-28T25:00',
    );
  if (s.format === 'email') edges.push('a@b', 'a@@b.co', '@b.co', `${'a'.repeat(250)}@b.co`);
  const pieces: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(...NASTY_TEXT),
    fc.string({ unit: 'binary', maxLength: 40 }),
  ];
  if (edges.length) pieces.push(fc.constantFrom(...edges));
  return fc.oneof(...pieces);
}

function nastyInteger(s: Schema): fc.Arbitrary<unknown> {
  const { min, max } = integerBounds(s);
  const edges = [min - 1, max + 1, String(min), `${max + 1}`, '1e3', ' 1', '1.0', '0x1', ''];
  return fc.oneof(fc.constantFrom(...edges), fc.constantFrom(...NASTY_NUMBERS));
}

/** A value for this place that the schema likely refuses (the judge decides). */
function nastyOf(s: Schema): fc.Arbitrary<unknown> {
  let own: fc.Arbitrary<unknown> | null = null;
  if (s.enum) {
    const words = s.enum.filter((v): v is string => typeof v === 'string');
    own = fc.constantFrom(
      'not-an-option',
      ...words.flatMap((w) => [w.toUpperCase(), `${w} `, `${w}\u0000`]),
    );
  } else if (s.type === 'string') own = nastyString(s);
  else if (s.type === 'integer' || s.type === 'number') own = nastyInteger(s);
  else if (s.type === 'array' && s.items) {
    const items = validOf(s.items);
    own = fc.oneof(
      fc.array(nastyOf(s.items), { minLength: 1, maxLength: 3 }),
      fc.array(items, {
        minLength: (s.maxItems ?? 50) + 1,
        maxLength: (s.maxItems ?? 50) + 2,
      }),
    );
  } else if (s.type === 'object') own = mutatedObject(s);
  return own ? fc.oneof({ weight: 3, arbitrary: own }, anyNasty) : anyNasty;
}

/** A key a JSON body should not carry, or an odd one it may. */
const ODD_KEYS = ['__proto__', 'constructor', 'zz_unknown', '', 'é', 'a\u0000b', '$where'];

/** Nested 20 levels deep: past MAX_INPUT_DEPTH. */
const DEEP = Array.from({ length: 20 }).reduce<unknown>((inner) => ({ a: inner }), 1);

/** A valid object with one thing wrong: a required field gone or broken, an odd extra one. */
export function mutatedObject(s: Schema): fc.Arbitrary<unknown> {
  const properties = Object.entries(s.properties ?? {});
  const required = s.required ?? [];
  const base = validObject(s, validOf);
  const mutations: fc.Arbitrary<unknown>[] = [
    fc
      .tuple(base, fc.constantFrom(...ODD_KEYS), fc.oneof(anyNasty, fc.constant(DEEP)))
      .map(([obj, key, value]) => withKey(obj, key, value)),
  ];
  if (required.length)
    mutations.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([obj, key]) => {
        const copy = { ...obj };
        delete copy[key];
        return copy;
      }),
    );
  if (properties.length)
    mutations.push(
      fc
        .constantFrom(...properties)
        .chain(([key, p]) =>
          fc.tuple(base, nastyOf(p)).map(([obj, value]) => withKey(obj, key, value)),
        ),
    );
  return fc.oneof(...mutations);
}

/** Sets a key as an own property, even `__proto__`. */
function withKey(obj: Record<string, unknown>, key: string, value: unknown) {
  const copy = { ...obj };
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Valid values, mostly, and values with something wrong. */
export function caseOf(s: Schema): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 2, arbitrary: validOf(s) }, { weight: 1, arbitrary: nastyOf(s) });
}

// ---------------------------------------------------------------------------------------------
// The judge: does the document say this input is valid?

/** OpenAPI 3.0 schemas are draft-04-like: boolean exclusiveMinimum, and `nullable`. */
export function createAjv() {
  const ajv = new Ajv({ strict: false, allErrors: false });
  addFormats(ajv);
  return ajv;
}

/** No C0 or C1 control character but tab and line breaks, and no lone surrogate. */
const DISALLOWED = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;
const MAX_DEPTH = 16;

/**
 * The rules the document states for every request (`info.description`): no control character
 * or lone surrogate in any text or key, nesting at most MAX_DEPTH levels, no `__proto__` key
 * and no `constructor` key holding a `prototype`.
 */
function breaksRequestRules(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return DISALLOWED.test(value);
  if (!value || typeof value !== 'object') return false;
  if (depth >= MAX_DEPTH) return true;
  for (const [key, child] of Object.entries(value)) {
    if (DISALLOWED.test(key) || key === '__proto__') return true;
    if (key === 'constructor' && child && typeof child === 'object' && 'prototype' in child)
      return true;
    if (breaksRequestRules(child, depth + 1)) return true;
  }
  return false;
}

/** The same value with every text trimmed, as the document says text fields are. */
function trimmed(value: unknown): unknown {
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return value.map(trimmed);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, trimmed(v)]));
  return value;
}

/**
 * Whether the document promises to take this value: the schema holds for it as sent and as
 * trimmed (which fields are trimmed is not machine-readable, so a value whose trimming changes
 * the verdict promises nothing), and it keeps the rules every request keeps.
 */
export function documentedValid(validate: ValidateFunction, value: unknown): boolean {
  return !breaksRequestRules(value) && validate(value) && validate(trimmed(value)) === true;
}

// ---------------------------------------------------------------------------------------------
// Turning a case into a request

/** A query string as a browser's form would send it: text, arrays as repeated keys. */
export function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, asText(one));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A path or query value as text: numbers as JavaScript writes them, objects as JSON. */
export function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Text as a path segment: UTF-8 percent-encoded, a lone surrogate as U+FFFD like a browser. */
export function pathSegment(value: unknown): string {
  if (value instanceof RawSegment) return value.text;
  return [...Buffer.from(asText(value), 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** A path segment sent as it is, encoding errors and all. */
class RawSegment {
  constructor(readonly text: string) {}
}
export const BROKEN_SEGMENTS = ['%', '%E0%A4%A', '%ZZ', '%C0%AF'].map((t) => new RawSegment(t));

/** A multipart/form-data body of text fields and files. */
export function multipart(fields: [string, string | FilePart][]) {
  const boundary = '----contract-fuzz-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    const head =
      typeof value === 'string'
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType}\r\n\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(typeof value === 'string' ? value : value.bytes));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
