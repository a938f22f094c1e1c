import type { CloudFormationCustomResourceEvent } from 'aws-lambda';
import { seedSections } from '../../shared/content/sections.js';
import { seedBuiltinContent } from '../../shared/content/seed.js';
import { runBackfillsOnce } from '../../shared/domain/backfills.js';
import { logger } from '../lib/logger.js';

/** Physical id of the one seeding resource (it creates nothing that a delete should remove). */
export const SEED_RESOURCE_ID = 'pawsitive-content-seed';

/**
 * The cloud's `npm start` seeding, as a CloudFormation custom resource (CDK Provider framework, on every
 * create and update of the stack): the website sections, then the built-in content of each public
 * section. The same functions as the local runtime, with the same rule: a section that already has
 * published content is left alone, so a redeploy never duplicates or overwrites what the trainer edited.
 * A delete keeps the content (the table is retained too). It also runs the backfills this table has not
 * had (shared/domain/backfills.ts).
 */
export const handler = async (event: CloudFormationCustomResourceEvent) => {
  if (event.RequestType !== 'Delete') {
    await seedSections();
    await seedBuiltinContent();
    const backfilled = await runBackfillsOnce();
    logger.info('Website sections and built-in content seeded', { requestType: event.RequestType, backfilled });
  }
  return { PhysicalResourceId: SEED_RESOURCE_ID };
};
