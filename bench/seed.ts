import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { type LocalPorts, type LocalRuntime, startLocalRuntime } from '../infra/local/runtime.js';
import type { DemoSessionOwner } from '../scripts/demo-data.js';
import { store } from '../shared/db/service.js';
import { getProfileByEmail } from '../shared/domain/profiles.js';
import { shiftPorts } from './ports.js';

/**
 * Runs `work` on a runtime of its own (API only unless `options.webDist` names a web build, a fresh data
 * folder `.test-local/bench-<name>`, the part's ports shifted by TEST_PORT_OFFSET so a one-part run does not
 * collide with another runtime), then stops it and removes its data. `work` gets the seeded admin's credentials.
 */
export async function withBenchRuntime<T>(
  name: string,
  ports: Record<keyof LocalPorts, number>,
  work: (rt: LocalRuntime, admin: { email: string; password: string }) => Promise<T>,
  options: { trustViewerIpHeader?: boolean; schedules?: boolean; webDist?: string | null } = {},
): Promise<T> {
  const dataDir = `.test-local/bench-${name}`;
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({ dataDir, quiet: true, webDist: null, ports: shiftPorts(ports), ...options });
  try {
    const { admin } = rt;
    if (!admin?.password) throw new Error('The bench runtime did not seed an admin');
    return await work(rt, { email: admin.email, password: admin.password });
  } finally {
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A client who signs in (`Bench <lastName>`) with one dog, Quasar the Vizsla: their ID token and themselves
 * as the owner of demo sessions.
 */
export async function benchClientWithDog(
  rt: LocalRuntime,
  email: string,
  lastName: string,
): Promise<{ idToken: string; owner: DemoSessionOwner }> {
  const password = 'bench-client-password';
  await rt.createUser({ email, password, role: 'client', firstName: 'Bench', lastName });
  const { idToken } = await rt.signIn(email, password);
  const me = await getProfileByEmail(email);
  if (!me) throw new Error(`No bench client profile for ${email}`);
  const dog = { id: randomUUID(), profileId: me.id, name: 'Quasar', breed: 'Vizsla', birthDate: '2022-05-01' };
  await store()
    .entities.dog.create(dog as never)
    .go();
  return {
    idToken,
    owner: { clientId: me.id, clientName: `Bench ${lastName}`, dogId: dog.id, dogName: dog.name, dogBreed: dog.breed },
  };
}
