/**
 * Ports of the runtimes the tests start: the defaults of `npm start` plus 100 (integration) or 200
 * (browser journeys), so tests run while `npm start` is up. TEST_PORT_OFFSET shifts them all, for
 * running two test suites side by side (e.g. a fresh clone's CI run next to a working copy's).
 */
const offset = Number(process.env.TEST_PORT_OFFSET ?? 0);

const shift = (base: number) => ({
  site: 3000 + base + offset,
  ws: 3001 + base + offset,
  dynamodb: 8000 + base + offset,
  cognito: 9229 + base + offset,
  s3: 4569 + base + offset,
  ses: 8005 + base + offset,
  stripe: 12111 + base + offset,
  push: 7070 + base + offset,
});

export const INTEGRATION_PORTS = shift(100);
export const E2E_PORTS = shift(200);
