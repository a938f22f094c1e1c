/**
 * The password policy, declared once for both runtimes: the cloud user pool (infra/cloud/auth-stack.ts),
 * the local one (infra/local/cognito.ts) and the web forms that choose a password (`passwordProblem`).
 * A length floor and no composition rules (OWASP ASVS 5.0, NIST SP 800-63B); see
 * docs/decisions/0010-sign-in-challenges-and-password-policy.md. Pure: the browser bundle imports it.
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireLowercase: false,
  requireUppercase: false,
  requireDigits: false,
  requireSymbols: false,
  /** How long an invited user's temporary password works. */
  temporaryPasswordValidityDays: 7,
} as const;

export const PASSWORD_MIN_LENGTH = PASSWORD_POLICY.minLength;

/** The policy in the Cognito API's and CloudFormation's shape (`Policies.PasswordPolicy`). */
export function cognitoPasswordPolicy() {
  return {
    MinimumLength: PASSWORD_POLICY.minLength,
    RequireLowercase: PASSWORD_POLICY.requireLowercase,
    RequireUppercase: PASSWORD_POLICY.requireUppercase,
    RequireNumbers: PASSWORD_POLICY.requireDigits,
    RequireSymbols: PASSWORD_POLICY.requireSymbols,
    TemporaryPasswordValidityDays: PASSWORD_POLICY.temporaryPasswordValidityDays,
  };
}

export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
export const PASSWORD_EDGE_SPACE = 'Password cannot begin or end with a space';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/**
 * What is wrong with `password` under the policy, or undefined when Cognito will accept it. Length
 * counts characters (code points); Cognito also refuses a leading or trailing space.
 */
export function passwordProblem(password: string): string | undefined {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (/^\s|\s$/.test(password)) return PASSWORD_EDGE_SPACE;
  return undefined;
}

/**
 * The one sign-in flow, for both runtimes: Amplify's `signIn` with USER_PASSWORD_AUTH (the password
 * travels to Cognito inside TLS). cognito-local has no SRP, so this is the flow every local run and test
 * exercises; the cloud runs the same one rather than an untested SRP path. The runtime config's
 * `authFlowType` (web-stack.ts, infra/local/runtime.ts) and the user pool clients' allowed flows
 * (`cognitoExplicitAuthFlows`) both come from here. See docs/decisions/0017-cloud-least-privilege-alarms-auth.md.
 */
export const SIGN_IN_AUTH_FLOW = 'USER_PASSWORD_AUTH' as const;

/** The app client's `ExplicitAuthFlows`: the sign-in flow and refreshing its tokens, nothing else. */
export function cognitoExplicitAuthFlows(): ('ALLOW_USER_PASSWORD_AUTH' | 'ALLOW_REFRESH_TOKEN_AUTH')[] {
  return [`ALLOW_${SIGN_IN_AUTH_FLOW}`, 'ALLOW_REFRESH_TOKEN_AUTH'];
}

/**
 * The one kind of token the API and the WebSocket accept, in both runtimes: a Cognito ID token (it
 * carries `email` and `cognito:groups`) whose audience is the web client. The cloud's HTTP API JWT
 * authorizer checks signature, issuer, expiry and the audience (`aud`, or `client_id` for an access
 * token), so the handler adds the `token_use` check; the token verifier (local HTTP adapter, WebSocket
 * $connect in both runtimes) checks all of it.
 */
export const ACCEPTED_TOKEN_USE = 'id' as const;

/** Why `claims` break the token rule, or undefined. `clientId` is checked when given. */
export function tokenRuleProblem(claims: Record<string, unknown>, clientId?: string): string | undefined {
  if (claims.token_use !== ACCEPTED_TOKEN_USE) return `Not an ID token (token_use ${String(claims.token_use)})`;
  if (clientId !== undefined && claims.aud !== clientId) return 'ID token issued to another client';
  return undefined;
}
