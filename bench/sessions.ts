import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { startLocalRuntime } from '../infra/local/runtime.js';
import { type DemoSessionOwner, seedDemo, seedDemoSessions } from '../scripts/demo-data.js';
import { dynamoCommandLog } from '../shared/db/client.js';
import { store } from '../shared/db/service.js';
import { getProfileByEmail } from '../shared/domain/profiles.js';
import { completeEndedSessions } from '../shared/domain/sessions.js';
import { type Latency, latency } from './latency.js';
import { shiftPorts } from './ports.js';

/**
 * Sessions at 100 and 5,000 over 300 clients: the trainer's month, search and first page, a client's
 * sessions, and what the 5-minute completion job reads (10 sessions due at each size).
 */
export async function sessionsLoad() {
  const dataDir = '.test-local/bench-sessions';
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({
    dataDir,
    quiet: true,
    webDist: null,
    // TEST_PORT_OFFSET shifts them, so a sessions-only run does not collide with another runtime.
    ports: shiftPorts({ site: 3360, ws: 3361, dynamodb: 8360, cognito: 9589, s3: 4929, ses: 8365, stripe: 12365 }),
    // The calendar feed latency acts as many visitors by x-viewer-ip (its per-IP limit is 60 a minute).
    trustViewerIpHeader: true,
  });
  const results: Latency[] = [];
  const job: { size: number; due: number; completed: number; queries: number }[] = [];
  try {
    if (!rt.admin?.password) throw new Error('The bench runtime did not seed an admin');
    const admin = await rt.signIn(rt.admin.email, rt.admin.password);
    const password = 'bench-client-password';
    const email = 'bench.sessions@example.com';
    await rt.createUser({ email, password, role: 'client', firstName: 'Bench', lastName: 'Zephyrson' });
    const client = await rt.signIn(email, password);
    const me = await getProfileByEmail(email);
    if (!me) throw new Error('No bench client profile');
    await store()
      .entities.dog.create({
        id: randomUUID(),
        profileId: me.id,
        name: 'Quasar',
        breed: 'Vizsla',
        birthDate: '2022-05-01',
      } as never)
      .go();
    await seedDemo(299);
    const { data: clients } = await store().entities.profile.query.byRole({ role: 'client' }).go({ pages: 'all' });
    const owners: DemoSessionOwner[] = [];
    for (const p of clients) {
      const { data: dogs } = await store().entities.dog.query.byProfile({ profileId: p.id }).go({ limit: 1 });
      if (dogs[0])
        owners.push({
          clientId: p.id,
          clientName: `${p.firstName} ${p.lastName}`,
          dogId: dogs[0].id,
          dogName: dogs[0].name,
          dogBreed: dogs[0].breed ?? '',
        });
    }
    const now = new Date();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
    const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 1).toISOString();
    const feed = await fetch(`${rt.urls.site}/api/me/calendar-feed`, {
      headers: { authorization: `Bearer ${client.idToken}` },
    });
    const feedUrl = `${rt.urls.site}${new URL(((await feed.json()) as { url: string }).url).pathname}`;
    let seeded = 0;
    for (const size of [100, 5000]) {
      await seedDemoSessions(size - seeded, owners, seeded, 10);
      seeded = size;
      // The completion job: only the due sessions are read (end-time index), whatever the total.
      dynamoCommandLog.clear();
      const completed = await completeEndedSessions();
      job.push({ size, due: 10, completed: completed.length, queries: dynamoCommandLog.get('QueryCommand') ?? 0 });
      const api = `${rt.urls.site}/api`;
      const month = `from=${encodeURIComponent(monthStart)}&to=${encodeURIComponent(monthEnd)}`;
      results.push(await latency('admin list, this month', size, `${api}/sessions?${month}&limit=100`, admin.idToken));
      results.push(await latency('admin list, first page', size, `${api}/sessions`, admin.idToken));
      results.push(await latency('admin search "zephyrson"', size, `${api}/sessions?search=zephyrson`, admin.idToken));
      results.push(await latency('admin stats', size, `${api}/sessions/stats`, admin.idToken));
      results.push(await latency("client's sessions", size, `${api}/me/sessions`, client.idToken));
      results.push(await latency("client's stats", size, `${api}/me/sessions/stats`, client.idToken));
      // The client's calendar feed: a public URL (no token), each request from another viewer address
      // so the per-IP limit of the public route does not answer 429.
      results.push(
        await latency("client's calendar feed", size, feedUrl, null, 100, (i) => ({
          'x-viewer-ip': `198.51.100.${(i % 250) + 1}`,
        })),
      );
    }
  } finally {
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { latency: results, job, measuredAt: undefined as string | undefined };
}
