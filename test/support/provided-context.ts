import type { LocalRuntime } from '../../infra/local/runtime.js';

/** What test/support/global-setup.ts provides to the integration tests (`inject('urls')`, ...). */
export type ProvidedRuntime = Pick<LocalRuntime, 'urls' | 'env' | 'userPool' | 'admin'>;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The handlers' environment (test/support/setup-env.ts copies it into each worker). */
    env: ProvidedRuntime['env'];
    urls: ProvidedRuntime['urls'];
    userPool: ProvidedRuntime['userPool'];
    /** The seeded admin, with the password (the data folder is fresh on every run). */
    admin: NonNullable<ProvidedRuntime['admin']>;
  }
}
