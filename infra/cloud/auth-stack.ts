import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  UserPool,
  type UserPoolClient,
  UserPoolGroup,
} from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { PASSWORD_POLICY, SIGN_IN_AUTH_FLOW } from '../../shared/auth-policy.js';
import { acknowledge } from './nag.js';

/** Cognito groups the API authorizes on (`cognito:groups` claim). */
export const USER_GROUPS = ['admin', 'client'] as const;

/** Users: e-mail sign-in, invitation only (an admin creates every account), groups admin and client. */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);

    this.userPool = new UserPool(this, 'Users', {
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // The one declaration both runtimes read (shared/auth-policy.ts).
      passwordPolicy: {
        minLength: PASSWORD_POLICY.minLength,
        requireLowercase: PASSWORD_POLICY.requireLowercase,
        requireUppercase: PASSWORD_POLICY.requireUppercase,
        requireDigits: PASSWORD_POLICY.requireDigits,
        requireSymbols: PASSWORD_POLICY.requireSymbols,
        tempPasswordValidity: Duration.days(PASSWORD_POLICY.temporaryPasswordValidityDays),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Optional TOTP (authenticator app) for whoever turns it on: meant for the admins (README).
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      featurePlan: FeaturePlan.ESSENTIALS,
      userInvitation: {
        emailSubject: 'Your training portal account',
        emailBody:
          'Welcome! Sign in to the client portal with your e-mail address {username} and the temporary password {####}. You will choose your own password at first sign-in.',
      },
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      this.userPool,
      'AwsSolutions-COG1',
      'The password policy is an 8-character minimum without composition rules (OWASP ASVS 5.0, NIST SP 800-63B: composition rules make passwords weaker, not stronger; docs/decisions/0010); accounts are created by invitation only and brute force is limited by Cognito lockout.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG2',
      'MFA is optional (TOTP only, no SMS cost): admins are asked to turn it on (README), dog owners are not forced to; the portal holds no payment data and sign-up is by invitation only.',
    );
    acknowledge(
      this.userPool,
      'AwsSolutions-COG8',
      'Threat protection (compromised-credential and adaptive sign-in checks) needs the Cognito Plus plan, a per-user cost out of proportion for a small business; the Essentials plan is used.',
    );

    USER_GROUPS.forEach((groupName, i) => {
      new UserPoolGroup(this, `Group-${groupName}`, {
        userPool: this.userPool,
        groupName,
        precedence: i,
        description: groupName === 'admin' ? 'Trainer / business staff' : 'Dog owners (clients)',
      });
    });

    this.userPoolClient = this.userPool.addClient('WebClient', {
      generateSecret: false,
      // The one sign-in flow (shared/auth-policy.ts); CDK adds ALLOW_REFRESH_TOKEN_AUTH.
      authFlows: { userPassword: SIGN_IN_AUTH_FLOW === 'USER_PASSWORD_AUTH', userSrp: false },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
  }
}
