import type { RuntimeConfig } from './config-store';

/**
 * Loads the configuration through a lazy chunk: the validating loader (config.ts) stays out of the public
 * pages' initial bundle. A module of its own, so config-store.ts (which config.ts imports) imports nothing back.
 */
export async function loadRuntimeConfigLazily(): Promise<RuntimeConfig> {
  const { loadRuntimeConfig } = await import('./config');
  return loadRuntimeConfig();
}
