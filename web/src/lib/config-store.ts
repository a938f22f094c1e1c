import type { RuntimeConfig } from '#shared/contracts/runtime-config';

export type { RuntimeConfig };

/**
 * Holds the runtime configuration once `config.ts` has loaded it. Kept free of zod so public pages
 * can read it (e.g. the business e-mail) without pulling the validator into their initial bundle.
 */
let loaded: RuntimeConfig | undefined;
let rawConfig: Promise<unknown> | undefined;

/**
 * `/config.json` as fetched, not yet validated: one request per page load, shared by the zod-validated
 * loader (config.ts) and the public pages' business e-mail. A failed fetch can be retried.
 */
export function fetchConfigJson(): Promise<unknown> {
  rawConfig ??= (async () => {
    let response: Response;
    try {
      response = await fetch('/config.json', { headers: { Accept: 'application/json' }, cache: 'no-store' });
    } catch (e) {
      throw new Error(`Could not load /config.json: ${(e as Error).message || 'network error'}`);
    }
    if (!response.ok) throw new Error(`Could not load /config.json (HTTP ${response.status}).`);
    try {
      return await response.json();
    } catch {
      throw new Error('/config.json is not valid JSON.');
    }
  })().catch((e: unknown) => {
    rawConfig = undefined;
    throw e;
  });
  return rawConfig;
}

/** The business e-mail from /config.json for display (public pages), without loading the validator. */
export async function loadBusinessEmail(): Promise<string | undefined> {
  if (loaded) return loaded.businessEmail;
  const json = (await fetchConfigJson()) as { businessEmail?: unknown } | null;
  const email = json?.businessEmail;
  return typeof email === 'string' && /^[^\s@]+@[^\s@]+$/.test(email) ? email : undefined;
}
export function publishRuntimeConfig(config: RuntimeConfig | undefined): void {
  loaded = config;
  if (!config) rawConfig = undefined;
}
