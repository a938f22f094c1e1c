import { findRoute as findDeclaredRoute, type RouteDef } from '../../shared/routes.js';

/**
 * The routes the bundled handler serves, as JSON: put in at bundle time (an esbuild `define`,
 * infra/cloud/bundling.ts) from shared/routes.ts, so a handler's bundle carries its own routes instead
 * of the whole table (ADR 0016). Undefined where the handler runs from source (the local runtime, the
 * tests): the table itself is read there.
 */
declare const __HANDLER_ROUTES__: string;

let bundled: readonly RouteDef[] | undefined;

/** The declared route of an API Gateway route key (`GET /api/...`). */
export function findRoute(key: string): RouteDef | undefined {
  if (typeof __HANDLER_ROUTES__ === 'undefined') return findDeclaredRoute(key);
  bundled ??= JSON.parse(__HANDLER_ROUTES__) as readonly RouteDef[];
  return bundled.find((r) => `${r.method} ${r.path}` === key);
}
