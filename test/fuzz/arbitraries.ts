import fc from 'fast-check';
import * as z from '../../shared/zod.js';

/**
 * Inputs generated from a route's contract: zod's own JSON Schema of each schema (z.toJSONSchema, the
 * input side) walked into fast-check arbitraries. The walk covers what the contracts use: objects
 * (required keys, strict), arrays, strings (lengths, patterns, formats), numbers, booleans, null,
 * enums, consts and unions; anything else becomes an arbitrary JSON value.
 */

/** A JSON Schema node as z.toJSONSchema writes it. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

export function jsonSchemaOf(schema: z.core.$ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/**
 * Where generated values may use real ids: `idsFor(name)` answers the ids worth trying for a field or
 * path parameter named `name` (e.g. a client's profile id for `clientId`, a list's own cursors for
 * `cursor`, the world's own addresses for an e-mail field), or none.
 */
export type IdSource = (name: string) => readonly string[];

const ID_NAME = /(^id$|^ids$|Id$|Ids$|^token$|^cursor$)/;
/** Longest string generated for a field without its own maximum, so valid bodies stay small. */
const FREE_MAX = 40;

const textOf = (min: number, max: number) => {
  const maxLength = Math.max(min, Math.min(max, FREE_MAX));
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength: min, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength }) },
    { weight: 1, arbitrary: fc.constant('x'.repeat(Math.max(min, max === Infinity ? 200 : max))) },
  );
};

const isoDate = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Strings a field's name asks for where its JSON Schema says only "text" (zod refinements and pipes
 * have no JSON Schema): e-mail addresses, passwords, phone numbers, names, dates (birth dates in the
 * past), times, time zones, push endpoints and keys, and page sizes. Mixed with plain text, so the refinements are tried too.
 */
function namedString(name: string): fc.Arbitrary<string> | undefined {
  const hinted = (() => {
    if (/email/i.test(name)) return fc.stringMatching(/^[a-z0-9]{1,12}(\.[a-z0-9]{1,8})?@[a-z]{1,10}\.(com|org|test)$/);
    if (/password/i.test(name)) return fc.stringMatching(/^[A-Z][a-z]{4,12}[0-9]{1,4}[!@#$%]$/);
    if (/phone/i.test(name)) return fc.stringMatching(/^(\+1 )?\(?[2-9]\d{2}\)?[ -]?\d{3}-\d{4}$/);
    if (/(first|last|dog)?name$/i.test(name)) return fc.stringMatching(/^[A-Z][a-z]{1,15}( [A-Z][a-z]{1,10})?$/);
    // A push subscription's endpoint (a push service's URL; the server allows only known hosts).
    if (/^endpoint$/.test(name))
      return fc.stringMatching(/^https:\/\/fcm\.googleapis\.com\/fcm\/send\/[A-Za-z0-9_-]{8,40}$/);
    // Its keys: an uncompressed P-256 point (65 bytes, 0x04 first) and a 16-byte secret, base64url.
    if (/^p256dh$/.test(name))
      return fc
        .uint8Array({ minLength: 64, maxLength: 64 })
        .map((b) => Buffer.concat([Buffer.from([4]), b]).toString('base64url'));
    if (/^auth$/.test(name))
      return fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => Buffer.from(b).toString('base64url'));
    if (/timeZone/i.test(name))
      return fc.constantFrom('America/New_York', 'Europe/London', 'UTC', 'Pacific/Kiritimati', 'Asia/Kolkata');
    // A vaccination: given in the past, expiring in the future (so the expiry is after the date given).
    if (/^givenOn$/.test(name)) return isoDate.map((d) => d.slice(0, 10)).filter((d) => d <= today());
    if (/^expiresOn$/.test(name)) return isoDate.map((d) => d.slice(0, 10)).filter((d) => d > today());
    if (/birth/i.test(name)) return isoDate.map((d) => d.slice(0, 10)).filter((d) => d <= today());
    if (/date/i.test(name)) return isoDate.map((d) => d.slice(0, 10));
    if (/(At|For|^from|^to)$/.test(name)) return isoDate;
    if (/^limit$/.test(name)) return fc.integer({ min: 1, max: 100 }).map(String);
    return undefined;
  })();
  return hinted && fc.oneof({ weight: 9, arbitrary: hinted }, { weight: 1, arbitrary: textOf(0, 40) });
}

function stringArb(s: JsonSchema, name: string, ids: IdSource): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Infinity;
  let base: fc.Arbitrary<string>;
  const named = namedString(name);
  if (named) base = named;
  else if (s.pattern) base = fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min && v.length <= max);
  else if (s.format === 'email') base = fc.emailAddress();
  else if (s.format === 'date-time') base = isoDate;
  else if (s.format === 'date') base = isoDate.map((d) => d.slice(0, 10));
  else base = textOf(min, max);
  const real = ID_NAME.test(name) || /email/i.test(name) ? ids(name) : [];
  return real.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...real) }, { weight: 1, arbitrary: base })
    : base;
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 1e-6) : undefined);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 1e-6) : undefined);
  if (integer) return fc.integer({ min: min ?? -1_000_000, max: max ?? 1_000_000 });
  return fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true, noDefaultInfinity: true });
}

function anyArray(s: JsonSchema, ids: IdSource, name: string) {
  const items = arbitraryOf(s.items ?? {}, ids, name.replace(/s$/, ''));
  const size = { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 4, Math.max(s.minItems ?? 0, 4)) };
  // Objects keyed by a session type are listed once each (the availability's bookable types).
  if (s.items?.properties?.sessionType?.enum) {
    return fc.uniqueArray(items, { ...size, selector: (v) => (v as { sessionType?: unknown }).sessionType });
  }
  return fc.array(items, size);
}

/** An object of a `start` and an `end` time of day (the availability's working ranges). */
const isTimeRange = (s: JsonSchema | undefined) =>
  s?.type === 'object' && !!s.properties?.start?.pattern && !!s.properties?.end?.pattern;

/**
 * A day's working ranges as the availability's refinements want them (each ends after it starts, none
 * overlaps): distinct times of day, sorted, paired. Mixed with arbitrary arrays, so the refinements are
 * tried too.
 */
function dayRanges(s: JsonSchema): fc.Arbitrary<{ start: string; end: string }[]> {
  const max = Math.min(s.maxItems ?? 4, 4);
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  return fc.uniqueArray(fc.integer({ min: 0, max: 96 }), { minLength: 0, maxLength: 2 * max }).map((quarters) => {
    const sorted = quarters.sort((a, b) => a - b).slice(0, quarters.length - (quarters.length % 2));
    const out: { start: string; end: string }[] = [];
    for (let i = 0; i < sorted.length; i += 2) out.push({ start: hhmm(sorted[i] * 15), end: hhmm(sorted[i + 1] * 15) });
    return out;
  });
}

/** An arbitrary of values the schema describes (valid-ish: refinements a JSON Schema cannot say are not known). */
export function arbitraryOf(s: JsonSchema, ids: IdSource, name = ''): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union) return fc.oneof(...union.map((u) => arbitraryOf(u, ids, name)));
  if (s.allOf?.length) return arbitraryOf(Object.assign({}, ...s.allOf), ids, name);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((t) => arbitraryOf({ ...s, type: t }, ids, name)));
  switch (s.type) {
    case 'string':
      return stringArb(s, name, ids);
    case 'integer':
      return numberArb(s, true);
    case 'number':
      return numberArb(s, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      if (isTimeRange(s.items))
        return fc.oneof({ weight: 49, arbitrary: dayRanges(s) }, { weight: 1, arbitrary: anyArray(s, ids, name) });
      return anyArray(s, ids, name);
    case 'object': {
      const props = s.properties ?? {};
      const record = fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryOf(v, ids, k)])), {
        requiredKeys: (s.required ?? []).filter((k) => k in props),
      });
      if (typeof s.additionalProperties === 'object') {
        const extra = fc.dictionary(
          fc.string({ minLength: 1, maxLength: 20 }),
          arbitraryOf(s.additionalProperties, ids),
        );
        return fc.tuple(record, extra).map(([r, e]) => ({ ...e, ...r }));
      }
      return record;
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
