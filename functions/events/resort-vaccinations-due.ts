import type { RequirableVaccine } from '../../shared/contracts/vaccination-options.js';
import { requiredVaccines, resortDueList } from '../../shared/domain/vaccinations.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * The trainer changed the required vaccines: every dog takes its place on the due list under the
 * choice saved now (read again, so an older event never undoes a newer choice).
 */
export const handler = eventHandler<{ requiredVaccines: RequirableVaccine[] }>(
  'events/resort-vaccinations-due',
  async () => {
    const moved = await resortDueList(await requiredVaccines());
    logger.info('Vaccination due list re-sorted', { moved });
  },
);
