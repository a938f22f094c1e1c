import type { SessionHomework, SessionView } from '../contracts/session-options.js';
import { batchGetAll } from '../db/batch.js';
import { store } from '../db/service.js';
import type { DogItem } from './dogs.js';
import type { MessageItem } from './messages.js';

/** What of a stored session (shared/domain/sessions.ts SessionItem) its details are read by. */
interface SessionRef {
  clientId: string;
  dogId: string;
  homeworkAssigned?: string;
}

/**
 * What sessions_with_details adds beyond the session's own copy of the names (SPEC 3): the dog's
 * training goals, and the assigned homework message's subject and content. One batch read of the
 * page's dogs and one of its homework messages, whatever the page's size. A homework message counts
 * only when it was delivered to the session's client (SPEC 7: "kept only for this client"); else the
 * view has the id alone, and the screens say the message was not found.
 */
export async function sessionDetails(
  items: readonly SessionRef[],
): Promise<(s: SessionRef) => Pick<SessionView, 'trainingGoals' | 'homework'>> {
  const dogIds = [...new Set(items.map((s) => s.dogId))];
  const homeworkIds = [...new Set(items.flatMap((s) => (s.homeworkAssigned ? [s.homeworkAssigned] : [])))];
  const [dogs, messages] = await Promise.all([
    dogIds.length
      ? batchGetAll(
          'dogs',
          dogIds.map((id) => ({ id })),
          (keys) =>
            store()
              .entities.dog.get(keys)
              .go({ attributes: ['id', 'trainingGoals'] }),
        ).then((data) => data as Pick<DogItem, 'id' | 'trainingGoals'>[])
      : [],
    homeworkIds.length
      ? batchGetAll(
          'messages',
          homeworkIds.map((id) => ({ id })),
          (keys) =>
            store()
              .entities.message.get(keys)
              .go({ attributes: ['id', 'profileId', 'status', 'subject', 'content'] }),
        ).then((data) => data as Pick<MessageItem, 'id' | 'profileId' | 'status' | 'subject' | 'content'>[])
      : [],
  ]);
  const goals = new Map(dogs.map((d) => [d.id, d.trainingGoals]));
  const homework = new Map(messages.map((m) => [m.id, m]));
  return (s) => {
    const goal = goals.get(s.dogId);
    const m = s.homeworkAssigned ? homework.get(s.homeworkAssigned) : undefined;
    const shown: SessionHomework | undefined =
      m && m.profileId === s.clientId && m.status === 'sent' ? { subject: m.subject, content: m.content } : undefined;
    return { ...(goal ? { trainingGoals: goal } : {}), ...(shown ? { homework: shown } : {}) };
  };
}
