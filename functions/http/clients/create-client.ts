import { adminCreatedTempPassword } from '../../../shared/adapters/user-directory.js';
import { createClientRequest } from '../../../shared/contracts/clients.js';
import { createClientAccount } from '../../../shared/domain/client-accounts.js';
import { toAdminView } from '../../../shared/domain/profiles.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';

const orUndefined = (v: string | null | undefined) => v ?? undefined;

/**
 * POST /api/clients (admin): a client account (Cognito user with a temporary password + profile) and,
 * unless `sendInvitation` is false, a signup invitation whose link is returned and e-mailed.
 */
export const handler = httpHandler({ body: createClientRequest }, async ({ body, actor, event }) => {
  if (!actor) throw new Error('unreachable: admin route without actor');
  const temporaryPassword = adminCreatedTempPassword();
  const { profile, invitationLink } = await createClientAccount({
    profile: {
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      phone: orUndefined(body.phone),
      address: orUndefined(body.address),
      emergencyContact: orUndefined(body.emergencyContact),
      emergencyPhone: orUndefined(body.emergencyPhone),
      howHeardAboutUs: orUndefined(body.howHeardAboutUs),
      notes: orUndefined(body.notes),
    },
    temporaryPassword,
    invite: body.sendInvitation ? { createdBy: actor.profile.id, origin: siteOrigin(event) } : undefined,
  });
  return {
    status: 201,
    body: { client: toAdminView(profile), ...(invitationLink ? { invitationLink } : {}), temporaryPassword },
  };
});
