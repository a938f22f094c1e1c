import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { store } from '../../shared/db/service.js';
import { resetAvailability } from '../../shared/domain/availability.js';
import { ensureReferralCode } from '../../shared/domain/referrals.js';
import { type RouteDef, routeKey, routes } from '../../shared/routes.js';
import { api, busIdle, createTestUser, openSocket, type TestUser, visitor, waitFor } from '../support/api.js';
import { newDevice } from '../support/push-kit.js';
import { classesOfClient } from './matrix/classes.js';
import { onboardingBody, reopenOnboarding } from './onboarding-helpers.js';
import { type Invited, inviteClient, signupBody } from './signup-helpers.js';

/**
 * What a client can reach: every route a client may call (public, client, signed-in) is walked as a
 * client whose profile carries trainer notes and who has client notes; no answer and no realtime
 * frame may contain them. Every such route with a body refuses fields a client must not set. A
 * deactivated or deleted client's open connections are closed at once.
 */
const PROFILE_NOTE = `PROFILE-NOTE-${randomUUID()}`;
const CLIENT_NOTE = `CLIENT-NOTE-${randomUUID()}`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let admin: TestUser;
let client: TestUser;
let dogId: string;
let messageId: string;
let sessionId: string;
/** The client's own calendar feed path (the public route's secret URL). */
let feedPath: string;
/** An invitation of another (new) client, for the public invitation route. */
let invited: Invited;
/** An active discount code, and a payment the client started (pending at the provider's checkout). */
let discountCode: string;
let paymentId: string;
/** Another client's referral code (usable at payment), and the client's own code. */
let othersReferralCode: string;
let ownReferralCode: string;
/** The client's dog's vaccination records: one with a certificate (kept), one the walk deletes. */
let recordId: string;
let deletableRecordId: string;
/** A training time the walk requests, and a request of the client's it cancels (online booking). */
let openTime: string;
let bookingId: string;
/** A conversation the client started with the trainer (issue 37). */
let threadId: string;
/** Group classes: one to enrol in, an enrolment of the client's to cancel, a seat offered to them. */
let classId: string;
let enrolmentToCancel: string;
let offeredEnrolment: string;

const asAdmin = (method: string, path: string, body?: unknown) => api(method, path, { token: admin.idToken, body });

const contactBody = () => ({
  firstName: 'Priv',
  lastName: 'Acy',
  email: `privacy-${randomUUID()}@example.com`,
  phone: '941-555-0110',
  program: 'other',
  message: 'Privacy walk',
  dogName: 'Hush',
  dogBreed: 'Basenji',
  dogBirthDate: '2022-06-06',
  dogSex: 'female',
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const vaccinationBody = () => ({
  vaccine: 'rabies',
  givenOn: '2025-01-10',
  expiresOn: '2028-01-10',
  clinic: 'Lakewood Ranch Animal Hospital',
});

/** Uploads a PDF certificate through the client's own presigned POST; returns its key. */
async function uploadCertificate(token: string): Promise<string> {
  const res = await api('POST', '/api/uploads/certificate', {
    token,
    body: { contentType: 'application/pdf', size: PDF.length },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const form = new FormData();
  for (const [k, v] of Object.entries(res.body.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'certificate.pdf');
  const up = await fetch(res.body.url, { method: 'POST', body: form });
  expect(up.status).toBeLessThan(300);
  return res.body.key;
}

/** Uploads a PNG through the client's own presigned POST; returns its key. */
async function uploadPhoto(token: string): Promise<string> {
  const res = await api('POST', '/api/uploads/photo', { token, body: { contentType: 'image/png', size: PNG.length } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const form = new FormData();
  for (const [k, v] of Object.entries(res.body.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'photo.png');
  const up = await fetch(res.body.url, { method: 'POST', body: form });
  expect(up.status).toBeLessThan(300);
  return res.body.key;
}

interface Call {
  path: string;
  body?: () => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Which visitor the edge sees (a loopback address to connect from). */
  from?: () => string;
  /** Calls that end the caller's account run as a client of their own. */
  token?: () => Promise<string>;
  /**
   * A body sent as these exact bytes with these headers: the payment provider's webhook, whose body is
   * verified by its signature (so any field added to it is refused by that check).
   */
  signed?: () => { payload: string; headers: Record<string, string> };
}

/** A Checkout event of a checkout the product does not know, signed as the provider signs it (acknowledged, ignored). */
function signedUnknownCheckout() {
  const payload = JSON.stringify({
    id: `evt_privacy_${randomUUID()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { object: 'checkout.session', id: `cs_unknown_${randomUUID()}`, payment_status: 'paid' } },
  });
  const stripe = new Stripe(process.env.STRIPE_SECRET_KEY as string);
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: process.env.STRIPE_WEBHOOK_SECRET as string,
  });
  return { payload, headers: { 'stripe-signature': signature } };
}

/** How a client calls each route it may call. A client-callable route missing here fails the walk. */
const calls: Record<string, () => Call> = {
  'POST /api/public/contact': () => ({ path: '/api/public/contact', body: contactBody, from: visitor }),
  'GET /api/public/content/{section}': () => ({ path: '/api/public/content/programs' }),
  'POST /api/public/events': () => ({
    path: '/api/public/events',
    body: () => ({ name: 'page_view', page_title: 'Contact Form', page_location: 'http://127.0.0.1/contact' }),
    from: visitor,
  }),
  'GET /api/me': () => ({ path: '/api/me' }),
  'GET /api/me/dogs': () => ({ path: '/api/me/dogs' }),
  'GET /api/dogs/{dogId}': () => ({ path: `/api/dogs/${dogId}` }),
  'POST /api/uploads/photo': () => ({
    path: '/api/uploads/photo',
    body: () => ({ contentType: 'image/png', size: 68 }),
  }),
  'PUT /api/dogs/{dogId}/photo': () => ({
    path: `/api/dogs/${dogId}/photo`,
    body: async () => ({ key: await uploadPhoto(client.idToken) }),
  }),
  'DELETE /api/dogs/{dogId}/photo': () => ({ path: `/api/dogs/${dogId}/photo` }),
  'GET /api/me/open-times': () => ({ path: '/api/me/open-times?sessionType=training' }),
  'GET /api/me/bookings': () => ({ path: '/api/me/bookings' }),
  'POST /api/me/bookings': () => ({
    path: '/api/me/bookings',
    body: () => ({ dogId, sessionType: 'training', scheduledAt: openTime }),
  }),
  'POST /api/me/bookings/{id}/cancel': () => ({ path: `/api/me/bookings/${bookingId}/cancel`, body: () => ({}) }),
  'GET /api/classes': () => ({ path: '/api/classes' }),
  'GET /api/classes/{classId}': () => ({ path: `/api/classes/${classId}` }),
  'POST /api/classes/{classId}/enrolments': () => ({
    path: `/api/classes/${classId}/enrolments`,
    body: () => ({ dogId }),
  }),
  'DELETE /api/enrolments/{enrolmentId}': () => ({ path: `/api/enrolments/${enrolmentToCancel}` }),
  'POST /api/enrolments/{enrolmentId}/accept': () => ({
    path: `/api/enrolments/${offeredEnrolment}/accept`,
    body: () => ({}),
  }),
  'GET /api/class-meetings': () => ({ path: '/api/class-meetings' }),
  'GET /api/public/classes/seats': () => ({ path: '/api/public/classes/seats' }),
  'GET /api/dogs/{dogId}/vaccinations': () => ({ path: `/api/dogs/${dogId}/vaccinations` }),
  'POST /api/dogs/{dogId}/vaccinations': () => ({ path: `/api/dogs/${dogId}/vaccinations`, body: vaccinationBody }),
  'PUT /api/vaccinations/{recordId}': () => ({ path: `/api/vaccinations/${recordId}`, body: vaccinationBody }),
  'DELETE /api/vaccinations/{recordId}': () => ({ path: `/api/vaccinations/${deletableRecordId}` }),
  'GET /api/vaccinations/{recordId}/certificate': () => ({ path: `/api/vaccinations/${recordId}/certificate` }),
  'POST /api/uploads/certificate': () => ({
    path: '/api/uploads/certificate',
    body: () => ({ contentType: 'application/pdf', size: PDF.length }),
  }),
  'GET /api/invitations/{token}': () => ({
    path: `/api/invitations/${encodeURIComponent(invited.token)}?email=${encodeURIComponent(invited.email)}`,
  }),
  // Each signup uses up its invitation: every call gets a fresh one.
  'POST /api/signup': () => ({
    path: '/api/signup',
    body: async () => signupBody(await inviteClient(admin)),
    from: visitor,
  }),
  'GET /api/me/messages': () => ({ path: '/api/me/messages?limit=3' }),
  'GET /api/me/messages/unread-count': () => ({ path: '/api/me/messages/unread-count' }),
  'GET /api/me/messages/{id}': () => ({ path: `/api/me/messages/${messageId}` }),
  'POST /api/me/messages/{id}/read': () => ({ path: `/api/me/messages/${messageId}/read` }),
  // Conversations with the trainer: the client's own list and thread, writing in it, a reply to a message.
  'GET /api/me/conversations': () => ({ path: '/api/me/conversations?limit=5' }),
  'POST /api/me/conversations': () => ({
    path: '/api/me/conversations',
    body: () => ({ subject: 'A question', content: 'Is Thursday still on?' }),
  }),
  'GET /api/me/conversations/{threadId}': () => ({ path: `/api/me/conversations/${threadId}` }),
  'POST /api/me/conversations/{threadId}/posts': () => ({
    path: `/api/me/conversations/${threadId}/posts`,
    body: () => ({ content: 'One more thing' }),
  }),
  'POST /api/me/conversations/{threadId}/read': () => ({
    path: `/api/me/conversations/${threadId}/read`,
    body: () => ({}),
  }),
  'POST /api/me/messages/{id}/replies': () => ({
    path: `/api/me/messages/${messageId}/replies`,
    body: () => ({ content: 'Done today!' }),
  }),
  'GET /api/me/export': () => ({ path: '/api/me/export' }),
  'DELETE /api/me': () => {
    let email = '';
    return {
      path: '/api/me',
      token: async () => {
        const other = await createTestUser('client');
        email = other.email;
        return other.idToken;
      },
      body: () => ({ confirmEmail: email }),
    };
  },
  // The onboarding wizard works on the caller's own profile (reopened first: test users are completed).
  'GET /api/me/onboarding': () => ({ path: '/api/me/onboarding' }),
  'PUT /api/me/onboarding': () => ({
    path: '/api/me/onboarding',
    body: async () => {
      await reopenOnboarding(client.profileId);
      return { step: 2, data: onboardingBody() };
    },
  }),
  'POST /api/me/onboarding/complete': () => ({
    path: '/api/me/onboarding/complete',
    body: async () => {
      await reopenOnboarding(client.profileId);
      return { data: onboardingBody({ dogs: [] }) };
    },
  }),
  // Settings: the caller's own preferences and name (no id: nobody reaches another person's).
  'GET /api/me/settings': () => ({ path: '/api/me/settings' }),
  'PUT /api/me/settings': () => ({
    path: '/api/me/settings',
    body: () => ({ theme: 'dark', trainingGoals: 'Loose-leash walking', preferredSessionTime: 'morning' }),
  }),
  'PATCH /api/me/profile': () => ({
    path: '/api/me/profile',
    body: () => ({ firstName: 'Private', lastName: 'Person', phone: '941-555-0110' }),
  }),
  'GET /api/public/business': () => ({ path: '/api/public/business' }),
  // Sessions: the caller's own list and stats, and confirming their own future scheduled session.
  'GET /api/me/sessions': () => ({ path: '/api/me/sessions?limit=5' }),
  'GET /api/me/sessions/stats': () => ({ path: '/api/me/sessions/stats' }),
  'POST /api/me/sessions/{id}/confirm': () => ({ path: `/api/me/sessions/${sessionId}/confirm` }),
  // Calendar feed: the caller's own URL; a reset runs as a client of their own (the walk reads this
  // client's feed by its secret afterwards); the feed is iCalendar text, checked like every answer.
  'GET /api/me/calendar-feed': () => ({ path: '/api/me/calendar-feed' }),
  'POST /api/me/calendar-feed/reset': () => ({
    path: '/api/me/calendar-feed/reset',
    token: async () => (await createTestUser('client')).idToken,
  }),
  'GET /api/public/calendar/{token}': () => ({ path: feedPath }),
  // Payments: checking a code, starting a checkout, the caller's own payments, and the provider's webhook.
  'GET /api/payments/discount': () => ({ path: `/api/payments/discount?code=${discountCode}` }),
  'POST /api/payments/checkout': () => ({
    path: '/api/payments/checkout',
    body: () => ({ serviceType: 'evaluation' }),
  }),
  'GET /api/me/payments': () => ({ path: '/api/me/payments?limit=3' }),
  'GET /api/services': () => ({ path: '/api/services' }),
  'GET /api/me/payments/{id}': () => ({ path: `/api/me/payments/${paymentId}` }),
  'POST /api/me/payments/{id}/cancel': () => ({ path: `/api/me/payments/${paymentId}/cancel` }),
  'POST /api/public/payments/webhook': () => ({ path: '/api/public/payments/webhook', signed: signedUnknownCheckout }),
  'GET /api/me/credits': () => ({ path: '/api/me/credits' }),
  // The store's health, asked by the sign-in's profile load.
  'GET /api/health': () => ({ path: '/api/health' }),
  // Referrals: the caller's code and history, sending one, another's code at payment, a link's click.
  'GET /api/me/referrals': () => ({ path: '/api/me/referrals' }),
  'POST /api/me/referrals': () => ({
    path: '/api/me/referrals',
    body: () => ({ email: `privacy-friend-${randomUUID().slice(0, 8)}@example.com` }),
  }),
  'GET /api/payments/referral': () => ({ path: `/api/payments/referral?code=${othersReferralCode}` }),
  // Push subscriptions: the caller's own devices only (ADR 0055).
  'GET /api/me/push-subscriptions': () => ({ path: '/api/me/push-subscriptions' }),
  'PUT /api/me/push-subscriptions': () => ({
    path: '/api/me/push-subscriptions',
    body: async () => ({ ...(await newDevice()) }),
  }),
  'DELETE /api/me/push-subscriptions/{id}': () => ({ path: `/api/me/push-subscriptions/${'A'.repeat(43)}` }),
  'POST /api/public/referrals/click': () => ({
    path: '/api/public/referrals/click',
    body: () => ({ code: ownReferralCode, referralId: randomUUID() }),
    from: () => visitor(),
  }),
};

const clientCallable = (routes as readonly RouteDef[]).filter((r) => r.access !== 'admin');

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}

beforeAll(async () => {
  [admin, client] = await Promise.all([createTestUser('admin'), createTestUser('client')]);
  const patched = await asAdmin('PATCH', `/api/clients/${client.profileId}`, {
    firstName: 'Private',
    lastName: 'Person',
    notes: PROFILE_NOTE,
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  const note = await asAdmin('POST', `/api/clients/${client.profileId}/notes`, {
    title: CLIENT_NOTE,
    content: CLIENT_NOTE,
    noteType: 'behavioral',
    isImportant: true,
  });
  expect(note.status).toBe(201);
  const dog = await asAdmin('POST', `/api/clients/${client.profileId}/dogs`, {
    name: 'Whisper',
    breed: 'Whippet',
    birthDate: '2021-01-01',
  });
  expect(dog.status).toBe(201);
  dogId = dog.body.dog.id;
  const sent = await asAdmin('POST', '/api/messages', {
    recipientIds: [client.profileId],
    subject: 'Homework',
    content: 'Practise recall.',
  });
  expect(sent.status).toBe(201);
  messageId = sent.body.messageIds[0];
  const conversation = await api('POST', '/api/me/conversations', {
    token: client.idToken,
    body: { subject: 'Moving Thursday', content: 'Could we move to Friday?' },
  });
  expect(conversation.status, JSON.stringify(conversation.body)).toBe(201);
  threadId = conversation.body.threadId;
  // The trainer answers, so the client's thread carries the trainer's side too.
  const answer = await asAdmin('POST', `/api/conversations/${threadId}/posts`, { content: 'Friday at 10 works.' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  // A session of the client's dog, scheduled by the trainer (it also sends an appointment message).
  // Without session notes: those are written for the client (the appointment message carries them)
  // and would trip the walk's check that no key is named `notes`; the trainer's notes are checked here.
  const session = await asAdmin('POST', '/api/sessions', {
    clientId: client.profileId,
    dogId,
    scheduledAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    allowOverlap: true,
  });
  expect(session.status, JSON.stringify(session.body)).toBe(201);
  sessionId = session.body.session.id;
  const feed = await api('GET', '/api/me/calendar-feed', { token: client.idToken });
  expect(feed.status, JSON.stringify(feed.body)).toBe(200);
  feedPath = new URL(feed.body.url).pathname;
  invited = await inviteClient(admin);
  discountCode = `PRIV${randomUUID().slice(0, 8).toUpperCase()}`;
  const code = await asAdmin('POST', '/api/discount-codes', {
    code: discountCode,
    discountType: 'percentage',
    discountValue: 10,
  });
  expect(code.status, JSON.stringify(code.body)).toBe(201);
  const started = await api('POST', '/api/payments/checkout', {
    token: client.idToken,
    body: { serviceType: 'single_session' },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  paymentId = started.body.paymentId;
  othersReferralCode = await ensureReferralCode({ id: randomUUID(), firstName: 'Privacy' });
  ownReferralCode = (await api('GET', '/api/me/referrals', { token: client.idToken })).body.code;
  const asClient = (body: object) => api('POST', `/api/dogs/${dogId}/vaccinations`, { token: client.idToken, body });
  const withCertificate = await asClient({
    ...vaccinationBody(),
    certificateKey: await uploadCertificate(client.idToken),
  });
  expect(withCertificate.status, JSON.stringify(withCertificate.body)).toBe(201);
  recordId = withCertificate.body.record.id;
  const deletable = await asClient({ ...vaccinationBody(), vaccine: 'dhpp' });
  expect(deletable.status, JSON.stringify(deletable.body)).toBe(201);
  deletableRecordId = deletable.body.record.id;
  // Online booking: the trainer's hours, credits for the client, one request of theirs to cancel and
  // another open time for the walk to request.
  const hours = Array.from({ length: 7 }, () => [{ start: '08:00', end: '18:00' }]);
  const availability = await asAdmin('PUT', '/api/settings/availability', {
    weeklyHours: hours,
    closedDates: [],
    exceptions: [],
    bookableTypes: [{ sessionType: 'training', durationMinutes: 60 }],
    bufferMinutes: 0,
    minNoticeHours: 0,
    horizonDays: 365,
    cancellationCutoffHours: 24,
    approval: 'approval',
  });
  expect(availability.status, JSON.stringify(availability.body)).toBe(200);
  await store().entities.sessionCredits.update({ profileId: client.profileId }).add({ balance: 3 }).go();
  const from = new Date(Date.now() + 20 * 86_400_000).toISOString();
  const open = await api('GET', `/api/me/open-times?sessionType=training&from=${encodeURIComponent(from)}&weeks=1`, {
    token: client.idToken,
  });
  expect(open.status, JSON.stringify(open.body)).toBe(200);
  const times = open.body.times as string[];
  const first = times[0];
  // A time of another day: clear of the first request's span.
  const second = times.find((t) => Date.parse(t) >= Date.parse(first) + 86_400_000) as string;
  const booked = await api('POST', '/api/me/bookings', {
    token: client.idToken,
    body: { dogId, sessionType: 'training', scheduledAt: first },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  bookingId = booked.body.booking.id;
  openTime = second;
  // Group classes (ADR 0070, 0071): a class to enrol in, an enrolment to cancel, a seat offered.
  ({ classId, enrolmentToCancel, offeredEnrolment } = await classesOfClient(admin, client, dogId));
});

afterAll(async () => {
  await resetAvailability();
});

describe('what a client can reach', () => {
  it('knows how to call every route a client may call', () => {
    expect(Object.keys(calls).sort()).toEqual(clientCallable.map(routeKey).sort());
  });

  it('no answer to a client and no realtime frame it receives carries trainer notes', async () => {
    const socket = await openSocket(client.idToken);
    const seen: string[] = [];
    for (const route of clientCallable) {
      const call = calls[routeKey(route)]();
      const token = call.token ? await call.token() : client.idToken;
      const body = await call.body?.();
      const signed = call.signed?.();
      const res = await api(route.method, call.path, {
        token,
        body,
        from: call.from?.(),
        ...(signed ? { rawBody: signed.payload, headers: signed.headers } : {}),
      });
      expect(res.status, `${routeKey(route)}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      const text = JSON.stringify(res.body ?? '');
      expect(text, routeKey(route)).not.toContain(PROFILE_NOTE);
      expect(text, routeKey(route)).not.toContain(CLIENT_NOTE);
      expect([...keysOf(res.body)], routeKey(route)).not.toContain('notes');
      seen.push(routeKey(route));
    }
    // Admin-side changes that push realtime frames happen meanwhile; none may reach this client.
    await asAdmin('PATCH', `/api/clients/${client.profileId}`, { firstName: 'Private', lastName: 'Person' });
    await busIdle();
    const frames = JSON.stringify(socket.messages);
    expect(frames).not.toContain(PROFILE_NOTE);
    expect(frames).not.toContain(CLIENT_NOTE);
    await socket.close();
    expect(seen).toHaveLength(clientCallable.length);
  });

  it("a client sees only their own conversations, and the trainer's conversation routes refuse them", async () => {
    const other = await createTestUser('client');
    const secret = `OTHER-CONVERSATION-${randomUUID()}`;
    const theirs = await api('POST', '/api/me/conversations', {
      token: other.idToken,
      body: { subject: 'Not yours', content: secret },
    });
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(201);
    const otherThread = theirs.body.threadId as string;
    const asClient = (method: string, path: string, body?: unknown) =>
      api(method, path, { token: client.idToken, body });
    const list = await asClient('GET', '/api/me/conversations?limit=100');
    expect(list.status).toBe(200);
    const threads = (list.body.items as { threadId: string; clientId: string }[]).map((i) => i.threadId);
    expect(threads).toContain(threadId);
    expect(threads).not.toContain(otherThread);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect((await asClient('GET', `/api/me/conversations/${otherThread}`)).status).toBe(404);
    expect((await asClient('POST', `/api/me/conversations/${otherThread}/posts`, { content: 'hi' })).status).toBe(404);
    expect((await asClient('POST', `/api/me/conversations/${otherThread}/read`)).status).toBe(404);
    const trainerOnly = (routes as readonly RouteDef[]).filter(
      (r) => r.access === 'admin' && r.path.startsWith('/api/conversations'),
    );
    expect(trainerOnly.length).toBeGreaterThan(0);
    for (const route of trainerOnly) {
      const path = route.path.replace('{threadId}', otherThread);
      const res = await asClient(route.method, path, route.method === 'POST' ? { content: 'hi' } : undefined);
      expect(res.status, routeKey(route)).toBe(403);
      expect(JSON.stringify(res.body), routeKey(route)).not.toContain(secret);
    }
    const seenByOther = await api('GET', `/api/me/conversations/${otherThread}`, { token: other.idToken });
    expect(seenByOther.body.entries).toEqual([expect.objectContaining({ from: 'client', content: secret })]);
    expect(seenByOther.body.entries[0].readAt).toBeUndefined();
  });

  it("a client's socket never receives the admins' events; an admin's does", async () => {
    const [clientSocket, adminSocket] = await Promise.all([openSocket(client.idToken), openSocket(admin.idToken)]);
    const body = contactBody();
    expect((await api('POST', '/api/public/contact', { body, from: visitor() })).status).toBe(201);
    await busIdle();
    await waitFor(() => JSON.stringify(adminSocket.messages).includes(body.email));
    expect(JSON.stringify(clientSocket.messages)).not.toContain(body.email);
    await Promise.all([clientSocket.close(), adminSocket.close()]);
  });

  const FORBIDDEN_FIELDS: Record<string, unknown> = {
    role: 'admin',
    profileId: randomUUID(),
    ownerId: randomUUID(),
    userId: randomUUID(),
    status: 'converted',
    isActive: false,
    notes: 'set by a client',
  };

  for (const route of clientCallable.filter((r) => r.method === 'POST' || r.method === 'PUT')) {
    it(`${routeKey(route)} refuses fields a client must not set, and changes nothing`, async () => {
      for (const [field, value] of Object.entries(FORBIDDEN_FIELDS)) {
        const call = calls[routeKey(route)]();
        const signed = call.signed?.();
        const body = { ...(signed ? JSON.parse(signed.payload) : await call.body?.()), [field]: value };
        const before = await api('GET', `/api/dogs/${dogId}`, { token: client.idToken });
        const res = await api(route.method, call.path, {
          token: client.idToken,
          from: call.from?.(),
          // A signed body with a field added no longer matches its signature.
          ...(signed ? { rawBody: JSON.stringify(body), headers: signed.headers } : { body }),
        });
        expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
        if (!signed) expect(res.body.error.message).toMatch(new RegExp(field));
        const after = await api('GET', `/api/dogs/${dogId}`, { token: client.idToken });
        const { photoUrl: _a, ...dogBefore } = before.body.dog;
        const { photoUrl: _b, ...dogAfter } = after.body.dog;
        expect(dogAfter).toEqual(dogBefore);
      }
      const me = await api('GET', '/api/me', { token: client.idToken });
      expect(me.body.role).toBe('client');
      expect(me.body.profile.isActive).toBe(true);
    });
  }
});

describe("a client's access ends at once", () => {
  it('deactivation closes their open WebSocket and refuses their next request', async () => {
    const c = await createTestUser('client');
    const socket = await openSocket(c.idToken);
    const closed = new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));
    expect((await asAdmin('POST', `/api/clients/${c.profileId}/deactivate`)).status).toBe(200);
    await busIdle();
    await expect(closed).resolves.toBeTypeOf('number');
    expect((await api('GET', '/api/me', { token: c.idToken })).status).toBe(403);
    await expect(openSocket(c.idToken)).rejects.toMatchObject({ status: 403 });
  });

  it('full deletion closes their open WebSocket too', async () => {
    const c = await createTestUser('client');
    const socket = await openSocket(c.idToken);
    const closed = new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));
    expect((await asAdmin('DELETE', `/api/clients/${c.profileId}`)).status).toBe(204);
    await busIdle();
    await expect(closed).resolves.toBeTypeOf('number');
    expect((await api('GET', '/api/me', { token: c.idToken })).status).toBe(403);
  });
});
