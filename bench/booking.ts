import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { startLocalRuntime } from '../infra/local/runtime.js';
import { seedDemoSessions } from '../scripts/demo-data.js';
import { DEFAULT_AVAILABILITY } from '../shared/contracts/booking-options.js';
import { store } from '../shared/db/service.js';
import { putAvailability } from '../shared/domain/availability.js';
import { getProfileByEmail } from '../shared/domain/profiles.js';
import { type Latency, latency } from './latency.js';
import { shiftPorts } from './ports.js';

/**
 * Open times for 8 weeks (GET /api/me/open-times?weeks=8, docs/decisions/0034-online-booking.md) with 100
 * and 5,000 sessions on the calendar (the demo sessions: 53 minutes apart, folded into the 180 days
 * around now, so the 8 weeks ahead hold about 1,500 of the 5,000), hours 08:00-18:00 every day.
 */
export async function bookingLoad() {
  const dataDir = '.test-local/bench-booking';
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({
    dataDir,
    quiet: true,
    webDist: null,
    // TEST_PORT_OFFSET shifts them, so a booking-only run does not collide with another runtime.
    ports: shiftPorts({ site: 3390, ws: 3391, dynamodb: 8390, cognito: 9619, s3: 4959, ses: 8395, stripe: 12395 }),
  });
  const results: (Latency & { openTimes: number })[] = [];
  try {
    if (!rt.admin?.password) throw new Error('The bench runtime did not seed an admin');
    const password = 'bench-client-password';
    const email = 'bench.booking@example.com';
    await rt.createUser({ email, password, role: 'client', firstName: 'Bench', lastName: 'Booker' });
    const client = await rt.signIn(email, password);
    const me = await getProfileByEmail(email);
    if (!me) throw new Error('No bench client profile');
    const dogId = randomUUID();
    await store()
      .entities.dog.create({
        id: dogId,
        profileId: me.id,
        name: 'Quasar',
        breed: 'Vizsla',
        birthDate: '2022-05-01',
      } as never)
      .go();
    const owners = [{ clientId: me.id, clientName: 'Bench Booker', dogId, dogName: 'Quasar', dogBreed: 'Vizsla' }];
    await putAvailability(
      {
        ...DEFAULT_AVAILABILITY,
        weeklyHours: Array.from({ length: 7 }, () => [{ start: '08:00', end: '18:00' }]),
        bookableTypes: [{ sessionType: 'training', durationMinutes: 60 }],
        bufferMinutes: 15,
        minNoticeHours: 0,
        horizonDays: 365,
      },
      me.id,
    );
    const url = `${rt.urls.site}/api/me/open-times?sessionType=training&weeks=8`;
    let seeded = 0;
    for (const size of [100, 5000]) {
      await seedDemoSessions(size - seeded, owners, seeded);
      seeded = size;
      const res = await fetch(url, { headers: { authorization: `Bearer ${client.idToken}` } });
      const openTimes = ((await res.json()) as { times: string[] }).times.length;
      results.push({ ...(await latency('open times, 8 weeks', size, url, client.idToken)), openTimes });
    }
  } finally {
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { latency: results, measuredAt: undefined as string | undefined };
}
