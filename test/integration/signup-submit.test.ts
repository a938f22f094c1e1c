import { beforeAll, describe, expect, it } from 'vitest';
import { deleteUser, findUserByEmail } from '../../shared/adapters/user-directory.js';
import { store } from '../../shared/db/service.js';
import { businessDate } from '../../shared/domain/business-time.js';
import { getInvitation as readInvitation } from '../../shared/domain/invitations.js';
import { getProfileById } from '../../shared/domain/profiles.js';
import { resetBusinessSettings } from '../../shared/domain/settings.js';
import { api, createTestUser, type TestUser, visitor } from '../support/api.js';
import { convertedClient, getInvitation, inviteClient, postSignup, signInAs, signupBody } from './signup-helpers.js';

/** POST /api/signup (public): completes an invited account, once. */

const INVALID = 'Invalid or expired invitation link.';

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser('admin');
});

const dogsOf = async (profileId: string) =>
  (await store().entities.dog.query.byProfile({ profileId }).go({ pages: 'all' })).data;

/** Everything a signup may change, to compare before and after a refused one. */
async function snapshot(invited: { token: string; email: string; profileId: string }) {
  const [invitation, profile, dogs, user] = await Promise.all([
    readInvitation(invited.token),
    getProfileById(invited.profileId),
    dogsOf(invited.profileId),
    findUserByEmail(invited.email),
  ]);
  return { invitation, profile, dogs, userStatus: user?.status };
}

describe('POST /api/signup', () => {
  it('sets the password, updates the profile, adds the dog and uses up the invitation', async () => {
    const invited = await inviteClient(admin, { firstName: 'Nora', lastName: 'Baptiste', phone: '(941) 555-0142' });
    expect((await findUserByEmail(invited.email))?.status).toBe('FORCE_CHANGE_PASSWORD');

    const res = await postSignup(
      signupBody(invited, { firstName: ' Nora ', lastName: 'Signed-Up', howHeardAboutUs: 'Instagram' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({ success: true });

    const tokens = await signInAs(invited.email, 'Sunny-Days-42');
    expect(tokens.idToken).toBeTruthy();
    expect((await findUserByEmail(invited.email))?.status).toBe('CONFIRMED');

    const invitation = await readInvitation(invited.token);
    expect(invitation?.usedAt).toBeTruthy();
    const profile = await getProfileById(invited.profileId);
    expect(profile).toMatchObject({
      firstName: 'Nora',
      lastName: 'Signed-Up',
      phone: '941-555-0199',
      howHeardAboutUs: 'Instagram',
      role: 'client',
    });
    const dogs = await dogsOf(invited.profileId);
    expect(dogs.map((d) => ({ name: d.name, breed: d.breed, birthDate: d.birthDate }))).toEqual([
      { name: 'Pepper', breed: 'Beagle', birthDate: '2024-05-06' },
    ]);

    // The new name is searchable; the client reaches their own profile with the new tokens.
    const search = await api('GET', '/api/clients?filter=all&search=signed-up', { token: admin.idToken });
    expect(search.body.items.map((c: { id: string }) => c.id)).toContain(invited.profileId);
    const me = await api('GET', '/api/me', { token: tokens.idToken });
    expect(me.status).toBe(200);
    expect(me.body.profile).toMatchObject({ id: invited.profileId, firstName: 'Nora', lastName: 'Signed-Up' });

    // Single use: the link is invalid from now on.
    const again = await postSignup(signupBody(invited, { password: 'Another-Pass-77' }));
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(INVALID);
    expect((await getInvitation(invited.token, invited.email)).status).toBe(404);
    await expect(signInAs(invited.email, 'Another-Pass-77')).rejects.toThrow();
  });

  it('adds no second dog when the client already has one of that name (converted contact)', async () => {
    const { invited } = await convertedClient(admin);
    const before = await dogsOf(invited.profileId);
    expect(before.map((d) => d.name)).toEqual(['Moose']);
    const res = await postSignup(
      signupBody(invited, { firstName: 'Carla', lastName: 'Convert', dogName: ' moose ', dogBreed: 'Labrador' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await dogsOf(invited.profileId)).map((d) => d.name)).toEqual(['Moose']);
    expect((await signInAs(invited.email, 'Sunny-Days-42')).idToken).toBeTruthy();
  });

  it('keeps the profile phone when none is given', async () => {
    const invited = await inviteClient(admin, { phone: '(941) 555-0142' });
    const body = signupBody(invited);
    delete (body as { phone?: string }).phone;
    expect((await postSignup(body)).status).toBe(201);
    expect((await getProfileById(invited.profileId))?.phone).toBe('(941) 555-0142');
  });

  it('two simultaneous submissions: exactly one succeeds, the other is refused and writes nothing', async () => {
    const invited = await inviteClient(admin);
    const [a, b] = await Promise.all([
      postSignup(signupBody(invited, { password: 'First-Pass-11', dogName: 'Alpha' })),
      postSignup(signupBody(invited, { password: 'Second-Pass-22', dogName: 'Bravo' })),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0], JSON.stringify([a.body, b.body])).toBe(201);
    expect(statuses[1]).toBeGreaterThanOrEqual(400);
    expect(statuses[1]).toBeLessThan(500);
    const winner =
      a.status === 201 ? { password: 'First-Pass-11', dog: 'Alpha' } : { password: 'Second-Pass-22', dog: 'Bravo' };
    const loser = a.status === 201 ? 'Second-Pass-22' : 'First-Pass-11';
    expect((await dogsOf(invited.profileId)).map((d) => d.name)).toEqual([winner.dog]);
    expect((await signInAs(invited.email, winner.password)).idToken).toBeTruthy();
    await expect(signInAs(invited.email, loser)).rejects.toThrow();
  });

  it('refuses bad input with a 4xx and writes nothing', async () => {
    const invited = await inviteClient(admin);
    const before = await snapshot(invited);
    const { dogName: _omit, ...withoutDog } = signupBody(invited);
    const cases: [string, unknown][] = [
      ['no body', undefined],
      ['missing dog name', withoutDog],
      ['blank first name', signupBody(invited, { firstName: '   ' })],
      ['an extra field', signupBody(invited, { role: 'admin' })],
      ['a profile id', signupBody(invited, { profileId: invited.profileId })],
      ['a short password', signupBody(invited, { password: 'Short1' })],
      ['a future birth date', signupBody(invited, { dogBirthDate: `${new Date().getFullYear() + 1}-01-01` })],
      ['not a date', signupBody(invited, { dogBirthDate: 'yesterday' })],
      ['how-heard from the create-client list', signupBody(invited, { howHeardAboutUs: 'Walk-in' })],
      ['another e-mail', signupBody(invited, { email: `other-${invited.email}` })],
      ['an unknown token', signupBody(invited, { token: 'not-a-real-token' })],
      ['no token', signupBody(invited, { token: '' })],
    ];
    for (const [what, body] of cases) {
      const res = await postSignup(body);
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, what).toBeLessThan(500);
    }
    const short = await postSignup(signupBody(invited, { password: 'Short1' }));
    expect(short.body.error.message).toBe('Password must be at least 8 characters long');
    const other = await postSignup(signupBody(invited, { email: `other-${invited.email}` }));
    expect(other.status).toBe(404);
    expect(other.body.error.message).toBe(INVALID);

    expect(await snapshot(invited)).toEqual(before);
    expect(before.invitation?.usedAt).toBeUndefined();
    expect(before.userStatus).toBe('FORCE_CHANGE_PASSWORD');
    // The invitation still works afterwards.
    expect((await postSignup(signupBody(invited))).status).toBe(201);
  });

  it("judges the dog's birth date by the business's calendar date, not UTC's", async () => {
    const now = new Date();
    const utcToday = now.toISOString().slice(0, 10);
    // UTC-11 is a day behind UTC before 11:00 UTC, UTC+14 a day ahead from 10:00 UTC: one of them differs now.
    const behind = now.getUTCHours() < 10;
    const timeZone = behind ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    const put = await api('PUT', '/api/settings/business', {
      token: admin.idToken,
      body: {
        businessName: 'Happy Tails Training',
        businessPhone: '(813) 555-0199',
        businessEmail: 'desk@happytails.test',
        defaultSessionDuration: 60,
        hourlyRate: null,
        timeZone,
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    try {
      const invited = await inviteClient(admin);
      const businessToday = businessDate(now, timeZone);
      if (behind) {
        const res = await postSignup(signupBody(invited, { dogBirthDate: utcToday }));
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.error.fields.dogBirthDate).toEqual(['Date of birth cannot be in the future']);
        expect((await readInvitation(invited.token))?.usedAt).toBeUndefined();
      }
      const ok = await postSignup(signupBody(invited, { dogBirthDate: businessToday }));
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
      expect((await dogsOf(invited.profileId)).map((d) => d.birthDate)).toEqual([businessToday]);
    } finally {
      await resetBusinessSettings();
    }
  });

  it('takes the used mark back when the password cannot be set', async () => {
    const invited = await inviteClient(admin);
    const profile = await getProfileById(invited.profileId);
    if (!profile) throw new Error('no profile');
    await deleteUser(profile.userId);
    const res = await postSignup(signupBody(invited));
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(INVALID);
    expect((await readInvitation(invited.token))?.usedAt).toBeUndefined();
  });

  it('limits signups per caller address', async () => {
    const same = visitor();
    // The limit counts per fixed minute: start well inside one.
    const intoWindow = Date.now() % 60_000;
    if (intoWindow > 55_000) await new Promise((r) => setTimeout(r, 60_000 - intoWindow + 100));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await postSignup({}, same)).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
