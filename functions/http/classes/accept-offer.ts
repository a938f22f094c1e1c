import { acceptOfferRequest, enrolmentPathParams } from '../../../shared/contracts/classes.js';
import { acceptOffer } from '../../../shared/domain/class-offers.js';
import { enrolmentView } from '../../../shared/domain/classes.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** POST /api/enrolments/{enrolmentId}/accept (client): the client takes the seat offered to their enrolment. */
export const handler = clientHttpHandler(
  { params: enrolmentPathParams, body: acceptOfferRequest },
  async ({ actor, params }) => {
    if (!actor) throw new Error('unreachable: client route without actor');
    const accepted = await acceptOffer(actor.profile.id, params.enrolmentId);
    return { body: { enrolment: await enrolmentView(accepted) } };
  },
);
