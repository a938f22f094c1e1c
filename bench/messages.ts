import { rmSync } from 'node:fs';
import { startLocalRuntime } from '../infra/local/runtime.js';
import { type DemoRecipient, seedDemo, seedDemoMessages } from '../scripts/demo-data.js';
import { store } from '../shared/db/service.js';
import { getProfileByEmail } from '../shared/domain/profiles.js';
import { type Latency, latency } from './latency.js';
import { shiftPorts } from './ports.js';

/**
 * Messages at 100 and at 5,000 (over 200 clients: one signed-in bench client and 199 demo ones), in
 * one run: the client inbox and unread count of the bench client (its share grows with the total), and
 * the trainer's sent list with a search term (a subject word in 1 message of 8, and a recipient's
 * last name) and without one.
 */
export async function messagesLoad() {
  const dataDir = '.test-local/bench-messages';
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({
    dataDir,
    quiet: true,
    webDist: null,
    ports: shiftPorts({
      site: 3350,
      ws: 3351,
      dynamodb: 8350,
      cognito: 9579,
      s3: 4919,
      ses: 8355,
      stripe: 12355,
      push: 7255,
    }),
  });
  const results: Latency[] = [];
  try {
    if (!rt.admin?.password) throw new Error('The bench runtime did not seed an admin');
    const admin = await rt.signIn(rt.admin.email, rt.admin.password);
    const adminProfile = await getProfileByEmail(rt.admin.email);
    if (!adminProfile) throw new Error('No admin profile');
    const password = 'bench-client-password';
    const email = 'bench.client@example.com';
    await rt.createUser({ email, password, role: 'client', firstName: 'Bench', lastName: 'Zephyrson' });
    const client = await rt.signIn(email, password);
    await seedDemo(199);
    const { data } = await store().entities.profile.query.byRole({ role: 'client' }).go({ pages: 'all' });
    const recipients: DemoRecipient[] = data.map((p) => ({
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      email: p.email,
    }));
    const sender = { id: adminProfile.id, name: `${adminProfile.firstName} ${adminProfile.lastName}`.trim() };
    let seeded = 0;
    for (const size of [100, 5000]) {
      await seedDemoMessages(size - seeded, recipients, sender, seeded);
      seeded = size;
      const api = `${rt.urls.site}/api`;
      results.push(await latency('client inbox, first page', size, `${api}/me/messages`, client.idToken));
      results.push(await latency('client unread count', size, `${api}/me/messages/unread-count`, client.idToken));
      results.push(await latency('admin sent list, first page', size, `${api}/messages`, admin.idToken));
      results.push(
        await latency('admin sent list, search "crate"', size, `${api}/messages?search=crate`, admin.idToken),
      );
      results.push(
        await latency('admin sent list, search "zephyrson"', size, `${api}/messages?search=zephyrson`, admin.idToken),
      );
      results.push(await latency('admin sent list, unread', size, `${api}/messages?filter=unread`, admin.idToken));
    }
  } finally {
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}
