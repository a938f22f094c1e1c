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
