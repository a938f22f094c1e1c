const portOffset = Number(process.env.TEST_PORT_OFFSET ?? 0);

/**
 * The ports of a bench runtime, shifted by TEST_PORT_OFFSET as the tests' are (test/support/ports.ts), so a
 * bench run does not collide with another runtime on the machine. Each part has ports of its own.
 */
export const shiftPorts = <P extends Record<string, number>>(ports: P): P =>
  Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, v + portOffset])) as P;
