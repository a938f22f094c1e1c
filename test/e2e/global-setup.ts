import { execSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { startLocalRuntime } from '../../infra/local/runtime.js';
import { E2E_PORTS } from '../support/ports.js';

/**
 * Builds the web app and starts the whole local product on its own ports and a fresh data folder,
 * so the journey runs even while `npm start` is up.
 */
export default async function globalSetup() {
  execSync('npm run build:web', { stdio: 'inherit' });
  const dataDir = '.test-local/e2e';
  rmSync(dataDir, { recursive: true, force: true });
  const runtime = await startLocalRuntime({
    dataDir,
    quiet: true,
    ports: E2E_PORTS,
  });
  if (!runtime.admin?.password) throw new Error('The e2e runtime did not seed an admin');
  process.env.E2E_BASE_URL = runtime.urls.site;
  process.env.E2E_SES_URL = runtime.urls.ses;
  process.env.E2E_ADMIN_EMAIL = runtime.admin.email;
  process.env.E2E_ADMIN_PASSWORD = runtime.admin.password;
  process.env.E2E_BUSINESS_EMAIL = runtime.env.BUSINESS_EMAIL;
  process.env.E2E_COGNITO_ENDPOINT = runtime.urls.cognito;
  process.env.E2E_USER_POOL_ID = runtime.userPool.id;
  return async () => {
    await runtime.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
