import { afterAll, beforeAll } from 'vitest';

/**
 * Sets environment variables for the enclosing describe block (a `undefined` value unsets one) and
 * puts the previous values back after it. The adapters read their configuration from the environment.
 */
export function useEnv(vars: Record<string, string | undefined>): void {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [k, v] of Object.entries(vars)) {
      saved[k] = process.env[k];
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
  afterAll(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
}
