import {
  AdminCreateUserCommand,
  type AdminCreateUserCommandInput,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import {
  createInvitedUser,
  deleteUser,
  disableUser,
  findUserByEmail,
  setPermanentPassword,
} from '../../../shared/adapters/user-directory.js';
import { authAccountExistsText, createClientAccount } from '../../../shared/domain/client-accounts.js';
import { awsStandIn, json, jsonError, KEYS } from './aws-stand-in.js';
import { useEnv } from './env.js';

const POOL = 'us-east-1_AbCdEfGhI';
const SUB = '3f1c2d4e-0000-4000-8000-00000000abcd';
const CREATED = json({ User: { Username: SUB, Attributes: [{ Name: 'sub', Value: SUB }] } });
const NO_USER = jsonError('UserNotFoundException', 'User does not exist.');

/** The cloud edge of the user directory: Cognito's admin API on the app's user pool. */
describe('Cognito admin calls', () => {
  useEnv({
    AWS_REGION: 'us-east-1',
    COGNITO_USER_POOL_ID: POOL,
    COGNITO_ENDPOINT: undefined,
    AWS_ACCESS_KEY_ID: KEYS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    AWS_SESSION_TOKEN: undefined,
  });
  const cognito = awsStandIn('cognito-idp', { env: ['AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER'] });

  it('sends what the SDK client sends for the same operation (target, content type, body), signed for cognito-idp', async () => {
    cognito.on('AdminCreateUser', CREATED);
    await createInvitedUser({ email: 'a@example.com', firstName: 'Ann', temporaryPassword: 'Xy3kLm9p' });
    await findUserByEmail('a@example.com');
    const ours = cognito.received.filter((r) => r.operation !== 'AdminAddUserToGroup');
    const created = cognito.calls<AdminCreateUserCommandInput>('AdminCreateUser')[0];
    cognito.reset();
    const sdk = new CognitoIdentityProviderClient({ region: 'us-east-1', endpoint: cognito.url, credentials: KEYS });
    cognito.on('AdminCreateUser', CREATED);
    await sdk.send(new AdminCreateUserCommand(created));
    await sdk.send(new AdminGetUserCommand({ UserPoolId: POOL, Username: 'a@example.com' }));
    const shape = (r: (typeof ours)[number]) => ({
      operation: r.operation,
      target: r.headers['x-amz-target'],
      method: r.method,
      path: r.path,
      type: r.headers['content-type'],
      input: r.input,
      signed: r.signed,
    });
    expect(ours.map(shape)).toEqual(cognito.received.map(shape));
    expect(ours.map((r) => r.operation)).toEqual(['AdminCreateUser', 'AdminGetUser']);
  });

  describe('creating an invited user', () => {
    it('creates the user with the temporary password, no Cognito e-mail and the attributes, then adds it to the client group', async () => {
      cognito.on('AdminCreateUser', CREATED);
      const userId = await createInvitedUser({
        email: 'Sam.Client@Example.com',
        firstName: 'Sam',
        lastName: 'Client',
        temporaryPassword: 'Pawsitive-Ab3dEf9h!',
      });
      expect(userId).toBe(SUB);
      expect(cognito.calls('AdminCreateUser')[0]).toEqual({
        UserPoolId: POOL,
        Username: 'sam.client@example.com',
        TemporaryPassword: 'Pawsitive-Ab3dEf9h!',
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: 'sam.client@example.com' },
          { Name: 'email_verified', Value: 'true' },
          { Name: 'given_name', Value: 'Sam' },
          { Name: 'family_name', Value: 'Client' },
        ],
      });
      expect(cognito.calls('AdminAddUserToGroup')[0]).toEqual({
        UserPoolId: POOL,
        Username: SUB,
        GroupName: 'client',
      });
    });

    it('leaves out family_name when there is no last name', async () => {
      cognito.on('AdminCreateUser', CREATED);
      await createInvitedUser({ email: 'a@example.com', firstName: 'Ann', temporaryPassword: 'Xy3kLm9p' });
      const attrs = cognito.calls<AdminCreateUserCommandInput>('AdminCreateUser')[0].UserAttributes ?? [];
      expect(attrs.map((a) => a.Name)).toEqual(['email', 'email_verified', 'given_name']);
    });

    it('a failed group assignment deletes the new user again and reports the failure', async () => {
      cognito
        .on('AdminCreateUser', CREATED)
        .on('AdminAddUserToGroup', jsonError('ResourceNotFoundException', 'Group not found'));
      await expect(
        createInvitedUser({ email: 'a@example.com', firstName: 'Ann', temporaryPassword: 'Xy3kLm9p' }),
      ).rejects.toThrow('Group not found');
      expect(cognito.calls('AdminDeleteUser')).toEqual([{ UserPoolId: POOL, Username: SUB }]);
    });

    it('an account created meanwhile (UsernameExistsException) becomes the product’s 409 with its text, and nothing is written', async () => {
      cognito
        .on('AdminGetUser', NO_USER)
        .on('AdminCreateUser', jsonError('UsernameExistsException', 'An account with the given email already exists.'));
      await expect(
        createClientAccount({
          profile: { email: 'Taken@Example.com', firstName: 'Tay', lastName: 'Ken' },
          temporaryPassword: 'Xy3kLm9p',
        }),
      ).rejects.toMatchObject({
        name: 'AppError',
        code: 'CONFLICT',
        message: authAccountExistsText('taken@example.com'),
      });
      expect(cognito.calls('AdminAddUserToGroup')).toHaveLength(0);
    });
  });

  describe('looking a user up by e-mail', () => {
    it('asks for the lower-cased e-mail and answers the sub, username, enabled flag and status', async () => {
      cognito.on(
        'AdminGetUser',
        json({
          Username: SUB,
          Enabled: false,
          UserStatus: 'FORCE_CHANGE_PASSWORD',
          UserAttributes: [
            { Name: 'email', Value: 'sam@example.com' },
            { Name: 'sub', Value: SUB },
          ],
        }),
      );
      await expect(findUserByEmail('Sam@Example.com')).resolves.toEqual({
        userId: SUB,
        username: SUB,
        enabled: false,
        status: 'FORCE_CHANGE_PASSWORD',
      });
      expect(cognito.calls('AdminGetUser')[0]).toEqual({
        UserPoolId: POOL,
        Username: 'sam@example.com',
      });
    });

    it('an unknown user is "no user", other failures are passed on', async () => {
      cognito.on('AdminGetUser', NO_USER);
      await expect(findUserByEmail('nobody@example.com')).resolves.toBeUndefined();
      cognito.reset();
      cognito.on('AdminGetUser', jsonError('AccessDeniedException', 'denied', 403));
      await expect(findUserByEmail('nobody@example.com')).rejects.toThrow('denied');
    });
  });

  it('setting the permanent password sends it as permanent for the sub; a policy refusal is passed on as is', async () => {
    await setPermanentPassword(SUB, 'Correct-Horse-9');
    expect(cognito.calls('AdminSetUserPassword')[0]).toEqual({
      UserPoolId: POOL,
      Username: SUB,
      Password: 'Correct-Horse-9',
      Permanent: true,
    });
    cognito.on('AdminSetUserPassword', jsonError('InvalidPasswordException', 'Password did not conform with policy'));
    await expect(setPermanentPassword(SUB, 'short')).rejects.toMatchObject({ name: 'InvalidPasswordException' });
  });

  it('disabling a user in the cloud also signs them out everywhere', async () => {
    await disableUser(SUB);
    expect(cognito.calls('AdminDisableUser')[0]).toEqual({ UserPoolId: POOL, Username: SUB });
    expect(cognito.calls('AdminUserGlobalSignOut')[0]).toEqual({
      UserPoolId: POOL,
      Username: SUB,
    });
  });

  it('a failed disable stops there: no sign-out is attempted and the failure is passed on', async () => {
    cognito.on('AdminDisableUser', jsonError('AccessDeniedException', 'denied', 403));
    await expect(disableUser(SUB)).rejects.toThrow('denied');
    expect(cognito.calls('AdminUserGlobalSignOut')).toHaveLength(0);
  });

  it('deleting a user that is already gone counts as deleted; other failures are passed on', async () => {
    await deleteUser(SUB);
    expect(cognito.calls('AdminDeleteUser')[0]).toEqual({ UserPoolId: POOL, Username: SUB });
    cognito.on('AdminDeleteUser', NO_USER);
    await expect(deleteUser(SUB)).resolves.toBeUndefined();
    cognito.reset();
    cognito.on('AdminDeleteUser', jsonError('TooManyRequestsException', 'Rate exceeded'));
    await expect(deleteUser(SUB)).rejects.toThrow('Rate exceeded');
    // Throttling is tried again (three attempts in all) before it is passed on.
    expect(cognito.calls('AdminDeleteUser')).toHaveLength(3);
  });
});

describe('Cognito admin calls against cognito-local', () => {
  useEnv({ COGNITO_USER_POOL_ID: POOL });
  const cognito = awsStandIn('cognito-idp', {
    env: ['COGNITO_ENDPOINT'],
    keys: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

  it('disabling skips the global sign-out cognito-local lacks (the API refuses the inactive profile instead)', async () => {
    await disableUser(SUB);
    expect(cognito.received.map((r) => [r.operation, r.signed])).toEqual([['AdminDisableUser', true]]);
  });
});
