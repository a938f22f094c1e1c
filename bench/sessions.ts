import { type DemoSessionOwner, seedDemo, seedDemoSessions } from '../scripts/demo-data.js';
import { dynamoCommandLog } from '../shared/db/client.js';
import { store } from '../shared/db/service.js';
import { completeEndedSessions } from '../shared/domain/sessions.js';
import { type Latency, latency } from './latency.js';
import { benchClientWithDog, withBenchRuntime } from './seed.js';

/**
 * Sessions at 100 and 5,000 over 300 clients: the trainer's month, search and first page, a client's
 * sessions, and what the 5-minute completion job reads (10 sessions due at each size).
 */
export async function sessionsLoad() {
  const ports = { site: 3360, ws: 3361, dynamodb: 8360, cognito: 9589, s3: 4929, ses: 8365, stripe: 12365, push: 7265 };
  const results: Latency[] = [];
  const job: { size: number; due: number; completed: number; queries: number }[] = [];
  // The calendar feed latency acts as many visitors by x-viewer-ip (its per-IP limit is 60 a minute). The
  // bench calls the completion job itself: the runtime's 5-minute timer could complete the due ones first.
  const options = { trustViewerIpHeader: true, schedules: false };
  await withBenchRuntime(
    'sessions',
    ports,
    async (rt, credentials) => {
      const admin = await rt.signIn(credentials.email, credentials.password);
      const client = await benchClientWithDog(rt, 'bench.sessions@example.com', 'Zephyrson');
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
        results.push(
          await latency('admin list, this month', size, `${api}/sessions?${month}&limit=100`, admin.idToken),
        );
        results.push(await latency('admin list, first page', size, `${api}/sessions`, admin.idToken));
        results.push(
          await latency('admin search "zephyrson"', size, `${api}/sessions?search=zephyrson`, admin.idToken),
        );
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
    },
    options,
  );
  return { latency: results, job, measuredAt: undefined as string | undefined };
}
