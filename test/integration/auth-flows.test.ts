import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  ConfirmForgotPasswordCommand,
  CreateUserPoolCommand,
  DeleteUserPoolCommand,
  DescribeUserPoolCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { applyPasswordPolicy, startCognito } from '../../infra/local/cognito.js';
import { cognitoClient } from '../../infra/local/users.js';
import { adminCreatedTempPassword, createInvitedUser } from '../../shared/adapters/user-directory.js';
import { cognitoPasswordPolicy } from '../../shared/auth-policy.js';
import { signIn } from '../support/api.js';

/**
 * The sign-in paths the portal's auth pages drive, against cognito-local: the first sign-in of an
 * invited user (NEW_PASSWORD_REQUIRED answered with RespondToAuthChallenge), password reset
 * (ForgotPassword + ConfirmForgotPassword with the fixed local code) and the one password policy.
 */

const env = () => inject('env');
const client = cognitoClient(inject('env').COGNITO_ENDPOINT);
afterAll(() => client.destroy());

const LOCAL_CODE = '123456';
const newEmail = (what: string) => `${what}-${randomUUID().slice(0, 12)}@example.com`;
const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));

const passwordAuth = (email: string, password: string) =>
  client.send(
    new InitiateAuthCommand({
      ClientId: env().COGNITO_CLIENT_ID,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );

const userStatus = async (userId: string) =>
  (await client.send(new AdminGetUserCommand({ UserPoolId: env().COGNITO_USER_POOL_ID, Username: userId }))).UserStatus;

describe('first sign-in of an invited user', () => {
  it('gets NEW_PASSWORD_REQUIRED, answers it with a new password and then signs in with that password', async () => {
    const email = newEmail('invited');
    const temporaryPassword = adminCreatedTempPassword();
    const userId = await createInvitedUser({ email, firstName: 'Ivy', lastName: 'Invited', temporaryPassword });
    expect(await userStatus(userId)).toBe('FORCE_CHANGE_PASSWORD');

    const challenge = await passwordAuth(email, temporaryPassword);
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(challenge.AuthenticationResult).toBeUndefined();
    expect(challenge.Session).toEqual(expect.any(String));

    // What Amplify's confirmSignIn sends: the e-mail as USERNAME and the challenge's session.
    const newPassword = 'a long walk on the beach';
    const answered = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: env().COGNITO_CLIENT_ID,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: newPassword },
      }),
    );
    const idToken = answered.AuthenticationResult?.IdToken;
    expect(idToken).toEqual(expect.any(String));
    const claims = decode(idToken as string);
    expect(claims.sub).toBe(userId);
    expect(claims['cognito:groups']).toEqual(['client']);
    expect(await userStatus(userId)).toBe('CONFIRMED');

    const tokens = await signIn(email, newPassword);
    expect(decode(tokens.idToken).sub).toBe(userId);
    await expect(passwordAuth(email, temporaryPassword)).rejects.toMatchObject({
      name: expect.stringMatching(/^(InvalidPasswordException|NotAuthorizedException)$/),
    });
  });
});

describe('password reset', () => {
  it('completes with ForgotPassword and ConfirmForgotPassword (code 123456), after which only the new password works', async () => {
    const email = newEmail('forgetful');
    const userId = await createInvitedUser({ email, firstName: 'Fern', temporaryPassword: adminCreatedTempPassword() });
    const oldPassword = 'the old password';
    await client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: env().COGNITO_USER_POOL_ID,
        Username: userId,
        Password: oldPassword,
        Permanent: true,
      }),
    );

    const sent = await client.send(new ForgotPasswordCommand({ ClientId: env().COGNITO_CLIENT_ID, Username: email }));
    expect(sent.CodeDeliveryDetails).toEqual({ AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email });

    const confirm = (code: string, password: string) =>
      client.send(
        new ConfirmForgotPasswordCommand({
          ClientId: env().COGNITO_CLIENT_ID,
          Username: email,
          ConfirmationCode: code,
          Password: password,
        }),
      );
    await expect(confirm('000000', 'never used password')).rejects.toMatchObject({ name: 'CodeMismatchException' });

    const newPassword = 'sit, stay, remember';
    await confirm(LOCAL_CODE, newPassword);
    expect(await userStatus(userId)).toBe('CONFIRMED');
    expect(decode((await signIn(email, newPassword)).idToken).sub).toBe(userId);
    await expect(passwordAuth(email, oldPassword)).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    // The code is used up.
    await expect(confirm(LOCAL_CODE, 'another new password')).rejects.toMatchObject({
      name: 'CodeMismatchException',
    });
  });
});

describe('the local user pool', () => {
  it('has the password policy of the one declaration (shared/auth-policy.ts)', async () => {
    const { UserPool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: env().COGNITO_USER_POOL_ID }));
    expect(UserPool?.Policies?.PasswordPolicy).toEqual(cognitoPasswordPolicy());
  });

  it('brings a pool with another policy to the declaration and leaves its other settings alone', async () => {
    const { UserPool } = await client.send(
      new CreateUserPoolCommand({
        PoolName: 'old-policy',
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: { MinimumLength: 8, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true },
        },
      }),
    );
    const id = UserPool?.Id as string;
    try {
      expect(await applyPasswordPolicy(client, id)).toBe(true);
      const { UserPool: updated } = await client.send(new DescribeUserPoolCommand({ UserPoolId: id }));
      expect(updated?.Policies?.PasswordPolicy).toEqual(cognitoPasswordPolicy());
      expect(updated?.AutoVerifiedAttributes).toEqual(['email']);
      expect(updated?.UsernameAttributes).toEqual(['email']);
      expect(await applyPasswordPolicy(client, id)).toBe(false);
    } finally {
      await client.send(new DeleteUserPoolCommand({ UserPoolId: id }));
    }
  });

  it('follows the declaration after a restart over data made with another policy (old .local/ folders)', async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'cognito-policy-'));
    const local = cognitoClient(`http://127.0.0.1:${port}`);
    try {
      let proc = await startCognito({ port, dir, echo: false });
      let poolId = '';
      try {
        const { UserPool } = await local.send(
          new CreateUserPoolCommand({
            PoolName: 'before-the-policy',
            Policies: { PasswordPolicy: { MinimumLength: 6, RequireUppercase: true } },
          }),
        );
        poolId = UserPool?.Id as string;
      } finally {
        await proc.stop();
      }
      proc = await startCognito({ port, dir, echo: false });
      try {
        const { UserPool } = await local.send(new DescribeUserPoolCommand({ UserPoolId: poolId }));
        expect(UserPool?.Policies?.PasswordPolicy).toEqual(cognitoPasswordPolicy());
      } finally {
        await proc.stop();
      }
    } finally {
      local.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
