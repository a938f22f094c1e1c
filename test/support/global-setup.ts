import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { forkLocalRuntime } from '../../infra/local/fork.js';
import { REPO_ROOT } from '../../infra/local/handlers.js';
import './provided-context.js';
import { INTEGRATION_PORTS } from './ports.js';

/** Default ports + 100, so the integration tests run while `npm start` is up. */
export const TEST_PORTS = INTEGRATION_PORTS;

/**
 * Starts the whole local runtime once for the integration project, on its own ports and a fresh data
 * folder under .test-local/ (deleted afterwards). It runs in a child process: the handlers' env
 * (TABLE_NAME, endpoints, local credentials) must not leak into vitest's main process, whose
 * environment every worker of every project inherits. The integration workers get that env from
 * test/support/setup-env.ts.
 */
export default async function setup(project: TestProject) {
  const root = join(REPO_ROOT, '.test-local');
  mkdirSync(root, { recursive: true });
  const dataDir = join(root, `vitest-${process.pid}-${Date.now()}`);
  const started = Date.now();
  const runtime = await forkLocalRuntime({ dataDir, ports: TEST_PORTS, webDist: null, quiet: true }).catch((e) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  });
  if (!runtime.admin?.password) throw new Error('The test runtime did not seed an admin');
  if (process.env.LOCAL_DEBUG) console.log(`[integration] local runtime ready in ${Date.now() - started} ms`);
  project.provide('env', runtime.env);
  project.provide('urls', runtime.urls);
  project.provide('userPool', runtime.userPool);
  project.provide('admin', { email: runtime.admin.email, password: runtime.admin.password });
  return async () => {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
