import { defineConfig } from 'vitest/config';

// Handlers log INFO lines for every request; in test output only warnings and errors help.
process.env.LOG_LEVEL ??= 'WARN';
// Powertools metrics (embedded metric format lines) are noise in test output; tests spy on them instead.
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';

/**
 * Test projects:
 * - unit: pure code (shared/, functions/ helpers), no I/O.
 * - infra: CDK template assertions and cdk-nag.
 * - integration: handlers and domain against the real emulators (started once by the global setup).
 * - web: React components in jsdom, by role and label.
 * Browser journeys live in test/e2e and run under Playwright (npm run test:e2e).
 */
export default defineConfig({
  test: {
    projects: [
      {
        // A hang detector, not a speed check: some unit tests do seconds of CPU work on a loaded machine
        // (compiling the portal's Cloudscape theme, bundling a handler).
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        // CDK synthesis and the handlers' call graphs take seconds of CPU each; set-up hooks do the same work.
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/global-setup.ts'],
          setupFiles: ['test/support/setup-env.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/**/*.test.tsx', 'web/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['web/src/test-setup.ts'],
          // A hang detector, not a speed check: a Cloudscape screen's first render in jsdom takes seconds on a
          // loaded 2-core machine (a compose test took 18.6 s at a load average of 18; speed is measured by the
          // bench). Every web test has this one limit; none sets its own.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
