import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { seedSections } from '../../shared/content/sections.js';
import { seedBuiltinContent } from '../../shared/content/seed.js';
import { backfillBusyDaysOnce } from '../../shared/domain/busy-days.js';
import { logger } from '../lib/logger.js';

/** Physical id of the one seeding resource (it creates nothing that a delete should remove). */
export const SEED_RESOURCE_ID = 'pawsitive-content-seed';

/**
 * The cloud's `npm start` seeding, as a CloudFormation custom resource (CDK Provider framework, on every
 * create and update of the stack): the website sections, then the built-in content of each public
 * section. The same functions as the local runtime, with the same rule: a section that already has
 * published content is left alone, so a redeploy never duplicates or overwrites what the trainer edited.
 * A delete keeps the content (the table is retained too). It also backfills the calendar's busy days
 * once per table (shared/domain/busy-days.ts), for sessions written before they existed.
 */
export const handler = async (event: CloudFormationCustomResourceEvent) => {
  if (event.RequestType !== 'Delete') {
    await seedSections();
    await seedBuiltinContent();
    const busyEntries = await backfillBusyDaysOnce();
    logger.info('Website sections and built-in content seeded', { requestType: event.RequestType, busyEntries });
  }
  return { PhysicalResourceId: SEED_RESOURCE_ID };
};
