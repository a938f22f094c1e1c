import { seedDemoSessions } from '../scripts/demo-data.js';
import { DEFAULT_AVAILABILITY } from '../shared/contracts/booking-options.js';
import { putAvailability } from '../shared/domain/availability.js';
import { type Latency, latency } from './latency.js';
import { benchClientWithDog, withBenchRuntime } from './seed.js';

/**
 * Open times for 8 weeks (GET /api/me/open-times?weeks=8, docs/decisions/0034-online-booking.md) with 100
 * and 5,000 sessions on the calendar (the demo sessions: 53 minutes apart, folded into the 180 days
 * around now, so the 8 weeks ahead hold about 1,500 of the 5,000), hours 08:00-18:00 every day.
 */
export async function bookingLoad() {
  const ports = { site: 3390, ws: 3391, dynamodb: 8390, cognito: 9619, s3: 4959, ses: 8395, stripe: 12395, push: 7295 };
  const results = await withBenchRuntime('booking', ports, async (rt) => {
    const results: (Latency & { openTimes: number })[] = [];
    const client = await benchClientWithDog(rt, 'bench.booking@example.com', 'Booker');
    await putAvailability(
      {
        ...DEFAULT_AVAILABILITY,
        weeklyHours: Array.from({ length: 7 }, () => [{ start: '08:00', end: '18:00' }]),
        bookableTypes: [{ sessionType: 'training', durationMinutes: 60 }],
        bufferMinutes: 15,
        minNoticeHours: 0,
        horizonDays: 365,
      },
      client.owner.clientId,
    );
    const url = `${rt.urls.site}/api/me/open-times?sessionType=training&weeks=8`;
    let seeded = 0;
    for (const size of [100, 5000]) {
      await seedDemoSessions(size - seeded, [client.owner], seeded);
      seeded = size;
      const res = await fetch(url, { headers: { authorization: `Bearer ${client.idToken}` } });
      const openTimes = ((await res.json()) as { times: string[] }).times.length;
      results.push({ ...(await latency('open times, 8 weeks', size, url, client.idToken)), openTimes });
    }
    return results;
  });
  return { latency: results, measuredAt: undefined as string | undefined };
}
