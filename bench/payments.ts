import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { startLocalRuntime } from '../infra/local/runtime.js';
import { SERVICE_TYPES, SERVICES } from '../shared/contracts/payment-options.js';
import { store } from '../shared/db/service.js';
import { getProfileByEmail } from '../shared/domain/profiles.js';
import { type Latency, latency } from './latency.js';
import { shiftPorts } from './ports.js';

/** The statuses of seeded payments, in proportion: most are paid. */
const STATUS_CYCLE = ['paid', 'paid', 'paid', 'expired', 'pending', 'paid', 'failed', 'paid'] as const;

/**
 * Payments at 100 and 5,000 spread over the last 12 months: the trainer's list (first page, this month,
 * paid only, one service, one client), the totals by month (counters), and one signed-in client's history
 * (1 in 50 payments is theirs). Also the alternative to the counters: summing the paid payments of 12
 * months with a query on the status index, timed in process.
 */
export async function paymentsLoad() {
  const dataDir = '.test-local/bench-payments';
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({
    dataDir,
    quiet: true,
    webDist: null,
    ports: shiftPorts({
      site: 3370,
      ws: 3371,
      dynamodb: 8370,
      cognito: 9599,
      s3: 4939,
      ses: 8375,
      stripe: 12375,
      push: 7275,
    }),
  });
  const results: Latency[] = [];
  const totalsByQuery: { size: number; paidRows: number; p50Ms: number; p95Ms: number }[] = [];
  try {
    if (!rt.admin?.password) throw new Error('The bench runtime did not seed an admin');
    const admin = await rt.signIn(rt.admin.email, rt.admin.password);
    const password = 'bench-client-password';
    const email = 'bench.payments@example.com';
    await rt.createUser({ email, password, role: 'client', firstName: 'Bench', lastName: 'Payer' });
    const client = await rt.signIn(email, password);
    const me = await getProfileByEmail(email);
    if (!me) throw new Error('No bench client profile');
    const others = Array.from({ length: 49 }, () => randomUUID());
    const now = Date.now();
    const year = 365 * 86_400_000;
    let seeded = 0;
    for (const size of [100, 5000]) {
      const batch = Array.from({ length: size - seeded }, (_, k) => {
        const i = seeded + k;
        const serviceType = SERVICE_TYPES[i % SERVICE_TYPES.length];
        const status = STATUS_CYCLE[i % STATUS_CYCLE.length];
        const createdAt = new Date(now - Math.floor(((i * 7919) % size) * (year / size))).toISOString();
        const price = SERVICES[serviceType].price * 100;
        return {
          id: randomUUID(),
          profileId: i % 50 === 0 ? me.id : others[i % 49],
          serviceType,
          priceCents: price,
          discountCents: 0,
          amountCents: price,
          currency: 'usd' as const,
          status,
          createdAt,
          ...(status === 'paid' ? { paidAt: createdAt } : {}),
        };
      });
      for (let i = 0; i < batch.length; i += 25)
        await store()
          .entities.payment.put(batch.slice(i, i + 25))
          .go();
      seeded = size;
      const api = `${rt.urls.site}/api`;
      const month = new Date().toISOString().slice(0, 7);
      results.push(await latency('admin list, first page', size, `${api}/payments`, admin.idToken));
      results.push(
        await latency('admin list, this month', size, `${api}/payments?month=${month}&limit=100`, admin.idToken),
      );
      results.push(await latency('admin list, paid', size, `${api}/payments?status=paid`, admin.idToken));
      results.push(await latency('admin list, one service', size, `${api}/payments?service=intensive`, admin.idToken));
      results.push(await latency('admin list, one client', size, `${api}/payments?clientId=${me.id}`, admin.idToken));
      results.push(await latency('admin totals, 12 months', size, `${api}/payments/totals?months=12`, admin.idToken));
      results.push(await latency("client's history", size, `${api}/me/payments`, client.idToken));
      // The alternative to counters: every paid payment of 12 months read and summed.
      const times: number[] = [];
      let paidRows = 0;
      for (let i = 0; i < 20; i++) {
        const t0 = performance.now();
        const { data } = await store()
          .entities.payment.query.byStatus({ status: 'paid' })
          .gte({ createdAt: new Date(now - year).toISOString() })
          .go({ pages: 'all', attributes: ['amountCents', 'paidAt'] });
        paidRows = data.length;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
      totalsByQuery.push({ size, paidRows, p50Ms: at(0.5), p95Ms: at(0.95) });
    }
  } finally {
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { latency: results, totalsByQuery, measuredAt: undefined as string | undefined };
}
