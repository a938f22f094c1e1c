import { join } from 'node:path';
import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
import { type RouteDef, routes } from '../../shared/routes.js';
import { REPO_ROOT } from './paths.js';

/**
 * The ONE definition of how a Lambda handler is bundled: the CDK functions (app-function.ts) use
 * `cdkBundling`, the bench (bench/run.ts) and the bundle-size test use `esbuildOptions`, both made
 * from the constants below, so what is measured is what deploys.
 */
const TARGET = 'node22';
const MAIN_FIELDS = ['module', 'main'];
/** Some bundled CommonJS dependencies call require(); give the ESM bundle one. */
const BANNER =
  "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);";
/** Nothing is left out of the bundle (the AWS SDK included: see ADR 0003 and ADR 0016). */
const EXTERNAL: string[] = [];
/**
 * Modules replaced in the bundles only (ADR 0016):
 * - the SDK's default credential chain by the environment credentials Lambda always provides
 *   (lambda-credentials.ts): about 130 KB of providers and STS/SSO clients a function never uses;
 * - the DynamoDB document and low-level clients by modules that name only the client and the item
 *   commands (lambda-lib-dynamodb.mjs, lambda-client-dynamodb.mjs): ElectroDB's `require()` of the
 *   document client otherwise bundles every DynamoDB command, paginator and waiter (about 50 KB);
 * - jsonschema, which ElectroDB uses to validate its entity models (the project's static code, fully
 *   validated in the tests), by a check of required properties only (lambda-jsonschema.ts; about 28 KB);
 * - the SDK's event-stream serde, which no operation the functions call uses, by stand-ins that fail if
 *   one ever does (lambda-event-streams.ts; about 15 KB).
 */
const ALIAS: Record<string, string> = {
  '@aws-sdk/credential-provider-node': join(REPO_ROOT, 'infra', 'cloud', 'lambda-credentials.ts'),
  '@aws-sdk/lib-dynamodb': join(REPO_ROOT, 'infra', 'cloud', 'lambda-lib-dynamodb.mjs'),
  '@aws-sdk/client-dynamodb': join(REPO_ROOT, 'infra', 'cloud', 'lambda-client-dynamodb.mjs'),
  jsonschema: join(REPO_ROOT, 'infra', 'cloud', 'lambda-jsonschema.ts'),
  '@smithy/core/event-streams': join(REPO_ROOT, 'infra', 'cloud', 'lambda-event-streams.ts'),
  '@aws-sdk/middleware-endpoint-discovery': join(REPO_ROOT, 'infra', 'cloud', 'lambda-endpoint-discovery.ts'),
};

/**
 * The goal for an HTTP handler's minified bundle (issue 12, item 11), reported by the bench and
 * asserted for every HTTP handler by the bundle-size test, so a regression (a whole-package import, an
 * SDK client or a heavy module pulled in by a shared import) fails the build. Met by all since
 * Cognito, EventBridge, Scheduler and S3 are called through shared/adapters/aws-call.ts (ADR 0016,
 * fifth step).
 */
export const HTTP_BUNDLE_GOAL_BYTES = 500 * 1024;

/**
 * Constants put into a handler's bundle: `__HANDLER_ROUTES__`, the routes of shared/routes.ts that the
 * handler serves (JSON in a string), which functions/lib/handler-routes.ts reads instead of importing the
 * whole route table (about 9.6 KB per HTTP handler). API Gateway only sends a function its own routes.
 */
export function bundleDefines(handler: string): Record<string, string> {
  const own = (routes as readonly RouteDef[]).filter((r) => r.handler === handler);
  return { __HANDLER_ROUTES__: JSON.stringify(JSON.stringify(own)) };
}

/** The `bundling` block of the NodejsFunction of `handler` (a module path under `functions/`). */
export const cdkBundling = (handler: string): BundlingOptions => ({
  format: OutputFormat.ESM,
  target: TARGET,
  minify: true,
  sourceMap: true,
  sourcesContent: false,
  mainFields: MAIN_FIELDS,
  // Bundle the AWS SDK too: the same versions as the local runtime and the tests, not the runtime's.
  bundleAwsSDK: true,
  externalModules: EXTERNAL,
  banner: BANNER,
  esbuildArgs: { '--alias': Object.entries(ALIAS).map(([from, to]) => `${from}=${to}`) },
  define: bundleDefines(handler),
  forceDockerBundling: false,
});

/**
 * The same build as esbuild options (what `cdkBundling` makes the CDK run: `--bundle --platform=node
 * --format=esm --minify --sourcemap --sources-content=false --alias:… --define:…`), for one handler module under
 * `functions/` (e.g. `http/contact/submit-contact`). Written in memory unless `write` is set; the
 * bundle is `<outdir>/index.mjs` as in the deployed asset.
 */
export function esbuildOptions(handler: string, outdir = join(REPO_ROOT, '.test-local', 'bundles', handler)) {
  return {
    entryPoints: [join(REPO_ROOT, 'functions', `${handler}.ts`)],
    bundle: true,
    platform: 'node',
    target: TARGET,
    format: 'esm',
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    mainFields: MAIN_FIELDS,
    external: EXTERNAL,
    banner: { js: BANNER },
    alias: ALIAS,
    define: bundleDefines(handler),
    outfile: join(outdir, 'index.mjs'),
    write: false,
    logLevel: 'silent',
  } satisfies BuildOptions;
}
