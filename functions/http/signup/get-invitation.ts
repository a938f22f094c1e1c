import { invitationParams, invitationQuery } from '../../../shared/contracts/signup.js';
import { getSignupInvitation } from '../../../shared/domain/signup.js';
import { httpHandler } from '../../lib/http.js';

/**
 * GET /api/invitations/{token}?email= (public): the invitation's e-mail and the signup form's prefill.
 * 404 `Invalid or expired invitation link.` unless the invitation is usable for that e-mail.
 */
export const handler = httpHandler({ params: invitationParams, query: invitationQuery }, async ({ params, query }) => ({
  body: await getSignupInvitation(params.token, query.email),
}));
