import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_SIGNED_UP_TEXT } from '../../shared/domain/client-accounts.js';
import { api, createTestUser, type TestUser } from '../support/api.js';

/**
 * A new signup invitation from the client's profile (POST /api/clients/{id}/invitation): for a client
 * who has not chosen a password yet; never for one who has (signing up sets the password again).
 */

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser('admin');
});

const invite = (id: string) => api('POST', `/api/clients/${id}/invitation`, { token: admin.idToken });

describe('a new signup invitation', () => {
  it('is made for a client created without one, and its link opens the signup', async () => {
    const email = `invitee-${randomUUID().slice(0, 12)}@example.com`;
    const created = await api('POST', '/api/clients', {
      token: admin.idToken,
      body: { firstName: 'Ivy', lastName: 'Invitee', email, sendInvitation: false },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.invitationLink).toBeUndefined();

    const res = await invite(created.body.client.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const link = new URL(res.body.invitationLink);
    expect(link.pathname).toBe('/signup');
    expect(link.searchParams.get('email')).toBe(email);
    const token = link.searchParams.get('token') as string;
    const opened = await api('GET', `/api/invitations/${token}?email=${encodeURIComponent(email)}`);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body.email).toBe(email);

    // A second one is another link; both stay valid until used or expired.
    const again = await invite(created.body.client.id);
    expect(again.status).toBe(201);
    expect(again.body.invitationLink).not.toBe(res.body.invitationLink);
  });

  it('is refused for a client who has signed up, for a deactivated client and for unknown ids', async () => {
    const signedUp = await createTestUser('client');
    const refused = await invite(signedUp.profileId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(ALREADY_SIGNED_UP_TEXT);

    const other = await createTestUser('client');
    expect((await api('POST', `/api/clients/${other.profileId}/deactivate`, { token: admin.idToken })).status).toBe(
      200,
    );
    expect((await invite(other.profileId)).status).toBe(409);

    expect((await invite(randomUUID())).status).toBe(404);
    expect((await invite(admin.profileId)).status).toBe(404);
  });
});
