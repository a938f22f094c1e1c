import { inject } from 'vitest';
import { setEventTransport } from '../../shared/adapters/events.js';
import { setScheduleTransport } from '../../shared/adapters/scheduler.js';
import './provided-context.js';

/**
 * Setup file of the integration project: each worker gets the local runtime's environment, so tests
 * can call domain functions and handlers directly against the same emulators. Events published in
 * the worker are forwarded to the runtime's bus, which runs their handlers like the cloud would, and
 * one-off schedules go to the runtime's persisted queue.
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

const control = async (method: string, body: unknown) => {
  const res = await fetch(`${site}/__local/schedules`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`The local scheduler refused ${method}: ${res.status} ${await res.text()}`);
};
setScheduleTransport({
  schedule: (s) => control('POST', s),
  cancel: (name) => control('DELETE', { name }),
});
