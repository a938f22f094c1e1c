import { defineConfig } from '@playwright/test';
import { E2E_PORTS } from './test/support/ports.js';

// Handlers log INFO lines for every request; in test output only warnings and errors help.
process.env.LOG_LEVEL ??= 'WARN';

/** Browser journeys in Debian Chromium against the whole product on local emulators. */
export default defineConfig({
  testDir: 'test/e2e',
  globalSetup: './test/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORTS.site}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // The portal's service worker (ADR 0058) stays out of the journeys: what they check is the network's
    // answers, not a cache's. test/e2e/service-worker.spec.ts allows it.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});
