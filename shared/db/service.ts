import { Service } from 'electrodb';
import { db } from './client.js';
import { analyticsEventEntity } from './entities/analytics-event.js';
import { connectionEntity } from './entities/connection.js';
import { contactSubmissionEntity } from './entities/contact-submission.js';
import { profileEntity, uniqueEntity } from './entities/profile.js';
import { rateLimitEntity } from './entities/rate-limit.js';
import { sessionEntity } from './entities/session.js';
import { websiteContentEntity, websiteSectionEntity } from './entities/website.js';

const entities = {
  contactSubmission: contactSubmissionEntity,
  profile: profileEntity,
  unique: uniqueEntity,
  connection: connectionEntity,
  session: sessionEntity,
  websiteSection: websiteSectionEntity,
  websiteContent: websiteContentEntity,
  rateLimit: rateLimitEntity,
  analyticsEvent: analyticsEventEntity,
};

let cached: ReturnType<typeof build> | undefined;
function build() {
  const { doc, tableName } = db();
  return new Service(entities, { client: doc, table: tableName });
}

/**
 * The ElectroDB service bound to the configured table. Only shared/domain modules use it; handlers
 * call domain functions.
 */
export function store() {
  if (!cached) cached = build();
  return cached;
}

export function resetStore() {
  cached = undefined;
}
