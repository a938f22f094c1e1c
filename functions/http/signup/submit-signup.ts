import type { SignupResult } from '../../../shared/contracts/signup.js';
import { signupRequest } from '../../../shared/contracts/signup.js';
import { completeSignup } from '../../../shared/domain/signup.js';
import { httpHandler } from '../../lib/http.js';

/**
 * POST /api/signup (public, per-IP limit): completes the invited account (profile names and phone,
 * a first dog, the permanent password) and uses up the invitation. A used, expired, unknown or
 * other-e-mail invitation answers 404 `Invalid or expired invitation link.` and writes nothing.
 */
export const handler = httpHandler({ body: signupRequest }, async ({ body }) => {
  await completeSignup(body);
  const result: SignupResult = { success: true };
  return { status: 201, body: result };
});
