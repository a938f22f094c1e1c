import { rmSync } from 'node:fs';
import { startLocalRuntime } from '../infra/local/runtime.js';
import { seedDemo } from '../scripts/demo-data.js';
import { type Latency, latency } from './latency.js';
import { shiftPorts } from './ports.js';

/**
 * The client book's lists at 20 and at 2,000 demo clients, in one run: the clients list with a search
 * term (a rare one: one client's e-mail; a common one: a last-name prefix matching about 1 client in
 * 45), the clients list without a search, and the New contact submissions. Sequential requests, so
 * the numbers are latencies, not throughput.
 */
export async function clientBookLoad() {
  const dataDir = '.test-local/bench-clients';
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({
    dataDir,
    quiet: true,
    webDist: null,
    ports: shiftPorts({
      site: 3340,
      ws: 3341,
      dynamodb: 8340,
      cognito: 9569,
      s3: 4909,
      ses: 8345,
      stripe: 12345,
      push: 7245,
    }),
  });
  const results: Latency[] = [];
  try {
    if (!rt.admin?.password) throw new Error('The bench runtime did not seed an admin');
    const { idToken } = await rt.signIn(rt.admin.email, rt.admin.password);
    let seeded = 0;
    let rareEmail = '';
    for (const size of [20, 2000]) {
      const added = await seedDemo(size - seeded, seeded);
      rareEmail ||= added.firstEmail;
      seeded = size;
      const api = `${rt.urls.site}/api`;
      // The same client is searched for at both sizes.
      const rare = encodeURIComponent(rareEmail);
      results.push(await latency('clients, search one e-mail', size, `${api}/clients?search=${rare}`, idToken));
      results.push(await latency('clients, search "gar"', size, `${api}/clients?search=gar&filter=all`, idToken));
      results.push(await latency('clients, first page', size, `${api}/clients?filter=active`, idToken));
      results.push(await latency('contact submissions, New', size, `${api}/contact-submissions?status=new`, idToken));
      results.push(
        await latency(
          'contact submissions, New + Contacted',
          size,
          `${api}/contact-submissions?status=new,contacted`,
          idToken,
        ),
      );
    }
  } finally {
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}
