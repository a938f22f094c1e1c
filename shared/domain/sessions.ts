import { store } from '../db/service.js';

export const DEFAULT_SESSION_MINUTES = 60;

/** End of a session: start plus its duration (default 60 minutes). */
export function sessionEnd(scheduledAt: string, durationMinutes?: number | null): string {
  const minutes = durationMinutes && durationMinutes > 0 ? durationMinutes : DEFAULT_SESSION_MINUTES;
  return new Date(new Date(scheduledAt).getTime() + minutes * 60_000).toISOString();
}

/**
 * Marks every scheduled or confirmed session whose end has passed as completed. Finds them with one
 * index query per open status (by end time), never a scan. Returns the ids completed.
 */
export async function completeEndedSessions(now = new Date()): Promise<string[]> {
  const s = store().entities.session;
  const cutoff = now.toISOString();
  const due = await Promise.all(
    (['scheduled', 'confirmed'] as const).map((status) =>
      s.query.byStatusEnd({ status }).lte({ endsAt: cutoff }).go({ pages: 'all' }),
    ),
  );
  const ids: string[] = [];
  for (const { data } of due) {
    for (const session of data) {
      try {
        await s
          .patch({ id: session.id })
          .set({ status: 'completed' })
          .composite({ endsAt: session.endsAt, clientId: session.clientId, scheduledAt: session.scheduledAt })
          .where(({ status }, { eq }) => eq(status, session.status))
          .go();
        ids.push(session.id);
      } catch (e) {
        // Changed meanwhile (confirmed, deleted): leave it for the next run.
        if (!/conditional/i.test(String(e))) throw e;
      }
    }
  }
  return ids;
}
