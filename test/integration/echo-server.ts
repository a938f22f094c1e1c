import type { Server } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { inject } from 'vitest';
import { contentSecurityPolicy, createSiteServer } from '../../infra/local/site-server.js';
import { verifyIdToken } from '../../shared/adapters/token-verifier.js';
import { runtimeConfigSchema } from '../../shared/contracts/runtime-config.js';

export const ECHO_ORIGIN_SECRET = 'echo-origin-secret';

/** A site server in this worker whose "handlers" echo the event they receive. */
export async function echoServer(
  opts: { webDist?: string | null; routerBuild?: string; routeStore?: string; throwing?: boolean } = {},
) {
  const calls: { handler: string; event: APIGatewayProxyEventV2WithJWTAuthorizer }[] = [];
  const urls = inject('urls');
  const server = createSiteServer({
    webDist: opts.webDist ?? null,
    routerBuild: opts.routerBuild,
    routeStore: opts.routeStore,
    config: runtimeConfigSchema.parse({
      region: 'us-east-1',
      userPoolId: 'local_x',
      userPoolClientId: 'client',
      authFlowType: 'USER_PASSWORD_AUTH',
      apiUrl: '/api',
      wsUrl: urls.ws,
      mediaUrl: '/media',
      businessEmail: 'trainer@pawsitive.local',
      siteUrl: urls.site,
    }),
    csp: contentSecurityPolicy({ ws: urls.ws, cognito: urls.cognito, media: urls.s3 }),
    originSecret: ECHO_ORIGIN_SECRET,
    api: {
      invoke: async (handler, event) => {
        calls.push({ handler, event: event as APIGatewayProxyEventV2WithJWTAuthorizer });
        if (opts.throwing) throw new Error('boom');
        if (handler === 'http/me/get-me') {
          return {
            statusCode: 202,
            headers: { 'x-echo': 'yes', 'content-type': 'image/png' },
            cookies: ['a=1; Path=/', 'b=2; Path=/'],
            body: Buffer.from([0, 1, 2, 255]).toString('base64'),
            isBase64Encoded: true,
          };
        }
        return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ handler }) };
      },
      verifyToken: (t) => verifyIdToken(t) as Promise<Record<string, unknown>>,
    },
  });
  await new Promise<void>((r) => server.listen({ port: 0, host: '127.0.0.1' }, () => r()));
  const { port } = server.address() as { port: number };
  return { server, calls, base: `http://127.0.0.1:${port}` };
}

export const close = (s: Server) =>
  new Promise<void>((r) => {
    s.close(() => r());
    s.closeAllConnections();
  });
