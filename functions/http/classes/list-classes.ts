import { withClientAttendance } from '../../../shared/domain/class-attendance.js';
import { clientClassList, listAllClasses, toClassView } from '../../../shared/domain/classes.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * GET /api/classes (signed-in): the trainer every class (drafts too); a client the published classes
 * still running, with their own enrolments in them and, per enrolment, its marked meetings and notes.
 */
export const handler = clientHttpHandler({}, async ({ actor }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  if (actor.role === 'admin') return { body: { classes: (await listAllClasses()).map(toClassView) } };
  return { body: await withClientAttendance(await clientClassList(actor.profile.id), actor.profile.id) };
});
