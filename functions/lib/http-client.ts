import { ensureClientProfile } from '../../shared/domain/client-profiles.js';
import { buildHttpHandler, type HttpContext, type HttpResult, type HttpSpec } from './http.js';
import { markBuilt } from './middleware.js';

/**
 * The builder of the routes a client may call (`client` and `signed-in` in shared/routes.ts): the
 * HTTP builder of functions/lib/http.ts, plus the creation of a signed-in client's missing profile
 * (SPEC 4), which asks the user directory. In its own module so that only these handlers bundle the
 * Cognito client (ADR 0016).
 */
export function clientHttpHandler<B = undefined, Q = undefined, P = Record<string, string>>(
  spec: HttpSpec<B, Q, P>,
  run: (ctx: HttpContext<B, Q, P>) => Promise<HttpResult>,
) {
  return markBuilt(buildHttpHandler(spec, run, ensureClientProfile), 'http', 'client', spec);
}
