import { meetingRange, meetingRangeQuery } from '../../../shared/contracts/classes.js';
import { meetingsBetween } from '../../../shared/domain/class-meetings.js';
import { clientMeetingsBetween } from '../../../shared/domain/classes.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * GET /api/class-meetings?from=&to= (signed-in): class meetings starting in the range, soonest first;
 * the trainer every published class's, a client those of the classes where a dog of theirs has a seat.
 */
export const handler = clientHttpHandler({ query: meetingRangeQuery }, async ({ actor, query: asked }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  const query = meetingRange(asked);
  const meetings =
    actor.role === 'admin'
      ? await meetingsBetween(query.from, query.to)
      : await clientMeetingsBetween(actor.profile.id, query.from, query.to);
  return { body: { meetings } };
});
