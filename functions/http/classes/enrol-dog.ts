import { classPathParams, enrolRequest } from '../../../shared/contracts/classes.js';
import { toClassView } from '../../../shared/domain/classes.js';
import { enrol } from '../../../shared/domain/enrolments.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** POST /api/classes/{classId}/enrolments (client): one of the caller's dogs takes a seat, or a waitlist place. */
export const handler = clientHttpHandler(
  { params: classPathParams, body: enrolRequest },
  async ({ actor, params, body }) => {
    if (!actor) throw new Error('unreachable: client route without actor');
    const result = await enrol(actor.profile, params.classId, body.dogId);
    return { status: 201, body: { ...result, class: toClassView(result.class) } };
  },
);
