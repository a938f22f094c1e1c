import { enrolmentPathParams } from '../../../shared/contracts/classes.js';
import { cancelEnrolment } from '../../../shared/domain/enrolments.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** DELETE /api/enrolments/{enrolmentId} (signed-in): a client cancels their own enrolment; the trainer removes any. */
export const handler = clientHttpHandler({ params: enrolmentPathParams }, async ({ actor, params }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  const enrolment = await cancelEnrolment({ role: actor.role, id: actor.profile.id }, params.enrolmentId);
  return { body: { enrolment } };
});
