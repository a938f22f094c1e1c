import { store } from '../../shared/db/service.js';

/**
 * Time travel for group class tests (integration and end-to-end; no test runner import, so Playwright
 * can load it too).
 */

/** The class's first meeting moved to have started 30 minutes ago (a class is made in the future). */
export async function startFirstMeeting(classId: string) {
  const { data } = await store().entities.groupClass.get({ id: classId }).go({ consistent: true });
  if (!data) throw new Error(`no class ${classId}`);
  const start = Date.now() - 30 * 60_000;
  const [first, ...rest] = data.meetings;
  const moved = {
    ...first,
    startsAt: new Date(start).toISOString(),
    endsAt: new Date(start + data.durationMinutes * 60_000).toISOString(),
  };
  await store()
    .entities.groupClass.patch({ id: classId })
    .set({ meetings: [moved, ...rest], firstStart: moved.startsAt })
    .go();
  return moved;
}
