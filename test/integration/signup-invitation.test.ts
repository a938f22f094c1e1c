import { beforeAll, describe, expect, it } from 'vitest';
import { store } from '../../shared/db/service.js';
import { deactivateClient } from '../../shared/domain/clients.js';
import { newInvitationToken } from '../../shared/domain/invitations.js';
import { createTestUser, type TestUser } from '../support/api.js';
import { convertedClient, getInvitation, inviteClient } from './signup-helpers.js';

/** GET /api/invitations/{token}?email= (public): the signup form's prefill, or 404 with the spec's text. */

const INVALID = 'Invalid or expired invitation link.';

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser('admin');
});

function expectInvalid(res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body)).toBe(404);
  expect(res.body.error.message).toBe(INVALID);
}

describe('GET /api/invitations/{token}', () => {
  it("prefills an admin-created client's invitation from the profile: e-mail and prefill only", async () => {
    const invited = await inviteClient(admin, { firstName: 'Nora', lastName: 'Baptiste', phone: '(941) 555-0142' });
    const res = await getInvitation(invited.token, invited.email);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      email: invited.email,
      prefill: { firstName: 'Nora', lastName: 'Baptiste', phone: '(941) 555-0142' },
    });
    expect(JSON.stringify(res.body)).not.toContain(invited.profileId);
  });

  it("prefills a converted contact's invitation from the submission, dog included", async () => {
    const { invited, submission } = await convertedClient(admin);
    const res = await getInvitation(invited.token, invited.email.toUpperCase());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      email: submission.email,
      prefill: {
        firstName: 'Carla',
        lastName: 'Convert',
        phone: '941-555-0177',
        dogName: 'Moose',
        dogBreed: 'Labrador',
        dogBirthDate: '2023-05-04',
      },
    });
    expect(JSON.stringify(res.body)).not.toContain(submission.id);
  });

  it('answers 404 with the text for another e-mail, an unknown token, an expired and a used invitation', async () => {
    const invited = await inviteClient(admin);
    expectInvalid(await getInvitation(invited.token, `other-${invited.email}`));
    expectInvalid(await getInvitation(newInvitationToken(), invited.email));

    const expired = newInvitationToken();
    await store()
      .entities.invitation.create({
        token: expired,
        email: invited.email,
        profileId: invited.profileId,
        createdBy: admin.profileId,
        validUntil: new Date(Date.now() - 60_000).toISOString(),
      })
      .go();
    expectInvalid(await getInvitation(expired, invited.email));

    await store().entities.invitation.patch({ token: invited.token }).set({ usedAt: new Date().toISOString() }).go();
    expectInvalid(await getInvitation(invited.token, invited.email));
  });

  it('refuses a request without an e-mail, and an invitation whose client was deactivated', async () => {
    const invited = await inviteClient(admin);
    const res = await getInvitation(invited.token, '');
    expect(res.status).toBe(400);
    await deactivateClient(invited.profileId);
    expectInvalid(await getInvitation(invited.token, invited.email));
  });
});
