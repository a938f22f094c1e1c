import fc from 'fast-check';

/**
 * Hostile inputs mixed into the contract's valid-ish ones: keys named like built-in object
 * properties, 1 MB strings, deep nesting, lone surrogates, wrong types, invalid ids and cursors, huge
 * and negative numbers, impossible dates.
 */

/** Keys every plain object inherits, or that reach its prototype. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  '__defineGetter__',
] as const;

const MB = 1024 * 1024;

/** `{"a":{"a":...}}` `depth` levels deep (or arrays). */
export function deeplyNested(depth: number, array = false): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = array ? [v] : { a: v };
  return v;
}

/** The JSON text of `{"a":{"a":...}}` `depth` levels deep, deeper than JSON.stringify can write. */
export const deeplyNestedJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

const b64 = (s: string) => Buffer.from(s).toString('base64url');

/** Cursors a client could send: truncated, undecodable, tampered, or the right shape with wrong values. */
export const hostileCursor = fc.constantFrom(
  'MQ',
  'AAAA',
  '!!!',
  '%',
  b64('{"p":-1}'),
  b64('{"p":1e309}'),
  b64('{"p":"x"}'),
  b64('{}'),
  b64('null'),
  b64('[]'),
  b64('{"pk":"x","sk":"y"}'),
  b64('{"__proto__":{"p":1}}'),
  b64('{"constructor":{"prototype":{"p":1}}}'),
  b64('"'),
  `${b64('{"p":2}')}.forged`,
  'x'.repeat(4000),
  'x'.repeat(4001),
);

/** Strings that are wrong in every way a string can be. */
export const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\t\n',
    '\u0000',
    '\uD800',
    'a\uDC00b',
    '\uFEFF',
    '😀'.repeat(50),
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../../etc/passwd',
    '%00',
    '%E0%A4%A',
    `\${7*7}`,
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1e309',
    '99999999999999999999999',
    '0x10',
    'true',
    'null',
    'undefined',
    '2023-02-30',
    '2023-13-01',
    '0000-00-00',
    '9999-12-31T23:59:59Z',
    '2023-02-30T25:61:61Z',
    '1970-01-01T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    '+275760-09-13T00:00:00.001Z',
    'Invalid Date',
    ...PROTOTYPE_KEYS,
  ),
  fc.constant('x'.repeat(MB)),
  fc.constant('é'.repeat(70 * 1024)),
  fc.constant('x'.repeat(10_000)),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', minLength: 101, maxLength: 300 }),
);

/** Numbers no field expects. */
export const hostileNumber = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    0.5,
    -1e-9,
    2 ** 31,
    2 ** 53,
    -(2 ** 53),
    Number.MAX_SAFE_INTEGER + 2,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    1e21,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value of a type a field might not expect, including deep structures. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}, [null], { '': '' }) },
  { weight: 1, arbitrary: fc.constant(deeplyNested(1000)) },
  { weight: 1, arbitrary: fc.constant(deeplyNested(1000, true)) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS).map((k) => JSON.parse(`{"${k}":1}`)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** `obj` with `key` set as an own property (even `__proto__`), as JSON.parse builds it. */
export function withOwn(obj: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const out = { ...obj };
  Object.defineProperty(out, key, { value, enumerable: true, configurable: true, writable: true });
  return out;
}

/**
 * A hostile version of a valid-ish object: a field replaced by a hostile value, a key named like a
 * built-in property added, a field dropped, or the whole value swapped for a hostile one.
 */
export function spoil(valid: fc.Arbitrary<unknown>, hostile: fc.Arbitrary<unknown> = hostileValue) {
  const isRecord = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  return fc.oneof(
    valid.chain((v) =>
      isRecord(v) && Object.keys(v).length
        ? fc.tuple(fc.constantFrom(...Object.keys(v)), hostile).map(([k, h]) => withOwn(v, k, h))
        : hostile,
    ),
    fc
      .tuple(valid, fc.constantFrom(...PROTOTYPE_KEYS), hostile)
      .map(([v, k, h]) => (isRecord(v) ? withOwn(v, k, h) : v)),
    valid.chain((v) =>
      isRecord(v) && Object.keys(v).length
        ? fc.constantFrom(...Object.keys(v)).map((k) => {
            const { [k]: _dropped, ...rest } = v;
            return rest;
          })
        : fc.constant(v),
    ),
    hostile,
  );
}
