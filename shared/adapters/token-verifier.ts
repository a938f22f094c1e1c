import { CognitoJwtVerifier, JwtRsaVerifier } from 'aws-jwt-verify';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';
import { ACCEPTED_TOKEN_USE, tokenRuleProblem } from '../auth-policy.js';
import { readEnv } from '../config/env.js';
import * as z from '../zod.js';

/** Claims the API relies on, as carried by a Cognito ID token. */
export interface TokenClaims {
  sub: string;
  email?: string;
  'cognito:groups'?: string[];
  [claim: string]: unknown;
}

type Verify = (token: string) => Promise<TokenClaims>;
let verifier: Verify | undefined;

/** The token rule of shared/auth-policy.ts, the same in both runtimes. */
function checkRule(claims: TokenClaims, clientId: string): TokenClaims {
  const problem = tokenRuleProblem(claims, clientId);
  if (problem) throw new Error(problem);
  return claims;
}

/**
 * Verifies a Cognito ID token (the token rule: shared/auth-policy.ts). In the cloud: CognitoJwtVerifier. Locally (COGNITO_JWKS_URI set, plain
 * http to cognito-local): JwtRsaVerifier with a fetch-based JWKS fetcher, because the default fetcher
 * refuses http and CognitoJwtVerifier refuses local pool ids.
 */
export function verifyIdToken(token: string): Promise<TokenClaims> {
  if (!verifier) {
    const env = readEnv({
      COGNITO_USER_POOL_ID: z.string().check(z.minLength(1)),
      COGNITO_CLIENT_ID: z.string().check(z.minLength(1)),
      COGNITO_ISSUER: z.optional(z.url()),
      COGNITO_JWKS_URI: z.optional(z.url()),
    });
    if (env.COGNITO_JWKS_URI && env.COGNITO_ISSUER) {
      const v = JwtRsaVerifier.create(
        { issuer: env.COGNITO_ISSUER, audience: env.COGNITO_CLIENT_ID, jwksUri: env.COGNITO_JWKS_URI },
        {
          jwksCache: new SimpleJwksCache({
            fetcher: {
              fetch: async (uri: string) => {
                const res = await fetch(uri);
                if (!res.ok) throw new Error(`JWKS fetch failed: ${res.status}`);
                return res.arrayBuffer();
              },
            },
          }),
        },
      );
      verifier = async (t) => checkRule((await v.verify(t)) as unknown as TokenClaims, env.COGNITO_CLIENT_ID);
    } else {
      const v = CognitoJwtVerifier.create({
        userPoolId: env.COGNITO_USER_POOL_ID,
        clientId: env.COGNITO_CLIENT_ID,
        tokenUse: ACCEPTED_TOKEN_USE,
      });
      verifier = async (t) => checkRule((await v.verify(t)) as unknown as TokenClaims, env.COGNITO_CLIENT_ID);
    }
  }
  return verifier(token);
}

export function resetTokenVerifier() {
  verifier = undefined;
}
