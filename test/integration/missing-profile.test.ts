import { randomUUID } from 'node:crypto';
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import { cognitoClient } from '../../infra/local/users.js';
import { createInvitedUser, setPermanentPassword } from '../../shared/adapters/user-directory.js';
import { store } from '../../shared/db/service.js';
import { api, createTestUser } from '../support/api.js';
import { signInAs } from './signup-helpers.js';

/**
 * SPEC 4: a signed-in client without a profile gets one (role client, first name User, profile not
 * completed, onboarding step 0), exactly once however many first requests arrive together.
 */

const PASSWORD = 'Missing-Profile-9';

/** A Cognito user in the group client (and optionally admin) with a permanent password and no profile. */
async function userWithoutProfile(alsoAdmin = false) {
  const email = `no-profile-${randomUUID().slice(0, 12)}@example.com`;
  const userId = await createInvitedUser({ email, firstName: 'Nobody', temporaryPassword: 'Temp-Pass-123' });
  await setPermanentPassword(userId, PASSWORD);
  if (alsoAdmin) {
    const env = inject('env');
    const client = cognitoClient(env.COGNITO_ENDPOINT);
    try {
      await client.send(
        new AdminAddUserToGroupCommand({ UserPoolId: env.COGNITO_USER_POOL_ID, Username: userId, GroupName: 'admin' }),
      );
    } finally {
      client.destroy();
    }
  }
  const tokens = await signInAs(email, PASSWORD);
  return { email, userId, idToken: tokens.idToken };
}

const profilesOf = async (userId: string) =>
  (await store().entities.profile.query.byUser({ userId }).go({ pages: 'all' })).data;

describe('a signed-in client without a profile', () => {
  it('gets exactly one profile under 20 concurrent first requests', async () => {
    const u = await userWithoutProfile();
    expect(await profilesOf(u.userId)).toEqual([]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => api('GET', '/api/me', { token: u.idToken })));
    expect(
      answers.map((a) => a.status),
      JSON.stringify(answers.find((a) => a.status !== 200)?.body),
    ).toEqual(Array(20).fill(200));
    const profiles = await profilesOf(u.userId);
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({
      userId: u.userId,
      email: u.email,
      role: 'client',
      firstName: 'User',
      profileCompleted: false,
      onboardingStep: 0,
      isActive: true,
    });
    expect(new Set(answers.map((a) => a.body.profile.id))).toEqual(new Set([profiles[0].id]));
    expect(answers[0].body.role).toBe('client');

    // Later requests use that profile.
    const later = await api('GET', '/api/me', { token: u.idToken });
    expect(later.body.profile.id).toBe(profiles[0].id);
    expect(await profilesOf(u.userId)).toHaveLength(1);
  });

  it("a deleted client's token that is still valid gets no new profile", async () => {
    const admin = await createTestUser('admin');
    const client = await createTestUser('client');
    expect((await api('GET', '/api/me', { token: client.idToken })).status).toBe(200);
    const deleted = await api('DELETE', `/api/clients/${client.profileId}`, { token: admin.idToken });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    const res = await api('GET', '/api/me', { token: client.idToken });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('No user or converted contact submission found with email');
    expect(await profilesOf(client.userId)).toEqual([]);
  });

  it('an admin without a profile is still refused, and gets none', async () => {
    const u = await userWithoutProfile(true);
    const res = await api('GET', '/api/me', { token: u.idToken });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe('Profile not found');
    expect(await profilesOf(u.userId)).toEqual([]);
  });
});
