import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (this file is infra/cloud/paths.ts). */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Output of `npm run build:web`; deployed only when it exists at synth time. */
export const WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** The `context` of cdk.json (feature flags): tests build their App with it, as the CLI does. */
export function cdkJsonContext(): Record<string, unknown> {
  const json = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context?: Record<string, unknown> };
  return json.context ?? {};
}
