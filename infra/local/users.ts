import { randomInt } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { createProfile } from '../../shared/domain/profiles.js';

/**
 * Users of the local runtime: a Cognito user (e-mail as username, permanent password, group) plus
 * its profile. Used by the first-start seeding, by `LocalRuntime.createUser` and by the test helpers
 * (which run it in the vitest worker with the runtime's environment).
 */
export interface NewLocalUser {
  email: string;
  password: string;
  role: 'admin' | 'client';
  firstName: string;
  lastName?: string;
}

export interface LocalCognito {
  endpoint: string;
  userPoolId: string;
  clientId: string;
}

export interface Tokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

export function cognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** A random password that satisfies any Cognito policy: 20 characters with every character class. */
export function randomPassword(length = 20): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!#%+-=?@^_'];
  const all = sets.join('');
  const chars = sets.map((s) => s[randomInt(s.length)]);
  while (chars.length < Math.max(length, 12)) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** Creates the Cognito user and its profile; returns the user's `sub` and the profile id. */
export async function createLocalUser(
  cognito: LocalCognito,
  u: NewLocalUser,
): Promise<{ userId: string; profileId: string }> {
  const client = cognitoClient(cognito.endpoint);
  try {
    const email = u.email.toLowerCase();
    const created = await client.send(
      new AdminCreateUserCommand({
        UserPoolId: cognito.userPoolId,
        Username: email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: u.firstName },
          ...(u.lastName ? [{ Name: 'family_name', Value: u.lastName }] : []),
        ],
      }),
    );
    const sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value ?? created.User?.Username;
    if (!sub) throw new Error(`cognito-local returned no sub for ${email}`);
    // cognito-local resolves users by their real username (the sub), not always by the e-mail alias.
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: cognito.userPoolId,
        Username: sub,
        Password: u.password,
        Permanent: true,
      }),
    );
    await client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: cognito.userPoolId, Username: sub, GroupName: u.role }),
    );
    const profile = await createProfile({
      userId: sub,
      role: u.role,
      firstName: u.firstName,
      lastName: u.lastName,
      email,
      profileCompleted: true,
      onboardingStep: 3,
    });
    return { userId: sub, profileId: profile.id };
  } finally {
    client.destroy();
  }
}

/** USER_PASSWORD_AUTH (cognito-local has no SRP). */
export async function signInLocal(cognito: LocalCognito, email: string, password: string): Promise<Tokens> {
  const client = cognitoClient(cognito.endpoint);
  try {
    const res = await client.send(
      new InitiateAuthCommand({
        ClientId: cognito.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const r = res.AuthenticationResult;
    if (!r?.IdToken || !r.AccessToken || !r.RefreshToken) {
      throw new Error(`Sign-in of ${email} did not return tokens (challenge: ${res.ChallengeName ?? 'none'})`);
    }
    return { idToken: r.IdToken, accessToken: r.AccessToken, refreshToken: r.RefreshToken };
  } finally {
    client.destroy();
  }
}
