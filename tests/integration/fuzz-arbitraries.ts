// Arbitraries for the fuzz suite (fuzz.test.ts): field values derived from the zod schemas (lengths,
// enums, email and number branches), near-valid edge values, and hostile values (wrong types, deep
// objects, __proto__ keys, huge numbers, odd unicode). `json: true` keeps to what JSON can carry.
import fc from 'fast-check';
import type { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Budget and seed

/** FUZZ_RUNS: below 1000 a multiplier of every property's runs (FUZZ_RUNS=10), from 1000 a total. */
export function runScale(baseTotal: number): number {
  const raw = Number(process.env.FUZZ_RUNS ?? '');
  if (!Number.isFinite(raw) || raw <= 0) return 1;
  return raw < 1000 ? raw : raw / baseTotal;
}

/** A fixed seed unless FUZZ_SEED says otherwise; fast-check prints it with any counterexample. */
export const FUZZ_SEED =
  Number.isInteger(Number(process.env.FUZZ_SEED)) && process.env.FUZZ_SEED !== '' && process.env.FUZZ_SEED !== undefined
    ? Number(process.env.FUZZ_SEED)
    : 20_260_601;

// ---------------------------------------------------------------------------------------------
// What a zod schema says about one field

export interface FieldSpec {
  minLength: number;
  maxLength?: number;
  enumValues?: readonly string[];
  email: boolean;
  number: boolean;
  optional: boolean;
}

interface ZodInternals {
  _zod: {
    def: {
      type: string;
      format?: string;
      in?: unknown;
      out?: unknown;
      innerType?: unknown;
      options?: unknown[];
      entries?: Record<string, string>;
    };
  };
  minLength?: number | null;
  maxLength?: number | null;
}

/** Walks pipes, unions, optionals and defaults, collecting the tightest string lengths, enums and branches. */
export function fieldSpec(schema: z.ZodType): FieldSpec {
  const spec: FieldSpec = { minLength: 0, email: false, number: false, optional: false };
  const visit = (node: unknown) => {
    const s = node as ZodInternals;
    const def = s._zod.def;
    switch (def.type) {
      case 'string':
        if (def.format === 'email') spec.email = true;
        if (typeof s.maxLength === 'number') spec.maxLength = Math.min(spec.maxLength ?? Infinity, s.maxLength);
        if (typeof s.minLength === 'number') spec.minLength = Math.max(spec.minLength, s.minLength);
        break;
      case 'pipe':
        visit(def.in);
        visit(def.out);
        break;
      case 'optional':
      case 'nullable':
      case 'default':
        spec.optional = true;
        visit(def.innerType);
        break;
      case 'union':
        for (const option of def.options ?? []) visit(option);
        break;
      case 'enum':
        spec.enumValues = Object.values(def.entries ?? {});
        break;
      case 'number':
        spec.number = true;
        break;
    }
  };
  visit(schema);
  return spec;
}

// ---------------------------------------------------------------------------------------------
// Building blocks

/** A field left out of the object altogether. */
export const ABSENT: unique symbol = Symbol('absent');

const longStrings = new Map<string, string>();
/** Long strings are made once and shared: generating them per case would dominate the run time. */
export function repeat(unit: string, times: number): string {
  const key = `${unit}|${times}`;
  let made = longStrings.get(key);
  if (made === undefined) {
    made = unit.repeat(Math.max(0, times));
    longStrings.set(key, made);
  }
  return made;
}

export function nest(depth: number, leaf: unknown, asArray: boolean): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i += 1) value = asArray ? [value] : { a: value };
  return value;
}

/** An object whose keys are all own properties, `__proto__` included (as JSON.parse would make it). */
export function ownObject(entries: Array<[string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

/** Odd characters alone: blanks, controls, RTL overrides, combining marks, emoji, lone surrogates. */
export const ODD_TEXT = [
  '',
  ' ',
  '   ',
  '\t\n\r',
  '\u00a0',
  '\u200b',
  '\u3000',
  '\ufeff',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00x',
  'x\ud83d',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  'שלום',
  '😀👍🏽👨‍👩‍👧',
  'e\u0301\u0301\u0301',
  'Ǆǆ',
  'ﬃ',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '%00%2e%2e%2f',
  '../../etc/passwd',
  '${7*7}{{7*7}}',
  'null',
  'undefined',
  'true',
  '[object Object]',
  '__proto__',
  'constructor',
] as const;

export const NUMERIC_STRINGS = [
  '125',
  '1e3',
  '12.5',
  ' 7 ',
  '\u00a07\u00a0',
  '-1',
  '+5',
  '0x10',
  '0b11',
  '0o7',
  'NaN',
  'Infinity',
  '-Infinity',
  '0',
  '00',
  '007',
  '-0',
  '1_000',
  '1,000',
  '$5',
  '5.',
  '.5',
  '5 5',
  '１２３',
  '٣',
  '9007199254740993',
  '99999999999',
  '9999999999',
  '1000000000',
  '1000000001',
  '1e308',
  '1e309',
] as const;

const HUGE_NUMBERS = [
  0,
  -0,
  1,
  -1,
  7,
  12.5,
  0.1,
  1e3,
  1e9,
  1e9 + 1,
  2 ** 31,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 1,
  2 ** 53 + 2,
  Number.MIN_VALUE,
  Number.EPSILON,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  NaN,
  Infinity,
  -Infinity,
];

/** Numbers and number-like strings: fractions, exponents, hex, signs, huge and tiny, NaN and Infinity. */
export function numberish(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...HUGE_NUMBERS),
    fc.constantFrom(...NUMERIC_STRINGS),
    fc.integer(),
    fc.double(),
    fc.integer({ min: -20, max: 2000 }).map(String),
  );
}

// One shared instance: fast-check builds a table of every code point the first time a 'binary' or
// 'grapheme' string arbitrary maps a value back (about 100 ms each), so new instances per case are costly.
const ANY_TEXT: fc.Arbitrary<string> = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\u00a0', '\u200b', 'a', '\u0000') }),
  fc.constantFrom(...ODD_TEXT),
);

/** A string that looks like text: arbitrary code units (surrogates included), graphemes, odd characters. */
export function anyText(): fc.Arbitrary<string> {
  return ANY_TEXT;
}

/** Strings at and around a field's length limits, blank and padded, plus odd unicode. */
export function edgeText(spec: Pick<FieldSpec, 'minLength' | 'maxLength'>): fc.Arbitrary<string> {
  const max = spec.maxLength ?? 200;
  const min = Math.max(spec.minLength, 1);
  const emojiPairs = Math.floor(max / 2);
  return fc.oneof(
    fc.constantFrom(
      repeat('a', min - 1),
      repeat('a', min),
      repeat('a', max - 1),
      repeat('a', max),
      repeat('a', max + 1),
      `  ${repeat('a', max)}  `,
      `\n${repeat('b', max)}\t`,
      repeat(' ', max + 1),
      repeat('😀', emojiPairs),
      `${repeat('😀', emojiPairs)}x`,
      repeat('\u0000', Math.min(max, 64)),
      repeat('\u202e', max + 1),
      repeat('x', 100_000),
    ),
    anyText(),
  );
}

/** Anything JSON can carry that no field wants: null, booleans, arrays, deep and hostile objects. */
export function hostileJson(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(null, true, false, [], {}, [''], ['125'], [125], { value: '125' }, { toString: 'x', valueOf: 1 }),
    fc.integer({ min: 50, max: 300 }).chain((depth) => fc.boolean().map((asArray) => nest(depth, 'x', asArray))),
    fc.constantFrom(
      ownObject([['__proto__', { role: 'admin', isAdmin: true }]]),
      ownObject([['constructor', { prototype: { role: 'admin' } }]]),
      ownObject([
        ['toString', 'not a function'],
        ['valueOf', 7],
        ['hasOwnProperty', null],
      ]),
      Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])),
      Array.from({ length: 1000 }, (_, i) => i),
    ),
    fc.jsonValue({ maxDepth: 3 }),
  );
}

/** Values no JSON body can carry but a direct caller can pass: undefined, NaN, bigint, symbols, class instances. */
export function hostileJs(): fc.Arbitrary<unknown> {
  return fc.oneof(
    hostileJson(),
    fc.constantFrom<unknown>(
      undefined,
      NaN,
      Infinity,
      -0,
      10n,
      Symbol('s'),
      () => '125',
      new Date(Number.NaN),
      new Date(0),
      new Map([['a', 1]]),
      new Set([1]),
      Object.create(null),
      new Uint8Array([1, 2, 3]),
      /regex/,
      new Error('boom'),
      Promise.resolve('125'),
      new File([new Uint8Array([0x89, 0x50])], 'x.png', { type: 'image/png' }),
      new FormData(),
      // Boxed primitives: typeof 'object', yet they stringify like their value.
      Object('125') as object,
      Object(125) as object,
      Object(true) as object,
    ),
  );
}

export interface ValueOptions {
  /** Only values JSON can carry (REST and tRPC over HTTP). */
  json: boolean;
}

/** One field: mostly valid, often near-valid, sometimes hostile or left out. */
export function fieldValue(valid: fc.Arbitrary<unknown>, edge: fc.Arbitrary<unknown>, options: ValueOptions): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 10, arbitrary: valid },
    { weight: 5, arbitrary: edge },
    { weight: 2, arbitrary: numberish() },
    { weight: 3, arbitrary: options.json ? hostileJson() : hostileJs() },
    { weight: 1, arbitrary: fc.constant(ABSENT) },
  );
}

/** Extra fields a hostile client adds: privilege and ownership fields, prototype keys, random names. */
export function extraFields(options: ValueOptions): fc.Arbitrary<Array<[string, unknown]>> {
  const key = fc.oneof(
    fc.constantFrom(
      'role',
      'isAdmin',
      'admin',
      'id',
      '_id',
      'userId',
      'sellerId',
      'seller',
      'bidderId',
      'currentPrice',
      'bidsCount',
      'photo',
      'passwordHash',
      'createdAt',
      'ipAddress',
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'valueOf',
    ),
    fc.string(),
  );
  const value = fc.oneof(fc.constantFrom<unknown>('admin', 1, 0, 999_999, true, 'user'), options.json ? hostileJson() : hostileJs());
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<Array<[string, unknown]>>([]) },
    { weight: 2, arbitrary: fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 4 }) },
  );
}

/** An object with the given fields (ABSENT ones left out) plus extra fields, all own properties. */
export function shapedObject(
  fields: Record<string, fc.Arbitrary<unknown>>,
  options: ValueOptions,
  extras = true,
): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(fc.record(fields), extras ? extraFields(options) : fc.constant([] as Array<[string, unknown]>))
    .map(([values, extra]) => ownObject([...extra, ...Object.entries(values).filter(([, v]) => v !== ABSENT)]));
}

/** Whole inputs that are not an object of fields at all. */
export function hostileTop(options: ValueOptions, valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  return fc.oneof(
    options.json ? hostileJson() : hostileJs(),
    valid.map((v) => [v]),
    valid.map((v) => ({ input: v, json: v, 0: v })),
    anyText(),
    numberish(),
  );
}

export interface InputPlan {
  /** Every field valid (the success path), with hostile extra fields. */
  valid: Record<string, fc.Arbitrary<unknown>>;
  /** Every field mixed: valid, near-valid, wrong type or left out. */
  mixed: Record<string, fc.Arbitrary<unknown>>;
}

/** The input of one procedure: all valid, mixed field by field, or no object at all. */
export function inputFor(plan: InputPlan, options: ValueOptions, weights = { valid: 3, mixed: 12, hostile: 2 }): fc.Arbitrary<unknown> {
  const valid = shapedObject(plan.valid, options);
  return fc.oneof(
    { weight: weights.valid, arbitrary: valid },
    { weight: weights.mixed, arbitrary: shapedObject(plan.mixed, options) },
    { weight: weights.hostile, arbitrary: hostileTop(options, valid) },
  );
}

/**
 * Field arbitraries for every key of an object schema: valid values from `valid` (by field name) or
 * else from the schema itself, edges from the schema's lengths, and the hostile rest. A field added to
 * the schema is fuzzed without touching the suite.
 */
export function planFor(
  shape: Record<string, z.ZodType>,
  valid: Partial<Record<string, fc.Arbitrary<unknown>>>,
  options: ValueOptions,
  edges: Partial<Record<string, fc.Arbitrary<unknown>>> = {},
): InputPlan {
  const plan: InputPlan = { valid: {}, mixed: {} };
  for (const [key, schema] of Object.entries(shape)) {
    const spec = fieldSpec(schema);
    const good = valid[key] ?? validFromSpec(spec);
    const edge = edges[key] ? fc.oneof(edges[key], edgeFromSpec(spec)) : edgeFromSpec(spec);
    plan.valid[key] = spec.optional ? fc.oneof(good, fc.constant(ABSENT)) : good;
    plan.mixed[key] = fieldValue(good, edge, options);
  }
  return plan;
}

export function validFromSpec(spec: FieldSpec): fc.Arbitrary<unknown> {
  if (spec.enumValues) return fc.constantFrom(...spec.enumValues);
  if (spec.email) return validEmail();
  if (spec.number) return fc.integer({ min: Math.max(1, spec.minLength), max: 1000 }).chain((n) => fc.constantFrom<unknown>(n, String(n)));
  const min = Math.max(spec.minLength, 1);
  const max = Math.max(min, Math.min(spec.maxLength ?? 60, 60));
  return fc.string({ minLength: min, maxLength: max }).filter((s) => s.trim().length >= min && s.length <= max);
}

export function edgeFromSpec(spec: FieldSpec): fc.Arbitrary<unknown> {
  if (spec.enumValues) {
    const values = spec.enumValues;
    return fc.oneof(
      fc.constantFrom(...values.map((v) => v.toLowerCase()), ...values.map((v) => ` ${v} `), ...values.map((v) => v.toUpperCase())),
      edgeText(spec),
    );
  }
  if (spec.email) return edgeEmail();
  return edgeText(spec);
}

// ---------------------------------------------------------------------------------------------
// Field families

export function validEmail(): fc.Arbitrary<string> {
  return fc.oneof(
    fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9._-]{0,15}$/), fc.constantFrom('example.com', 'Example.ORG', 'mail.example.co.uk'))
      .map(([local, domain]) => `${local}@${domain}`),
    fc.emailAddress(),
  );
}

export function edgeEmail(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      'a@b',
      '@example.com',
      'a@',
      'a@@example.com',
      'a b@example.com',
      'ü@example.com',
      'a@exämple.com',
      'A@EXAMPLE.COM',
      '  Mixed@Example.Com  ',
      `${repeat('a', 242)}@example.com`,
      `${repeat('a', 243)}@example.com`,
      `${repeat('a', 64)}@example.com`,
      `${repeat('a', 65)}@example.com`,
      '"quoted"@example.com',
      'a@example.com\u0000',
      'a\u0000@example.com',
      'a@[127.0.0.1]',
      'a@127.0.0.1',
      '<script>@example.com',
      'a@example.com\n',
      'a@example..com',
      '.a@example.com',
      'a.@example.com',
      'a@-example.com',
      'a@example.com,b@example.com',
      'a@example.com; drop table users',
      '😀@example.com',
      'a@xn--e1afmkfd.xn--p1ai',
    ),
    edgeText({ minLength: 1, maxLength: 254 }),
    fc.emailAddress().map((e) => ` ${e.toUpperCase()} `),
  );
}

/** Passwords that pass the schema: length 8..128 by code units, spaces and unicode allowed. */
export function validPassword(): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.string({ minLength: 8, maxLength: 40 }),
      fc.string({ unit: 'grapheme-ascii', minLength: 8, maxLength: 128 }),
      fc.constantFrom('correct horse battery', '        ', `${repeat('p', 128)}`, 'pässwörd😀', 'ﬃﬃﬃﬃ1234'),
    )
    .filter((p) => p.length >= 8 && p.length <= 128);
}

/** Near-valid passwords: 7 and 129 characters, blanks, NUL, lone surrogates, NFKC look-alikes. */
export function edgePassword(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      repeat('p', 7),
      repeat('p', 129),
      repeat('😀', 4),
      `${repeat('😀', 3)}x`,
      '\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000',
      repeat('\ud800', 8),
      repeat('x', 1025),
      repeat('x', 100_000),
    ),
    edgeText({ minLength: 8, maxLength: 128 }),
  );
}

/** A multipart part as sent on the wire. */
export interface Part {
  name?: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
  /** Headers sent instead of the usual Content-Disposition and Content-Type. */
  rawHeaders?: string;
}

/** A multipart/form-data body from parts; `truncate` cuts it short, `close: false` leaves out the closing boundary. */
export function multipartBody(boundary: string, parts: Part[], options: { close?: boolean; truncate?: number } = {}): Buffer {
  const chunks: Buffer[] = [];
  const quote = (s: string) => s.replace(/"/g, '%22');
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`, 'latin1'));
    let headers = part.rawHeaders;
    if (headers === undefined) {
      headers = 'Content-Disposition: form-data';
      if (part.name !== undefined) headers += `; name="${quote(part.name)}"`;
      if (part.filename !== undefined) headers += `; filename="${quote(part.filename)}"`;
      headers += '\r\n';
      if (part.contentType !== undefined) headers += `Content-Type: ${part.contentType}\r\n`;
    }
    chunks.push(Buffer.from(`${headers}\r\n`, 'utf8'));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data, 'utf8') : part.data);
    chunks.push(Buffer.from('\r\n', 'latin1'));
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`, 'latin1'));
  const body = Buffer.concat(chunks);
  return options.truncate === undefined ? body : body.subarray(0, Math.max(0, Math.floor(body.length * options.truncate)));
}

/** Raw bodies that are not the JSON they claim to be. */
export function malformedJson(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '{',
      '}',
      '[',
      '{"name":',
      '{"email": "a@example.com",}',
      "{'email': 'a@example.com'}",
      '{"a":1}garbage',
      '{"a":1}{"a":2}',
      'null',
      'true',
      '"a string"',
      '125',
      '1e999',
      'NaN',
      '\ufeff{"name":"x"}',
      '\u0000',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '{"__proto__":{"role":"admin"}}',
      '{"constructor":{"prototype":{"role":"admin"}}}',
      '{"a":{"b":{"__proto__":{"x":1}}}}',
      `${repeat('[', 100_000)}${repeat(']', 100_000)}`,
      `${repeat('{"a":', 50_000)}1${repeat('}', 50_000)}`,
      `${repeat('{"a":', 20_000)}{"__proto__":{"x":1}}${repeat('}', 20_000)}`,
      `${repeat('{"constructor":', 20_000)}{"prototype":{"x":1}}${repeat('}', 20_000)}`,
      `{"name":"${repeat('x', 1_100_000)}"}`,
    ),
    fc.string(),
    fc.json().map((s) => s.slice(0, Math.max(0, s.length - 1))),
  );
}
