// First: zod must be jitless before the schema below is created (see zod-jitless.ts).
import './zod-jitless';
import { type RuntimeConfig, runtimeConfigSchema } from '../../../shared/contracts/runtime-config';
import { fetchConfigJson, publishRuntimeConfig } from './config-store';

export type { RuntimeConfig };

let pending: Promise<RuntimeConfig> | undefined;

/** Turns zod issues into "field: message" lines. */
function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues.map((i) => `- ${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('\n');
}

async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const raw = await fetchConfigJson();
  const result = runtimeConfigSchema.safeParse(raw);
  if (!result.success) throw new Error(`/config.json is invalid:\n${describeIssues(result.error.issues)}`);
  return result.data;
}

/**
 * The runtime configuration (`/config.json`), fetched once and validated with the shared zod schema.
 * Rejects with a readable message; a failed load can be retried by calling it again.
 */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  pending ??= fetchRuntimeConfig().then(
    (config) => {
      publishRuntimeConfig(config);
      return config;
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** Tests only: forget the cached configuration. */
export function resetRuntimeConfigForTests(): void {
  pending = undefined;
  publishRuntimeConfig(undefined);
}
