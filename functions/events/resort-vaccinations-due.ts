import type { RequirableVaccine } from '../../shared/contracts/vaccination-options.js';
import { requiredVaccines, resortDueList } from '../../shared/domain/vaccinations.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

const sameChoice = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * The trainer changed the required vaccines: every dog takes its place on the due list under the
 * choice saved now (read again, so an older event never undoes a newer choice). An event whose choice
 * is no longer the saved one is skipped: the save that replaced it raised its own event, so a burst of
 * changes re-sorts for the last one, not once per change.
 */
export const handler = eventHandler<{ requiredVaccines: RequirableVaccine[] }>(
  'events/resort-vaccinations-due',
  async (event) => {
    const saved = await requiredVaccines();
    if (!sameChoice(event.detail.requiredVaccines ?? [], saved)) {
      logger.info('Vaccination due list re-sort skipped: a newer choice follows');
      return;
    }
    const moved = await resortDueList(saved);
    logger.info('Vaccination due list re-sorted', { moved });
  },
);
