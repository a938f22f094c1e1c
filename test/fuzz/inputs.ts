import fc from 'fast-check';
import type { HttpSpec } from '../../functions/lib/http.js';
import type { RouteDef } from '../../shared/routes.js';
import { arbitraryOf, type IdSource, type JsonSchema, jsonSchemaOf } from './arbitraries.js';
import {
  deeplyNestedJson,
  hostileCursor,
  hostileString,
  hostileValue,
  PROTOTYPE_KEYS,
  spoil,
  withOwn,
} from './hostile.js';
import type { PrincipalKind } from './world.js';

/**
 * One fuzzed request of a route: who calls, and the path parameters, query and body, each generated
 * from the route's contract (valid-ish) or spoiled with hostile values.
 */

export type Contract = HttpSpec<unknown, unknown, unknown>;

export interface FuzzInput {
  who: PrincipalKind;
  params: Record<string, string>;
  query: Record<string, string> | undefined;
  /** The body's exact text (JSON or not), or none. */
  body: string | undefined;
}

/** Who a route expects: anonymous on a public route, a client and the trainer on a signed-in one. */
export const principalsOf = (route: RouteDef): PrincipalKind[] =>
  route.access === 'public'
    ? ['anonymous']
    : route.access === 'signed-in'
      ? ['client', 'admin']
      : [route.access as PrincipalKind];

const asText = (v: unknown): string =>
  typeof v === 'string' ? v : Array.isArray(v) ? v.map(asText).join(',') : (JSON.stringify(v) ?? '');

/** A record of strings (path and query values are text), keeping own keys such as `__proto__`. */
export const textRecord = (v: unknown): Record<string, string> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return withOwn({}, 'value', asText(v)) as never;
  let out: Record<string, unknown> = {};
  for (const k of Object.keys(v)) out = withOwn(out, k, asText((v as Record<string, unknown>)[k]));
  return out as Record<string, string>;
};

const hostileText = fc.oneof(hostileString, hostileCursor, hostileValue.map(asText));

/** Path parameters: from the contract's `params`, else one string per `{name}` of the path. */
function paramsArb(route: RouteDef, contract: Contract, ids: IdSource): fc.Arbitrary<Record<string, string>> {
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const schema: JsonSchema = contract.params
    ? jsonSchemaOf(contract.params)
    : {
        type: 'object',
        properties: Object.fromEntries(names.map((n) => [n, { type: 'string', minLength: 1, maxLength: 100 }])),
        required: names,
      };
  const valid = arbitraryOf(schema, ids);
  if (!names.length) return valid.map(textRecord);
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: spoil(valid, hostileText) }).map(textRecord);
}

/** Query parameters: the contract's, spoiled, or with keys nobody declared (built-in property names first). */
function queryArb(contract: Contract, ids: IdSource): fc.Arbitrary<Record<string, string> | undefined> {
  const extra = fc.dictionary(
    fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS, 'cursor', 'limit', 'filter'), fc.string({ maxLength: 10 })),
    hostileText,
    { maxKeys: 3 },
  );
  if (!contract.query) return fc.option(extra.map(textRecord), { nil: undefined });
  const valid = arbitraryOf(jsonSchemaOf(contract.query), ids);
  return fc
    .oneof(
      { weight: 3, arbitrary: valid },
      { weight: 2, arbitrary: spoil(valid, hostileText) },
      { weight: 1, arbitrary: fc.tuple(valid, extra).map(([v, e]) => ({ ...e, ...(v as object) })) },
    )
    .map(textRecord);
}

/** Bodies that are not JSON at all, or JSON nobody expects. */
const rawBody = fc.constantFrom(
  '',
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '1e999999',
  'undefined',
  '\uD800',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '['.repeat(60_000),
  deeplyNestedJson(12_000),
  'x'.repeat(1024 * 1024),
);

function bodyArb(contract: Contract, ids: IdSource): fc.Arbitrary<string | undefined> {
  if (!contract.body)
    return fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: rawBody });
  const valid = arbitraryOf(jsonSchemaOf(contract.body), ids);
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((v) => JSON.stringify(v)) },
    { weight: 4, arbitrary: spoil(valid).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: rawBody },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** The requests of one route: its principals, and inputs from its contract mixed with hostile ones. */
export const inputsOf = (route: RouteDef, contract: Contract, ids: IdSource): fc.Arbitrary<FuzzInput> =>
  fc.record({
    who: fc.constantFrom(...principalsOf(route)),
    params: paramsArb(route, contract, ids),
    query: queryArb(contract, ids),
    body: bodyArb(contract, ids),
  });
