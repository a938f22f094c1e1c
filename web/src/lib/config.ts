import type { RuntimeConfig } from '#shared/contracts/runtime-config';
import { fetchConfigJson, publishRuntimeConfig } from './config-store';

export type { RuntimeConfig };

let pending: Promise<RuntimeConfig> | undefined;

type Rule = (value: unknown) => string | undefined;

const string: Rule = (v) => (typeof v === 'string' ? undefined : 'Expected a string');
const url: Rule = (v) => {
  if (typeof v !== 'string') return 'Expected a string';
  try {
    new URL(v);
    return undefined;
  } catch {
    return 'Invalid URL';
  }
};
const optional =
  (rule: Rule): Rule =>
  (v) =>
    v === undefined ? undefined : rule(v);
const oneOf =
  (...values: string[]): Rule =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? undefined : `Expected one of ${values.join(', ')}`;
const email: Rule = (v) =>
  typeof v === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? undefined : 'Invalid email address';

/**
 * The shared zod schema (shared/contracts/runtime-config.ts) as small hand rules: the config is read on
 * every portal route, /login included, and /login's size budget (150 KB gzip, ADR 0015) has no room for
 * zod. lib/config.test.ts checks both give the same verdicts and name the same fields.
 */
export const RUNTIME_CONFIG_RULES: Record<keyof RuntimeConfig, Rule> = {
  region: string,
  userPoolId: string,
  userPoolClientId: string,
  userPoolEndpoint: optional(url),
  authFlowType: oneOf('USER_PASSWORD_AUTH', 'USER_SRP_AUTH'),
  apiUrl: string,
  wsUrl: string,
  mediaUrl: string,
  businessEmail: email,
  siteUrl: string,
};

/** The configuration's problems as "- field: message" lines (none when it is valid). */
export function runtimeConfigProblems(raw: unknown): string[] {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return ['- (root): Expected an object'];
  const record = raw as Record<string, unknown>;
  const problems: string[] = [];
  for (const [key, rule] of Object.entries(RUNTIME_CONFIG_RULES)) {
    const problem = rule(record[key]);
    if (problem) problems.push(`- ${key}: ${problem}`);
  }
  return problems;
}

async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const raw = await fetchConfigJson();
  const problems = runtimeConfigProblems(raw);
  if (problems.length > 0) throw new Error(`/config.json is invalid:\n${problems.join('\n')}`);
  // Only the declared keys, as the zod schema's parse returns them.
  const record = raw as Record<string, unknown>;
  const config: Record<string, unknown> = {};
  for (const key of Object.keys(RUNTIME_CONFIG_RULES)) if (record[key] !== undefined) config[key] = record[key];
  return config as unknown as RuntimeConfig;
}

/**
 * The runtime configuration (`/config.json`), fetched once and validated by the rules above.
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
