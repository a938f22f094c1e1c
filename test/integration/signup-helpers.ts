import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import { signInLocal } from '../../infra/local/users.js';
import { createContactSubmission } from '../../shared/domain/contact-submissions.js';
import { api, type TestUser, visitor } from '../support/api.js';

/**
 * Helpers of the signup tests (signup-*.test.ts and the authorization matrix): invited clients made
 * through the admin API, the signup body, and sign-in with the chosen password.
 */

export interface Invited {
  token: string;
  email: string;
  profileId: string;
  link: string;
}

export const newEmail = (prefix = 'signup') => `${prefix}-${randomUUID().slice(0, 12)}@example.com`;

function fromLink(link: string): { token: string; email: string } {
  const url = new URL(link);
  const token = url.searchParams.get('token');
  const email = url.searchParams.get('email');
  if (!token || !email) throw new Error(`No token or e-mail in ${link}`);
  return { token, email };
}

/** A client created by the trainer (POST /api/clients) with an invitation; its token and e-mail. */
export async function inviteClient(
  admin: TestUser,
  over: { firstName?: string; lastName?: string; phone?: string; email?: string } = {},
): Promise<Invited> {
  const res = await api('POST', '/api/clients', {
    token: admin.idToken,
    body: {
      firstName: 'Nora',
      lastName: 'Baptiste',
      email: newEmail(),
      phone: '(941) 555-0142',
      ...over,
      sendInvitation: true,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const link = res.body.invitationLink as string;
  return { ...fromLink(link), profileId: res.body.client.id, link };
}

/** A contact submission converted by the trainer: its invitation carries the submission. */
export async function convertedClient(admin: TestUser) {
  const submission = await createContactSubmission({
    firstName: 'Carla',
    lastName: 'Convert',
    email: newEmail('converted'),
    phone: '941-555-0177',
    program: 'adultDogTraining',
    message: 'Barks at the mail carrier.',
    dogName: 'Moose',
    dogBreed: 'Labrador',
    dogSex: 'male',
    dogBirthDate: '2023-05-04',
  });
  const res = await api('POST', `/api/contact-submissions/${submission.id}/convert`, { token: admin.idToken });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const link = res.body.invitationLink as string;
  return { submission, invited: { ...fromLink(link), profileId: res.body.profileId as string, link } };
}

export const signupBody = (i: Pick<Invited, 'token' | 'email'>, over: Record<string, unknown> = {}) => ({
  token: i.token,
  email: i.email,
  password: 'Sunny-Days-42',
  firstName: 'Nora',
  lastName: 'Signed-Up',
  phone: '941-555-0199',
  dogName: 'Pepper',
  dogBreed: 'Beagle',
  dogBirthDate: '2024-05-06',
  ...over,
});

export const postSignup = (body: unknown, from: string = visitor()) => api('POST', '/api/signup', { body, from });

export const getInvitation = (token: string, email: string) =>
  api('GET', `/api/invitations/${encodeURIComponent(token)}?email=${encodeURIComponent(email)}`);

/** USER_PASSWORD_AUTH against the runtime's Cognito. */
export function signInAs(email: string, password: string) {
  const env = inject('env');
  return signInLocal(
    { endpoint: env.COGNITO_ENDPOINT, userPoolId: env.COGNITO_USER_POOL_ID, clientId: env.COGNITO_CLIENT_ID },
    email,
    password,
  );
}
