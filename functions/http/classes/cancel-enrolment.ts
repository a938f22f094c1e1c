import { enrolmentPathParams } from '../../../shared/contracts/classes.js';
import { cancelEnrolment } from '../../../shared/domain/enrolments.js';
import { siteOrigin } from '../../lib/http.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * DELETE /api/enrolments/{enrolmentId} (signed-in): a client cancels their own enrolment (or declines a
 * seat offered to it); the trainer removes any. A seat passes to the first on the waitlist.
 */
export const handler = clientHttpHandler({ params: enrolmentPathParams }, async ({ actor, params, event }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  const enrolment = await cancelEnrolment({ role: actor.role, id: actor.profile.id }, params.enrolmentId, Date.now(), {
    siteUrl: siteOrigin(event),
  });
  return { body: { enrolment } };
});
