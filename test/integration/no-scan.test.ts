import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { marshall } from '@aws-sdk/util-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaContext } from '../../infra/local/handlers.js';
import { setInvalidationTransport } from '../../shared/adapters/cdn.js';
import { setSiteStore } from '../../shared/adapters/site.js';
import { DEFAULT_AVAILABILITY } from '../../shared/contracts/booking-options.js';
import { dynamoCommandLog } from '../../shared/db/client.js';
import { analyticsDay, listAnalyticsEventsOfDay } from '../../shared/domain/analytics.js';
import { putAvailability } from '../../shared/domain/availability.js';
import { ENTITY_ATTRIBUTE } from '../../shared/domain/outbox.js';
import { allHandlers, events, type RouteDef, routes, schedules } from '../../shared/routes.js';
import { httpEvent } from '../factories/http-event.js';
import { api, createTestUser } from '../support/api.js';
import { memorySite } from '../support/site-kit.js';

/**
 * Every request path must be a GetItem, a Query on an index, or a transaction: never a Scan.
 * Checked twice: statically over the source, and by running every handler with its DynamoDB
 * commands recorded.
 */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

const sampleRequests: Record<
  string,
  {
    params?: Record<string, string>;
    query?: Record<string, string>;
    body?: unknown;
    /** Client routes run as a client (the others as the admin). */
    asClient?: boolean;
  }
> = {
  'POST /api/public/contact': {
    body: {
      firstName: 'Scan',
      lastName: 'Check',
      email: 'scan@example.com',
      phone: '941-555-0199',
      program: 'other',
      message: 'x',
      dogName: 'Nope',
      dogBreed: 'Mix',
      dogBirthDate: '2020-01-01',
      dogSex: 'male',
    },
  },
  'GET /api/public/content/{section}': { params: { section: 'programs' } },
  'POST /api/public/events': {
    body: { name: 'page_view', page_title: 'Home', page_location: 'http://127.0.0.1/?utm_source=x', referrer: '' },
  },
  'GET /api/analytics': { query: { dateRange: '90daysAgo' } },
  'GET /api/analytics/realtime': {},
  'PUT /api/me/settings': { body: { theme: 'light', emailNotifications: true } },
  'PATCH /api/me/profile': { body: { firstName: 'Scan', lastName: 'Check' } },
  'GET /api/messages': { query: { search: 'crate training', filter: 'unread' } },
  'GET /api/messages/scheduled': {},
  'GET /api/me/messages': { query: { filter: 'homework' } },
  'GET /api/templates': { query: { active: 'true' } },
  'POST /api/templates': { body: { name: 'Scan check', subject: 'Hello {client_name}', content: 'Week 1' } },
  'GET /api/sessions': {
    query: {
      search: 'biscuit barker',
      status: 'scheduled',
      from: '2026-01-04T00:00:00-05:00',
      to: '2027-01-01T00:00:00Z',
    },
  },
  'GET /api/sessions/stats': {},
  'GET /api/me/sessions': { query: { filter: 'all', limit: '5' }, asClient: true },
  'GET /api/me/sessions/stats': { asClient: true },
  'GET /api/me/calendar-feed': { asClient: true },
  'GET /api/vaccinations/due': { query: { limit: '10' } },
  // As the client: the admin's feed secret (sampled in beforeAll) must outlive the handler walk.
  'POST /api/me/calendar-feed/reset': { asClient: true },
  // Reads the open sessions and the pending requests by two range queries (availability set in beforeAll).
  'GET /api/me/open-times': { query: { sessionType: 'training', weeks: '8' }, asClient: true },
  'GET /api/me/bookings': { asClient: true },
  'GET /api/bookings': {},
  'GET /api/public/classes/seats': {},
};

let adminClaims: Record<string, string>;
let clientClaims: Record<string, string>;
beforeAll(async () => {
  const [admin, client] = await Promise.all([createTestUser('admin'), createTestUser('client')]);
  adminClaims = { sub: admin.userId, 'cognito:groups': '[admin]', email: admin.email };
  clientClaims = { sub: client.userId, 'cognito:groups': '[client]', email: client.email };
  await putAvailability(
    {
      ...DEFAULT_AVAILABILITY,
      weeklyHours: Array.from({ length: 7 }, () => [{ start: '09:00', end: '17:00' }]),
      bookableTypes: [{ sessionType: 'training', durationMinutes: 60 }],
    },
    admin.profileId,
  );
  // The homework options of a real client (the route answers 404 for an unknown one).
  sampleRequests['GET /api/clients/{id}/homework'] = { params: { id: client.profileId } };
  // The trainer's calendar feed (every session, by the by-date index) behind its secret.
  const feed = await api('GET', '/api/me/calendar-feed', { token: admin.idToken });
  sampleRequests['GET /api/public/calendar/{token}'] = {
    params: { token: String(feed.body.url).split('/').pop() ?? '' },
  };
});

describe('no DynamoDB Scan on any request path', () => {
  it('no source module under functions/ or shared/ can issue a Scan', () => {
    const offenders = [...sourceFiles('functions'), ...sourceFiles('shared')].filter((f) =>
      /ScanCommand|\.scan\s*[.(]|entities\.\w+\.(find|match)\s*\(/.test(readFileSync(f, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it('running every HTTP, event and scheduled handler sends no Scan', async () => {
    dynamoCommandLog.clear();
    for (const route of routes as readonly RouteDef[]) {
      const key = `${route.method} ${route.path}`;
      const mod = await import(/* @vite-ignore */ `../../functions/${route.handler}.ts`);
      const res = await mod.handler(
        httpEvent(route, {
          ...sampleRequests[key],
          claims: sampleRequests[key]?.asClient ? clientClaims : adminClaims,
          sourceIp: `192.0.2.${Math.floor(Math.random() * 200)}`,
        }),
        {} as never,
      );
      // Routes with a sample must succeed; the others (ids in the path) may answer 4xx, never 5xx.
      expect(res.statusCode, `${key}: ${res.body}`).toBeLessThan(sampleRequests[key] ? 300 : 500);
    }
    const submission = {
      id: randomUUID(),
      firstName: 'S',
      lastName: 'C',
      email: 'scan@example.com',
      dogName: 'N',
      dogBreed: 'M',
      dogSex: 'male',
      dogBirthDate: '2020-01-01',
      phone: '1',
      program: 'other',
      message: 'x',
      status: 'new',
      convertedToClient: false,
      createdAt: new Date().toISOString(),
    };
    const eventDetails: Record<string, unknown> = {
      ContactSubmitted: { submission },
      InvitationCreated: { email: 'scan@example.com', firstName: 'Scan', link: 'http://127.0.0.1/signup?token=x' },
      ClientAccessRevoked: { profileId: randomUUID(), connectionIds: [] },
      ContactSubmissionsChanged: { ids: [submission.id] },
      MessageDelivered: { messageId: randomUUID(), recipientId: randomUUID(), siteUrl: 'http://127.0.0.1' },
      MessageDue: { messageId: randomUUID(), deliverAt: new Date().toISOString(), siteUrl: 'http://127.0.0.1' },
      ConversationChanged: {
        threadId: randomUUID(),
        clientId: randomUUID(),
        kind: 'posted',
        by: 'client',
        postId: randomUUID(),
        postAt: new Date().toISOString(),
        siteUrl: 'http://127.0.0.1',
      },
      MessageRead: {
        messageId: randomUUID(),
        recipientId: randomUUID(),
        readAt: new Date().toISOString(),
        unreadCount: 0,
      },
      MessagesChanged: {},
      SessionsChanged: { sessionId: randomUUID(), clientId: randomUUID() },
      SessionWritten: {
        sessionId: randomUUID(),
        kind: 'scheduled',
        siteUrl: 'http://127.0.0.1',
        appointment: {
          messageId: randomUUID(),
          senderId: randomUUID(),
          clientId: randomUUID(),
          dogId: randomUUID(),
          sessionType: 'training',
          scheduledAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
          durationMinutes: 60,
        },
      },
      SessionReminderDue: {
        sessionId: randomUUID(),
        scheduledAt: new Date().toISOString(),
        siteUrl: 'http://127.0.0.1',
      },
      // Nothing to invalidate (this process has no CDN transport); the handler touches only its idempotency record.
      PublicPathsChanged: { paths: [] },
      PaymentPaid: { paymentId: randomUUID(), profileId: randomUUID() },
      ReferralSent: { referralId: randomUUID(), siteUrl: 'http://127.0.0.1' },
      WebsiteContentChanged: { section: 'programs' },
      VaccinationReminderDue: { recordId: randomUUID(), expiresOn: '2030-01-31', days: 7, siteUrl: 'http://127.0.0.1' },
      // Walks the due index (a Query), not the table.
      VaccinationRequirementsChanged: { requiredVaccines: ['rabies'] },
      BookingsChanged: { bookingId: randomUUID(), clientId: randomUUID(), status: 'pending' },
      BookingDeclined: { bookingId: randomUUID(), messageId: randomUUID(), senderId: randomUUID() },
      ClassSeatOffered: {
        enrolmentId: randomUUID(),
        offerExpiresAt: new Date().toISOString(),
        messageId: randomUUID(),
        siteUrl: 'http://127.0.0.1',
      },
      ClassOfferExpired: { enrolmentId: randomUUID(), offerExpiresAt: new Date().toISOString() },
      ClassMeetingCancelled: { classId: randomUUID(), meetingId: randomUUID() },
      ClassMeetingMoved: {
        classId: randomUUID(),
        meetingId: randomUUID(),
        from: new Date().toISOString(),
        startsAt: new Date().toISOString(),
      },
    };
    // The render on publish writes into a site in memory (a build's render kit) and invalidates what it
    // changed through a transport that only takes the paths (this process has no CloudFront).
    setSiteStore(memorySite());
    setInvalidationTransport(async () => undefined);
    for (const [name, handlers] of Object.entries(events)) {
      expect(eventDetails[name], `no sample detail for event ${name}`).toBeDefined();
      for (const h of handlers) {
        const mod = await import(/* @vite-ignore */ `../../functions/${h}.ts`);
        await mod.handler(
          { id: randomUUID(), 'detail-type': name, source: 'test', detail: eventDetails[name] },
          lambdaContext(h),
        );
      }
    }
    // The table-stream consumers that work on the table: the analytics aggregator, on a page view of the walk.
    const [view] = (await listAnalyticsEventsOfDay(await analyticsDay(new Date()))).filter(
      (e) => e.name === 'page_view',
    );
    const aggregator = await import('../../functions/streams/aggregate-analytics.js');
    await aggregator.handler(
      {
        Records: [
          {
            eventName: 'INSERT',
            dynamodb: { NewImage: marshall({ ...view, [ENTITY_ATTRIBUTE]: 'analyticsEvent' }) as never },
          },
        ],
      },
      lambdaContext('streams/aggregate-analytics'),
    );
    setSiteStore(undefined);
    setInvalidationTransport(undefined);
    for (const s of schedules) {
      const mod = await import(/* @vite-ignore */ `../../functions/${s.handler}.ts`);
      await mod.handler({}, lambdaContext(s.handler));
    }
    expect(dynamoCommandLog.size).toBeGreaterThan(0);
    expect([...dynamoCommandLog.keys()].filter((k) => /Scan/.test(k))).toEqual([]);
  });

  it('every handler named in the tables exists and exports a handler', async () => {
    for (const h of allHandlers()) {
      const mod = await import(/* @vite-ignore */ `../../functions/${h}.ts`);
      expect(typeof mod.handler, h).toBe('function');
    }
  });
});
