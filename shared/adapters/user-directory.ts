import { randomInt } from 'node:crypto';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { optionalUrl, readEnv } from '../config/env.js';
import * as z from '../zod.js';

/**
 * The Cognito user pool as the product manages it: create invited users with a temporary password
 * (Cognito's FORCE_CHANGE_PASSWORD state, the same locally and in the cloud), look users up by
 * e-mail, disable and delete them. Locally COGNITO_ENDPOINT points at cognito-local.
 */
let client: CognitoIdentityProviderClient | undefined;

function env() {
  return readEnv({
    AWS_REGION: z._default(z.string(), 'us-east-1'),
    COGNITO_USER_POOL_ID: z.string().check(z.minLength(1)),
    COGNITO_ENDPOINT: optionalUrl,
  });
}

function cognito() {
  if (!client) {
    const e = env();
    client = new CognitoIdentityProviderClient({
      region: e.AWS_REGION,
      ...(e.COGNITO_ENDPOINT
        ? { endpoint: e.COGNITO_ENDPOINT, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
        : {}),
    });
  }
  return client;
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';

/**
 * `length` random letters and digits with at least one upper-case letter, one lower-case letter and
 * one digit (so any pool policy that asks for them accepts it).
 */
export function randomCharacters(length = 8): string {
  const all = UPPER + LOWER + DIGITS;
  const chars = [UPPER, LOWER, DIGITS].map((s) => s[randomInt(s.length)]);
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/** SPEC 9: the conversion's temporary password is a fixed prefix, 8 random characters and `!`. */
export const TEMP_PASSWORD_PREFIX = 'Pawsitive-';
export const conversionTempPassword = () => `${TEMP_PASSWORD_PREFIX}${randomCharacters(8)}!`;
/** SPEC 9: an admin-created client's temporary password is 8 random characters. */
export const adminCreatedTempPassword = () => randomCharacters(8);

export interface DirectoryUser {
  /** Cognito `sub`. */
  userId: string;
  username: string;
  enabled: boolean;
  status?: string;
}

/** The user whose e-mail (the pool's username alias) is `email`, or undefined. */
export async function findUserByEmail(email: string): Promise<DirectoryUser | undefined> {
  try {
    const res = await cognito().send(
      new AdminGetUserCommand({ UserPoolId: env().COGNITO_USER_POOL_ID, Username: email.toLowerCase() }),
    );
    const sub = res.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? res.Username;
    if (!sub || !res.Username) return undefined;
    return { userId: sub, username: res.Username, enabled: res.Enabled ?? true, status: res.UserStatus };
  } catch (e) {
    if (e instanceof UserNotFoundException || (e as { name?: string }).name === 'UserNotFoundException')
      return undefined;
    throw e;
  }
}

/**
 * Creates a user in the `client` group with a temporary password that must be changed at first
 * sign-in. Cognito sends nothing (the product e-mails its own invitation). Returns the user's `sub`.
 */
export async function createInvitedUser(u: {
  email: string;
  firstName: string;
  lastName?: string;
  temporaryPassword: string;
}): Promise<string> {
  const pool = env().COGNITO_USER_POOL_ID;
  const email = u.email.toLowerCase();
  const created = await cognito().send(
    new AdminCreateUserCommand({
      UserPoolId: pool,
      Username: email,
      TemporaryPassword: u.temporaryPassword,
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
  if (!sub) throw new Error(`Cognito returned no sub for ${email}`);
  try {
    // cognito-local resolves users by their real username (the sub), not always by the e-mail alias.
    await cognito().send(new AdminAddUserToGroupCommand({ UserPoolId: pool, Username: sub, GroupName: 'client' }));
  } catch (e) {
    await deleteUser(sub).catch(() => undefined);
    throw e;
  }
  return sub;
}

/**
 * Gives the user `password` as a permanent one (status CONFIRMED: no change asked at sign-in). The
 * username is the user's `sub`, which cognito-local needs (it does not resolve every call through the
 * e-mail alias). Cognito's refusals (InvalidPasswordException for the pool's policy,
 * UserNotFoundException) are thrown as they are.
 */
export async function setPermanentPassword(userId: string, password: string): Promise<void> {
  await cognito().send(
    new AdminSetUserPasswordCommand({
      UserPoolId: env().COGNITO_USER_POOL_ID,
      Username: userId,
      Password: password,
      Permanent: true,
    }),
  );
}

/** Disables the user and, where the pool supports it, signs them out everywhere. */
export async function disableUser(userId: string): Promise<void> {
  const pool = env().COGNITO_USER_POOL_ID;
  await cognito().send(new AdminDisableUserCommand({ UserPoolId: pool, Username: userId }));
  if (!env().COGNITO_ENDPOINT) {
    // cognito-local has no global sign-out; there the API's inactive-profile check refuses the tokens.
    await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: pool, Username: userId }));
  }
}

/** Enables a disabled user again (a reactivated client signs in with their password as before). */
export async function enableUser(userId: string): Promise<void> {
  await cognito().send(new AdminEnableUserCommand({ UserPoolId: env().COGNITO_USER_POOL_ID, Username: userId }));
}

/** Deletes the user; a user that is already gone counts as deleted. */
export async function deleteUser(userId: string): Promise<void> {
  try {
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: env().COGNITO_USER_POOL_ID, Username: userId }));
  } catch (e) {
    if (e instanceof UserNotFoundException || (e as { name?: string }).name === 'UserNotFoundException') return;
    throw e;
  }
}
