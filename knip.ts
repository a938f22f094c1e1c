import type { KnipConfig } from 'knip';
import { allHandlers } from './shared/routes.js';

/**
 * The unused-code check (`npm run check`, so `npm test`): unused files, exports, types and dependencies
 * fail the build. Entries are everything something starts by path rather than by import.
 */
const config: KnipConfig = {
  entry: [
    // Lambda handlers: the CDK stacks and the local runtime load them by the paths in shared/routes.ts.
    ...allHandlers().map((h) => `functions/${h}.ts`),
    // cdk.json's app (bin/app.ts), `npm start` (bin/local.ts), the npm scripts and the bench.
    'bin/*.ts',
    'scripts/*.{ts,mjs}',
    'bench/*.ts',
    // Started as child processes by path (infra/local/fork.ts, infra/local/cognito.ts).
    'infra/local/child.ts',
    'infra/local/cognito-child.mjs',
    // Imported by path by infra/local/seed.ts on every local start.
    'shared/content/seed.ts',
    // Put in place of the SDK's credential chain, the DynamoDB clients and jsonschema by esbuild aliases
    // (infra/cloud/bundling.ts).
    'infra/cloud/lambda-credentials.ts',
    'infra/cloud/lambda-lib-dynamodb.mjs',
    'infra/cloud/lambda-client-dynamodb.mjs',
    'infra/cloud/lambda-jsonschema.ts',
    // Web: the build's own scripts (prerender, images, fonts); the Vite plugin finds web/src/main.tsx
    // through index.html and shell.html.
    'web/scripts/*.{ts,tsx,mjs}',
    // The service worker: vite-plugin-pwa builds it by path (web/vite.config.ts, `srcDir` and `filename`).
    'web/src/sw/sw.ts',
    // Tests (the Vitest and Playwright plugins add the setup files named in their configs).
    'test/{unit,infra,integration}/**/*.test.ts',
    'test/support/{global-setup,setup-env}.ts',
    'web/src/**/*.test.{ts,tsx}',
    'test/e2e/**/*.spec.ts',
  ],
  project: ['**/*.{ts,tsx,mjs}', '!**/*.d.ts'],
  // An export that its own module also uses is not dead code; what nothing uses at all is reported.
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // Font files copied into web/public/fonts by web/scripts/copy-fonts.ts (resolved by path, not imported).
    '@fontsource-variable/plus-jakarta-sans',
    '@fontsource/open-sans',
    // web-push's own aes128gcm implementation, installed with it: the local push-service stand-in decrypts
    // with it (infra/local/push-service.ts), so both ends run the same code (ADR 0055).
    'http_ece',
  ],
  // The local DynamoDB emulator runs on the system's Java (README: prerequisites).
  ignoreBinaries: ['java', 'javac'],
};

export default config;
