import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
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
/**
 * Packages no bundle carries, installed next to the bundle of the functions that load them (ADR 0029):
 * sharp has native code per platform (its linux build for the function's architecture is installed), and
 * jsdom reads its own files at run time. Only the website image step loads them, on first use.
 */
export const INSTALLED_MODULES: Record<string, readonly string[]> = {
  'http/content/process-image': ['sharp', 'jsdom'],
};

/**
 * Every function runs on arm64 except those that load native code (sharp): they run on x86_64, the
 * architecture of the machines that build, test and deploy the project, so the sharp build in their asset
 * is one the tests load and run here (ADR 0042).
 */
export const architectureOf = (handler: string): 'arm64' | 'x86_64' =>
  INSTALLED_MODULES[handler]?.includes('sharp') ? 'x86_64' : 'arm64';

/** npm's `--cpu` for a Lambda architecture. */
const NPM_CPU = { arm64: 'arm64', x86_64: 'x64' } as const;
/** Everything else is in the bundle (the AWS SDK included: see ADR 0003 and ADR 0016). */
const EXTERNAL: string[] = [...new Set(Object.values(INSTALLED_MODULES).flat())];
/**
 * Modules replaced in the bundles only (ADR 0016; why their packages are pinned: docs/dependencies.md):
 * - the SDK's default credential chain by the environment credentials Lambda always provides
 *   (lambda-credentials.ts): about 130 KB of providers and STS/SSO clients a function never uses;
 * - the DynamoDB document and low-level clients by modules that name only the client and the item
 *   commands (lambda-lib-dynamodb.mjs, lambda-client-dynamodb.mjs): ElectroDB's `require()` of the
 *   document client otherwise bundles every DynamoDB command, paginator and waiter (about 50 KB);
 * - jsonschema, which ElectroDB uses to validate its entity models (the project's static code, fully
 *   validated in the tests), by a check of required properties only (lambda-jsonschema.ts; about 28 KB).
 */
export const ALIAS: Record<string, string> = {
  '@aws-sdk/credential-provider-node': join(REPO_ROOT, 'infra', 'cloud', 'lambda-credentials.ts'),
  '@aws-sdk/lib-dynamodb': join(REPO_ROOT, 'infra', 'cloud', 'lambda-lib-dynamodb.mjs'),
  '@aws-sdk/client-dynamodb': join(REPO_ROOT, 'infra', 'cloud', 'lambda-client-dynamodb.mjs'),
  jsonschema: join(REPO_ROOT, 'infra', 'cloud', 'lambda-jsonschema.ts'),
};

/**
 * A ceiling on an HTTP handler's minified bundle that catches accidents (classic zod with its locales, a
 * second copy of an SDK package, a client pulled in by a shared import), not a goal: what a function is
 * judged by is its startup (module load and first invocation), which the bench measures (ADR 0016). The
 * largest HTTP handler is about 725 KB.
 */
export const HTTP_BUNDLE_CEILING_BYTES = 1024 * 1024;

/** The `bundling` block of every NodejsFunction. */
export const cdkBundling: BundlingOptions = {
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
  // The render on publish bundles the public pages, whose components import stylesheets (Vite's business).
  loader: { '.css': 'empty' },
  forceDockerBundling: false,
};

/** The version of a package installed here (the lock file's), so the function gets the one tested. */
const installedVersion = (name: string): string =>
  (JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;

/**
 * The `bundling` block of one handler's function: `cdkBundling`, plus, for a handler in
 * `INSTALLED_MODULES`, those packages installed at the lock file's versions and sharp's build for Lambda
 * (linux, the function's architecture, glibc) added next to the host's (a deploy from a Mac gets it too).
 */
export function cdkBundlingFor(handler: string): BundlingOptions {
  const modules = INSTALLED_MODULES[handler];
  if (!modules) return cdkBundling;
  return {
    ...cdkBundling,
    nodeModules: [...modules],
    commandHooks: {
      beforeBundling: () => [],
      beforeInstall: () => [],
      afterBundling: (_input: string, output: string) =>
        modules.includes('sharp')
          ? [
              `cd "${output}" && npm install --no-save --no-package-lock --os=linux --cpu=${NPM_CPU[architectureOf(handler)]} --libc=glibc sharp@${installedVersion('sharp')}`,
            ]
          : [],
    },
  };
}

/**
 * The same build as esbuild options (what `cdkBundling` makes the CDK run: `--bundle --platform=node
 * --format=esm --minify --sourcemap --sources-content=false --alias:…`), for one handler module under
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
    loader: { '.css': 'empty' },
    outfile: join(outdir, 'index.mjs'),
    write: false,
    logLevel: 'silent',
  } satisfies BuildOptions;
}
