import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../shared/adapters/user-directory.js';
import { store } from '../../shared/db/service.js';
import { getClient } from '../../shared/domain/clients.js';
import { convertSubmission } from '../../shared/domain/contact-conversion.js';
import {
  countContactSubmissionsByStatus,
  createContactSubmission,
  getContactSubmission,
  updateContactStatus,
} from '../../shared/domain/contact-submissions.js';
import { COUNTERS, readCounters } from '../../shared/domain/counters.js';
import { getProfileByEmail } from '../../shared/domain/profiles.js';
import { api, busIdle, createTestUser, sesStore, type TestUser, waitFor } from '../support/api.js';

const request = (over: Record<string, string> = {}) => ({
  firstName: 'Carla',
  lastName: 'Convert',
  email: `carla-${randomUUID()}@Example.com`,
  phone: '941-555-0142',
  program: 'adultDogTraining' as const,
  message: 'Barks at the mail carrier.',
  dogName: 'Moose',
  dogBreed: 'Labrador',
  dogSex: 'male' as const,
  dogBirthDate: '2023-05-04',
  ...over,
});

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser('admin');
});

const convert = (id: string) => api('POST', `/api/contact-submissions/${id}/convert`, { token: admin.idToken });
const setStatus = (id: string, body: unknown) =>
  api('PATCH', `/api/contact-submissions/${id}/status`, { token: admin.idToken, body });

const dogsOf = async (profileId: string) =>
  (await store().entities.dog.query.byProfile({ profileId }).go({ pages: 'all' })).data;

describe('conversion to a client', () => {
  it('creates the Cognito user, the profile, the first dog and the invitation, links the submission and e-mails the link', async () => {
    const s = await createContactSubmission(request({ dogBreed: '  ' }));
    expect((await setStatus(s.id, { status: 'contacted' })).status).toBe(200);
    const before = await countContactSubmissionsByStatus();
    const active = await readCounters([COUNTERS.activeClients]);

    const res = await convert(s.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const email = s.email;
    expect(res.body.email).toBe(email);
    expect(res.body.temporaryPassword).toMatch(/^Pawsitive-[A-Za-z0-9]{8}!$/);
    const origin = new URL(res.body.loginUrl).origin;
    expect(res.body.loginUrl).toBe(`${origin}/login`);
    const link = new URL(res.body.invitationLink);
    expect(link.origin + link.pathname).toBe(`${origin}/signup`);
    expect(link.searchParams.get('email')).toBe(email);
    const token = link.searchParams.get('token') as string;
    expect(token.length).toBeGreaterThan(20);

    expect(res.body.submission).toMatchObject({
      id: s.id,
      status: 'converted',
      convertedToClient: true,
      assignedProfileId: res.body.profileId,
    });
    const profile = await getClient(res.body.profileId);
    expect(profile).toMatchObject({
      role: 'client',
      email,
      firstName: 'Carla',
      lastName: 'Convert',
      phone: '941-555-0142',
      createdFromContactForm: true,
      profileCompleted: false,
      onboardingStep: 0,
      isActive: true,
    });
    const user = await findUserByEmail(email);
    expect(user?.userId).toBe(profile.userId);
    expect(user?.status).toBe('FORCE_CHANGE_PASSWORD');
    const dogs = await dogsOf(profile.id);
    expect(dogs).toHaveLength(1);
    expect(dogs[0]).toMatchObject({ name: 'Moose', breed: 'Unknown', birthDate: '2023-05-04', sex: 'male' });
    // The client list shows the first dog without reading the dogs.
    expect(profile.dogNames).toEqual([{ id: dogs[0].id, name: 'Moose' }]);
    const { data: invitation } = await store().entities.invitation.get({ token }).go();
    expect(invitation).toMatchObject({ email, contactSubmissionId: s.id, createdBy: admin.profileId });
    const days = (new Date(invitation?.validUntil ?? 0).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    expect(await countContactSubmissionsByStatus()).toEqual({
      ...before,
      contacted: before.contacted - 1,
      converted: before.converted + 1,
    });
    expect((await readCounters([COUNTERS.activeClients]))[COUNTERS.activeClients]).toBe(
      active[COUNTERS.activeClients] + 1,
    );

    await busIdle();
    const mail = await waitFor(async () =>
      (await sesStore()).find((m) => m.destination?.to?.includes(email) && JSON.stringify(m).includes(token)),
    );
    expect(mail).toBeDefined();

    // The detail view knows the linked profile.
    const detail = await api('GET', `/api/contact-submissions/${s.id}`, { token: admin.idToken });
    expect(detail.body.assignedProfile).toEqual({
      id: profile.id,
      firstName: 'Carla',
      lastName: 'Convert',
      email,
      isActive: true,
    });

    // Converting again: already converted, nothing changes.
    const again = await convert(s.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This contact submission has already been converted to a client');
    expect(await dogsOf(profile.id)).toHaveLength(1);
  });

  it('links the submission to an existing client profile and answers 409 with the spec text', async () => {
    const existing = await createTestUser('client');
    const s = await createContactSubmission(request({ email: existing.email.toUpperCase() }));
    const before = await countContactSubmissionsByStatus();
    const res = await convert(s.id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      `A client account already exists for ${existing.email}. The contact submission has been linked to the existing profile.`,
    );
    expect(await getContactSubmission(s.id)).toMatchObject({
      status: 'converted',
      convertedToClient: true,
      assignedProfileId: existing.profileId,
    });
    expect(await countContactSubmissionsByStatus()).toEqual({
      ...before,
      new: before.new - 1,
      converted: before.converted + 1,
    });
    expect(await dogsOf(existing.profileId)).toHaveLength(0);
  });

  it('refuses when a Cognito user without a profile has the e-mail, writing nothing', async () => {
    const orphan = await createTestUser('client');
    await store().entities.profile.delete({ id: orphan.profileId }).go();
    await store().entities.unique.delete({ kind: 'email', value: orphan.email }).go();
    const s = await createContactSubmission(request({ email: orphan.email }));
    const before = await countContactSubmissionsByStatus();
    const res = await convert(s.id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      `An authentication account already exists for ${orphan.email}. Please delete the existing user first, or use a different email.`,
    );
    expect(await getContactSubmission(s.id)).toEqual(s);
    expect(await getProfileByEmail(orphan.email)).toBeUndefined();
    expect((await findUserByEmail(orphan.email))?.userId).toBe(orphan.userId);
    expect(await countContactSubmissionsByStatus()).toEqual(before);
  });

  it('leaves no Cognito user, no profile and an unchanged submission when the transaction fails mid-way', async () => {
    const s = await createContactSubmission(request());
    const stale = await getContactSubmission(s.id);
    // Another admin changes the submission after this conversion read it.
    await updateContactStatus(s.id, 'contacted');
    const changed = await getContactSubmission(s.id);
    const before = await countContactSubmissionsByStatus();
    const active = await readCounters([COUNTERS.activeClients]);

    await expect(
      convertSubmission(stale, { createdBy: admin.profileId, origin: 'https://portal.example' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'The submission was changed meanwhile. Please reload and try again.',
    });

    expect(await findUserByEmail(s.email)).toBeUndefined();
    expect(await getProfileByEmail(s.email)).toBeUndefined();
    expect(await getContactSubmission(s.id)).toEqual(changed);
    expect(changed).toMatchObject({ status: 'contacted', convertedToClient: false });
    expect(changed.assignedProfileId).toBeUndefined();
    const invitations = await store().entities.invitation.query.byEmail({ email: s.email }).go();
    expect(invitations.data).toEqual([]);
    expect(await countContactSubmissionsByStatus()).toEqual(before);
    expect(await readCounters([COUNTERS.activeClients])).toEqual(active);

    // The same submission converts fine once read afresh.
    const res = await convert(s.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('refuses to convert a removed or unknown submission', async () => {
    const s = await createContactSubmission(request());
    await updateContactStatus(s.id, 'removed');
    const res = await convert(s.id);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('A removed submission cannot change status. Restore it first.');
    expect(await findUserByEmail(s.email)).toBeUndefined();
    expect((await convert(randomUUID())).status).toBe(404);
    const extra = await api('POST', `/api/contact-submissions/${s.id}/convert`, {
      token: admin.idToken,
      body: { password: 'x' },
    });
    expect(extra.status).toBe(400);
  });
});

describe('away from converted', () => {
  async function converted() {
    const s = await createContactSubmission(request());
    const res = await convert(s.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: s.id, email: s.email, profileId: res.body.profileId as string };
  }

  it('requires the client choice, then deactivates the client and sets the status', async () => {
    const c = await converted();
    const before = await countContactSubmissionsByStatus();
    const missing = await setStatus(c.id, { status: 'contacted' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.clientAction).toBeDefined();
    expect((await getContactSubmission(c.id)).status).toBe('converted');
    expect((await getClient(c.profileId)).isActive).toBe(true);

    const res = await setStatus(c.id, { status: 'contacted', clientAction: 'deactivate' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.outcome).toBe('deactivated');
    expect(res.body.submission).toMatchObject({ status: 'contacted', assignedProfileId: c.profileId });
    const profile = await getClient(c.profileId);
    expect(profile.isActive).toBe(false);
    expect(profile.listState).toBe('inactive');
    expect((await findUserByEmail(c.email))?.enabled).toBe(false);
    expect(await countContactSubmissionsByStatus()).toEqual({
      ...before,
      converted: before.converted - 1,
      contacted: before.contacted + 1,
    });
  });

  it('deletes the client and all their data when asked, and clears the link', async () => {
    const c = await converted();
    const before = await countContactSubmissionsByStatus();
    const res = await setStatus(c.id, { status: 'removed', clientAction: 'delete' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.outcome).toBe('deleted');
    expect(res.body.submission.status).toBe('removed');
    expect(res.body.submission.convertedToClient).toBe(false);
    expect(res.body.submission.assignedProfileId).toBeUndefined();
    await expect(getClient(c.profileId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await getProfileByEmail(c.email)).toBeUndefined();
    expect(await findUserByEmail(c.email)).toBeUndefined();
    expect(await dogsOf(c.profileId)).toHaveLength(0);
    expect(await countContactSubmissionsByStatus()).toEqual({
      ...before,
      converted: before.converted - 1,
      removed: before.removed + 1,
    });
    // Restore, then convert again: a fresh client.
    expect((await setStatus(c.id, { status: 'new' })).status).toBe(200);
    expect((await convert(c.id)).status).toBe(201);
  });

  it('without a profile, only sets the status (the invitation stays valid)', async () => {
    const s = await createContactSubmission(request());
    // Linked to a profile that then disappears.
    expect((await convert(s.id)).status).toBe(201);
    const linked = await getContactSubmission(s.id);
    await store().entities.contactSubmission.patch({ id: s.id }).set({ assignedProfileId: randomUUID() }).go();
    const res = await setStatus(s.id, { status: 'new' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.outcome).toBe('unlinked');
    expect(res.body.submission).toMatchObject({ status: 'new', convertedToClient: false });
    expect(res.body.submission.assignedProfileId).toBeUndefined();
    // The client made by the conversion is untouched.
    expect((await getClient(linked.assignedProfileId as string)).isActive).toBe(true);
  });
});
