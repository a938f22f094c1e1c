import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  InvalidPasswordException,
  UserNotFoundException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createInvitedUser,
  deleteUser,
  disableUser,
  findUserByEmail,
  setPermanentPassword,
} from '../../../shared/adapters/user-directory.js';
import { authAccountExistsText, createClientAccount } from '../../../shared/domain/client-accounts.js';
import { useEnv } from './env.js';

const POOL = 'us-east-1_AbCdEfGhI';
const SUB = '3f1c2d4e-0000-4000-8000-00000000abcd';
const meta = { $metadata: {} };

const cognito = mockClient(CognitoIdentityProviderClient);
beforeEach(() => cognito.reset());
afterAll(() => cognito.restore());

/** The cloud edge of the user directory: Cognito's admin API on the app's user pool. */
describe('Cognito admin calls', () => {
  useEnv({ AWS_REGION: 'us-east-1', COGNITO_USER_POOL_ID: POOL, COGNITO_ENDPOINT: undefined });

  describe('creating an invited user', () => {
    it('creates the user with the temporary password, no Cognito e-mail and the attributes, then adds it to the client group', async () => {
      cognito
        .on(AdminCreateUserCommand)
        .resolves({ User: { Username: SUB, Attributes: [{ Name: 'sub', Value: SUB }] } })
        .on(AdminAddUserToGroupCommand)
        .resolves({});
      const userId = await createInvitedUser({
        email: 'Sam.Client@Example.com',
        firstName: 'Sam',
        lastName: 'Client',
        temporaryPassword: 'Pawsitive-Ab3dEf9h!',
      });
      expect(userId).toBe(SUB);
      expect(cognito.commandCalls(AdminCreateUserCommand)[0].args[0].input).toEqual({
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
      expect(cognito.commandCalls(AdminAddUserToGroupCommand)[0].args[0].input).toEqual({
        UserPoolId: POOL,
        Username: SUB,
        GroupName: 'client',
      });
    });

    it('leaves out family_name when there is no last name', async () => {
      cognito
        .on(AdminCreateUserCommand)
        .resolves({ User: { Username: SUB, Attributes: [{ Name: 'sub', Value: SUB }] } })
        .on(AdminAddUserToGroupCommand)
        .resolves({});
      await createInvitedUser({ email: 'a@example.com', firstName: 'Ann', temporaryPassword: 'Xy3kLm9p' });
      const attrs = cognito.commandCalls(AdminCreateUserCommand)[0].args[0].input.UserAttributes ?? [];
      expect(attrs.map((a) => a.Name)).toEqual(['email', 'email_verified', 'given_name']);
    });

    it('a failed group assignment deletes the new user again and reports the failure', async () => {
      cognito
        .on(AdminCreateUserCommand)
        .resolves({ User: { Username: SUB, Attributes: [{ Name: 'sub', Value: SUB }] } })
        .on(AdminAddUserToGroupCommand)
        .rejects(Object.assign(new Error('Group not found'), { name: 'ResourceNotFoundException' }))
        .on(AdminDeleteUserCommand)
        .resolves({});
      await expect(
        createInvitedUser({ email: 'a@example.com', firstName: 'Ann', temporaryPassword: 'Xy3kLm9p' }),
      ).rejects.toThrow('Group not found');
      expect(cognito.commandCalls(AdminDeleteUserCommand).map((c) => c.args[0].input)).toEqual([
        { UserPoolId: POOL, Username: SUB },
      ]);
    });

    it('an account created meanwhile (UsernameExistsException) becomes the product’s 409 with its text, and nothing is written', async () => {
      cognito
        .on(AdminGetUserCommand)
        .rejects(new UserNotFoundException({ message: 'User does not exist.', ...meta }))
        .on(AdminCreateUserCommand)
        .rejects(new UsernameExistsException({ message: 'An account with the given email already exists.', ...meta }));
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
      expect(cognito.commandCalls(AdminAddUserToGroupCommand)).toHaveLength(0);
    });
  });

  describe('looking a user up by e-mail', () => {
    it('asks for the lower-cased e-mail and answers the sub, username, enabled flag and status', async () => {
      cognito.on(AdminGetUserCommand).resolves({
        Username: SUB,
        Enabled: false,
        UserStatus: 'FORCE_CHANGE_PASSWORD',
        UserAttributes: [
          { Name: 'email', Value: 'sam@example.com' },
          { Name: 'sub', Value: SUB },
        ],
      });
      await expect(findUserByEmail('Sam@Example.com')).resolves.toEqual({
        userId: SUB,
        username: SUB,
        enabled: false,
        status: 'FORCE_CHANGE_PASSWORD',
      });
      expect(cognito.commandCalls(AdminGetUserCommand)[0].args[0].input).toEqual({
        UserPoolId: POOL,
        Username: 'sam@example.com',
      });
    });

    it('an unknown user is "no user", other failures are passed on', async () => {
      cognito.on(AdminGetUserCommand).rejects(new UserNotFoundException({ message: 'User does not exist.', ...meta }));
      await expect(findUserByEmail('nobody@example.com')).resolves.toBeUndefined();
      cognito.on(AdminGetUserCommand).rejects(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }));
      await expect(findUserByEmail('nobody@example.com')).rejects.toThrow('denied');
    });
  });

  it('setting the permanent password sends it as permanent for the sub; a policy refusal is passed on as is', async () => {
    cognito.on(AdminSetUserPasswordCommand).resolves({});
    await setPermanentPassword(SUB, 'Correct-Horse-9');
    expect(cognito.commandCalls(AdminSetUserPasswordCommand)[0].args[0].input).toEqual({
      UserPoolId: POOL,
      Username: SUB,
      Password: 'Correct-Horse-9',
      Permanent: true,
    });
    cognito
      .on(AdminSetUserPasswordCommand)
      .rejects(new InvalidPasswordException({ message: 'Password did not conform with policy', ...meta }));
    await expect(setPermanentPassword(SUB, 'short')).rejects.toMatchObject({ name: 'InvalidPasswordException' });
  });

  it('disabling a user in the cloud also signs them out everywhere', async () => {
    cognito.on(AdminDisableUserCommand).resolves({}).on(AdminUserGlobalSignOutCommand).resolves({});
    await disableUser(SUB);
    expect(cognito.commandCalls(AdminDisableUserCommand)[0].args[0].input).toEqual({ UserPoolId: POOL, Username: SUB });
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)[0].args[0].input).toEqual({
      UserPoolId: POOL,
      Username: SUB,
    });
  });

  it('a failed disable stops there: no sign-out is attempted and the failure is passed on', async () => {
    cognito.on(AdminDisableUserCommand).rejects(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }));
    await expect(disableUser(SUB)).rejects.toThrow('denied');
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)).toHaveLength(0);
  });

  it('deleting a user that is already gone counts as deleted; other failures are passed on', async () => {
    cognito.on(AdminDeleteUserCommand).resolves({});
    await deleteUser(SUB);
    expect(cognito.commandCalls(AdminDeleteUserCommand)[0].args[0].input).toEqual({ UserPoolId: POOL, Username: SUB });
    cognito.on(AdminDeleteUserCommand).rejects(new UserNotFoundException({ message: 'User does not exist.', ...meta }));
    await expect(deleteUser(SUB)).resolves.toBeUndefined();
    cognito
      .on(AdminDeleteUserCommand)
      .rejects(Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' }));
    await expect(deleteUser(SUB)).rejects.toThrow('Rate exceeded');
  });
});

describe('Cognito admin calls against cognito-local', () => {
  useEnv({ COGNITO_USER_POOL_ID: POOL, COGNITO_ENDPOINT: 'http://127.0.0.1:9229' });

  it('disabling skips the global sign-out cognito-local lacks (the API refuses the inactive profile instead)', async () => {
    cognito.on(AdminDisableUserCommand).resolves({});
    await disableUser(SUB);
    expect(cognito.commandCalls(AdminDisableUserCommand)).toHaveLength(1);
    expect(cognito.commandCalls(AdminUserGlobalSignOutCommand)).toHaveLength(0);
  });
});
