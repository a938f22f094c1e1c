import { accountExpectations } from './account.js';
import { analyticsExpectations } from './analytics.js';
import { bookingsExpectations } from './bookings.js';
import { calendarFeedsExpectations } from './calendar-feeds.js';
import { attendanceExpectations, classesExpectations } from './classes.js';
import { clientsExpectations } from './clients.js';
import { contactSubmissionsExpectations } from './contact-submissions.js';
import { conversationsExpectations } from './conversations.js';
import { creditsExpectations } from './credits.js';
import { dashboardExpectations } from './dashboard.js';
import { dogsAndNotesExpectations } from './dogs-and-notes.js';
import { foundationExpectations } from './foundation.js';
import { messagesExpectations } from './messages.js';
import { onboardingExpectations } from './onboarding.js';
import { paymentsExpectations } from './payments.js';
import { pushExpectations } from './push.js';
import { referralsExpectations } from './referrals.js';
import { sessionsExpectations } from './sessions.js';
import { settingsExpectations } from './settings.js';
import type { Expectations } from './types.js';
import { vaccinationsExpectations } from './vaccinations.js';
import { websiteContentExpectations } from './website-content.js';

/**
 * Every route of the route table, called as anonymous, two different clients and the admin. Each
 * feature keeps its expectations in ./matrix/; a route without one fails the suite, so nothing is
 * added to the API unreviewed.
 */
export const routeExpectations: Expectations = {
  ...foundationExpectations,
  ...contactSubmissionsExpectations,
  ...clientsExpectations,
  ...dogsAndNotesExpectations,
  ...dashboardExpectations,
  ...settingsExpectations,
  ...onboardingExpectations,
  ...accountExpectations,
  ...messagesExpectations,
  ...conversationsExpectations,
  ...sessionsExpectations,
  ...calendarFeedsExpectations,
  ...paymentsExpectations,
  ...creditsExpectations,
  ...referralsExpectations,
  ...websiteContentExpectations,
  ...vaccinationsExpectations,
  ...analyticsExpectations,
  ...bookingsExpectations,
  ...pushExpectations,
  ...classesExpectations,
  ...attendanceExpectations,
};
