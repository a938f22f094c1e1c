import { describe, expect, it } from 'vitest';
import { formatBusinessDateTime } from '../../shared/domain/business-time.js';
import { admin, alice, as, at, biscuit, bob, pepper, rex, setUpSessionParties, TZ } from './sessions-helpers.js';

/**
 * Clash checks (docs/decisions/0054-clash-checks-and-series.md): the server refuses to schedule or move
 * a session onto another open session of the trainer's unless the request knowingly overlaps.
 */

setUpSessionParties();

const post = (body: Record<string, unknown>) => as(admin).post('/api/sessions', body);
const put = (id: string, body: Record<string, unknown>) => as(admin).put(`/api/sessions/${id}`, body);

/** The sessions that start within [from, to), as the trainer's list reads them. */
const between = async (from: string, to: string) =>
  (
    (await as(admin).get(`/api/sessions?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).body.items as {
      id: string;
      scheduledAt: string;
      status: string;
    }[]
  ).map((s) => `${s.id} ${s.scheduledAt} ${s.status}`);

/** How the refusal names a session: its date and time in the business's zone, and its dog. */
const named = (scheduledAt: string, dog: string) => {
  const { date, time } = formatBusinessDateTime(scheduledAt, TZ);
  return `${date} at ${time} with ${dog}`;
};

async function created(body: Record<string, unknown>): Promise<{ id: string; scheduledAt: string }> {
  const res = await post(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.session;
}

describe('clash checks', () => {
  it('refuses an overlapping session with 409 naming the other time and dog, and writes nothing', async () => {
    const first = await created({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(61, 15) });
    const before = await between(at(60), at(63));
    const res = await post({ clientId: bob.profileId, dogId: rex.id, scheduledAt: at(61, 15, 30) });
    expect(res.status).toBe(409);
    const message = `This time overlaps another session: ${named(first.scheduledAt, 'Biscuit')}`;
    expect(res.body.error).toEqual({ code: 'CONFLICT', message, fields: { allowOverlap: [message] } });
    // A longer one that starts earlier and runs into it is refused too.
    const longer = await post({
      clientId: bob.profileId,
      dogId: rex.id,
      scheduledAt: at(61, 13, 30),
      durationMinutes: 120,
    });
    expect(longer.status).toBe(409);
    expect(await between(at(60), at(63))).toEqual(before);
  });

  it('names every session it overlaps', async () => {
    const a = await created({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(64, 15) });
    const b = await created({ clientId: alice.profileId, dogId: pepper.id, scheduledAt: at(64, 16) });
    const res = await post({
      clientId: bob.profileId,
      dogId: rex.id,
      scheduledAt: at(64, 15, 30),
      durationMinutes: 90,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      `This time overlaps other sessions: ${named(a.scheduledAt, 'Biscuit')}; ${named(b.scheduledAt, 'Pepper')}`,
    );
  });

  it('allows sessions that only touch: one ending as it starts, one starting as it ends', async () => {
    await created({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(66, 15) });
    await created({ clientId: bob.profileId, dogId: rex.id, scheduledAt: at(66, 16) });
    await created({ clientId: alice.profileId, dogId: pepper.id, scheduledAt: at(66, 14, 30), durationMinutes: 30 });
  });

  it('ignores a cancelled session', async () => {
    const gone = await created({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(68, 15) });
    expect((await as(admin).post(`/api/sessions/${gone.id}/cancel`)).status).toBe(200);
    await created({ clientId: bob.profileId, dogId: rex.id, scheduledAt: at(68, 15) });
  });

  it('schedules the overlap when the request says so (allowOverlap)', async () => {
    await created({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(70, 15) });
    const both = await created({ clientId: bob.profileId, dogId: rex.id, scheduledAt: at(70, 15), allowOverlap: true });
    expect(both.scheduledAt).toBe(at(70, 15));
    const bad = await post({ clientId: bob.profileId, dogId: rex.id, scheduledAt: at(70, 18), allowOverlap: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('allowOverlap must be true or false');
  });

  it('refuses a move onto another session unless allowed; a move overlapping only its own old time is fine', async () => {
    const fixed = await created({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(72, 15) });
    const moving = await created({ clientId: bob.profileId, dogId: rex.id, scheduledAt: at(72, 17) });
    const body = { clientId: bob.profileId, dogId: rex.id, scheduledAt: at(72, 15, 45) };
    const refused = await put(moving.id, body);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      `This time overlaps another session: ${named(fixed.scheduledAt, 'Biscuit')}`,
    );
    expect((await as(admin).get(`/api/sessions/${moving.id}`)).body.session.scheduledAt).toBe(moving.scheduledAt);
    const nudged = await put(moving.id, { ...body, scheduledAt: at(72, 17, 30) });
    expect(nudged.status, JSON.stringify(nudged.body)).toBe(200);
    const allowed = await put(moving.id, { ...body, allowOverlap: true });
    expect(allowed.status).toBe(200);
    expect(allowed.body.session.scheduledAt).toBe(at(72, 15, 45));
    // Notes alone change nothing of the time: no clash check.
    const noted = await put(moving.id, { ...body, notes: 'Bring the long line' });
    expect(noted.status, JSON.stringify(noted.body)).toBe(200);
  });
});
