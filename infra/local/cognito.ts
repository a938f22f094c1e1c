import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  ListUserPoolsCommand,
  type PasswordPolicyType,
  UpdateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoExplicitAuthFlows, cognitoPasswordPolicy } from '../../shared/auth-policy.js';
import { type ManagedProcess, spawnManaged, waitForPort } from './processes.js';
import { cognitoClient } from './users.js';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Starts cognito-local with its working directory in `dir` (it keeps its data in `./.cognito`),
 * bound to 127.0.0.1, with the token issuer set to the URL the verifier will use.
 */
export async function startCognito(opts: { port: number; dir: string; echo: boolean }): Promise<ManagedProcess> {
  const configDir = join(opts.dir, '.cognito');
  mkdirSync(configDir, { recursive: true });
  const configPath = join(configDir, 'config.json');
  const existing = existsSync(configPath)
    ? (JSON.parse(readFileSync(configPath, 'utf8')) as Record<string, unknown>)
    : {};
  const url = `http://127.0.0.1:${opts.port}`;
  writeFileSync(
    configPath,
    `${JSON.stringify(
      {
        ...existing,
        TokenConfig: { IssuerDomain: url },
        ServerConfig: { hostname: '127.0.0.1', port: opts.port },
        UserPoolDefaults: { UsernameAttributes: ['email'] },
      },
      null,
      2,
    )}\n`,
  );
  const proc = spawnManaged('cognito', process.execPath, [join(here, 'cognito-child.mjs')], {
    cwd: opts.dir,
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      // Fixed confirmation codes (tests and manual sign-up use 123456).
      CODE: '123456',
      AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
      NODE_NO_WARNINGS: '1',
    },
    echo: opts.echo,
  });
  try {
    await waitForPort(opts.port, proc);
    await alignUserPools(url);
  } catch (e) {
    await proc.stop();
    throw e;
  }
  return proc;
}

/** Every user pool in this cognito-local's data follows the shared password policy (older data included). */
async function alignUserPools(url: string): Promise<void> {
  const client = cognitoClient(url);
  try {
    const { UserPools = [] } = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    for (const pool of UserPools) if (pool.Id) await applyPasswordPolicy(client, pool.Id);
  } finally {
    client.destroy();
  }
}

/**
 * Sets the pool's password policy to the shared declaration (shared/auth-policy.ts) when it differs.
 * UpdateUserPool replaces every setting it is given or not given, so the others are passed back as
 * they are. Returns true when the pool was changed.
 */
export async function applyPasswordPolicy(client: CognitoIdentityProviderClient, userPoolId: string): Promise<boolean> {
  const { UserPool: pool } = await client.send(new DescribeUserPoolCommand({ UserPoolId: userPoolId }));
  if (!pool) throw new Error(`cognito-local has no user pool ${userPoolId}`);
  const wanted = cognitoPasswordPolicy();
  const current: PasswordPolicyType = pool.Policies?.PasswordPolicy ?? {};
  if (Object.entries(wanted).every(([key, value]) => current[key as keyof PasswordPolicyType] === value)) return false;
  await client.send(
    new UpdateUserPoolCommand({
      UserPoolId: userPoolId,
      AccountRecoverySetting: pool.AccountRecoverySetting,
      AdminCreateUserConfig: pool.AdminCreateUserConfig,
      AutoVerifiedAttributes: pool.AutoVerifiedAttributes,
      DeviceConfiguration: pool.DeviceConfiguration,
      EmailConfiguration: pool.EmailConfiguration,
      EmailVerificationMessage: pool.EmailVerificationMessage,
      EmailVerificationSubject: pool.EmailVerificationSubject,
      LambdaConfig: pool.LambdaConfig,
      MfaConfiguration: pool.MfaConfiguration,
      SmsAuthenticationMessage: pool.SmsAuthenticationMessage,
      SmsConfiguration: pool.SmsConfiguration,
      SmsVerificationMessage: pool.SmsVerificationMessage,
      UserPoolAddOns: pool.UserPoolAddOns,
      UserPoolTags: pool.UserPoolTags,
      VerificationMessageTemplate: pool.VerificationMessageTemplate,
      Policies: { ...pool.Policies, PasswordPolicy: wanted },
    }),
  );
  return true;
}

export interface UserPoolIds {
  id: string;
  clientId: string;
}

/** True when the remembered pool and client still exist in cognito-local's data. */
export async function userPoolExists(client: CognitoIdentityProviderClient, ids: UserPoolIds): Promise<boolean> {
  try {
    await client.send(new DescribeUserPoolCommand({ UserPoolId: ids.id }));
    await client.send(new DescribeUserPoolClientCommand({ UserPoolId: ids.id, ClientId: ids.clientId }));
    return true;
  } catch {
    return false;
  }
}

/** The user pool of the cloud's auth stack, as far as cognito-local supports it. */
export async function createUserPool(client: CognitoIdentityProviderClient): Promise<UserPoolIds> {
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'pawsitive-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      // The one declaration both runtimes read (shared/auth-policy.ts).
      Policies: { PasswordPolicy: cognitoPasswordPolicy() },
    }),
  );
  const id = pool.UserPool?.Id;
  if (!id) throw new Error('cognito-local did not return a user pool id');
  const app = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: id,
      ClientName: 'web',
      GenerateSecret: false,
      ExplicitAuthFlows: cognitoExplicitAuthFlows(),
    }),
  );
  const clientId = app.UserPoolClient?.ClientId;
  if (!clientId) throw new Error('cognito-local did not return an app client id');
  for (const [GroupName, Description] of [
    ['admin', 'Trainers and staff: the admin portal'],
    ['client', 'Clients: the client portal'],
  ] as const) {
    await client.send(new CreateGroupCommand({ UserPoolId: id, GroupName, Description }));
  }
  return { id, clientId };
}
