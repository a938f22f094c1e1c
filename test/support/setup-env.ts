import { inject } from 'vitest';
import { setEventTransport } from '../../shared/adapters/events.js';
import './provided-context.js';

/**
 * Setup file of the integration project: each worker gets the local runtime's environment, so tests
 * can call domain functions and handlers directly against the same emulators. Events published in
 * the worker are forwarded to the runtime's bus, which runs their handlers like the cloud would.
 */
const env = inject('env');
Object.assign(process.env, env);

const site = inject('urls').site;
setEventTransport(async (name, detail) => {
  const res = await fetch(`${site}/__local/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, detail }),
  });
  if (res.status !== 202) throw new Error(`The local event bus refused ${name}: ${res.status} ${await res.text()}`);
});
