import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_REMINDER_SUBJECT } from '../../shared/contracts/sessions.js';
import { store } from '../../shared/db/service.js';
import { resetAvailability } from '../../shared/domain/availability.js';
import { formatBusinessDateTime } from '../../shared/domain/business-time.js';
import { createDog } from '../../shared/domain/dogs.js';
import { messagePushNotice } from '../../shared/domain/push-notices.js';
import { resetBusinessSettings } from '../../shared/domain/settings.js';
import { busIdle, createTestUser, type TestUser } from '../support/api.js';
import { deliveries, received, subscribed } from '../support/push-kit.js';
import { sellEvaluationAt75 } from './services-helpers.js';
import { as, at } from './sessions-helpers.js';

/**
 * Every kind of push notice (ADR 0055) reaches the right person's device, once, and opens the screen it
 * is about: the client's sessions for appointments, the thread for a conversation post, the trainer's
 * sessions for a booking request, the receipt and the payments list for a payment.
 */

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser('admin', { firstName: 'Tess', lastName: 'Trainer' });
});
afterAll(async () => {
  await busIdle();
  await resetBusinessSettings();
});

describe('which screen a message notice opens', () => {
  it('appointments and session reminders open the sessions; other messages the inbox', () => {
    expect(messagePushNotice({ messageType: 'appointment', subject: 'Training Session Cancelled - Rex' })).toEqual({
      title: 'Training Session Cancelled - Rex',
      body: 'Open your sessions to see the details.',
      url: '/sessions',
    });
    expect(messagePushNotice({ messageType: 'reminder', subject: `${SESSION_REMINDER_SUBJECT} - Rex` }).url).toBe(
      '/sessions',
    );
    expect(
      messagePushNotice({ messageType: 'reminder', subject: "Reminder: Rex's Rabies vaccination expires on May 1" }),
    ).toEqual({
      title: 'New message from your trainer',
      body: "Reminder: Rex's Rabies vaccination expires on May 1",
      url: '/messages',
    });
    expect(messagePushNotice({ messageType: 'homework', subject: 'Sit drills' }).url).toBe('/messages');
  });
});

describe('push notice kinds', () => {
  it("a session scheduled for a client reaches that client's device and opens their sessions", async () => {
    const [client, other] = await Promise.all([createTestUser('client'), createTestUser('client')]);
    const dog = await createDog(client.profileId, { name: 'Nova', breed: 'Collie', birthDate: '2021-05-05' });
    const [device, otherDevice, trainerDevice] = await Promise.all([
      subscribed(client),
      subscribed(other),
      subscribed(admin),
    ]);
    const res = await as(admin).post('/api/sessions', {
      clientId: client.profileId,
      dogId: dog.id,
      scheduledAt: at(280, 16),
      allowOverlap: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await busIdle();
    expect(await received(device)).toEqual([
      { title: 'Training Session Scheduled - Nova', body: 'Open your sessions to see the details.', url: '/sessions' },
    ]);
    expect(await deliveries(otherDevice)).toEqual([]);
    expect(await deliveries(trainerDevice)).toEqual([]);
  });

  it("a client's post reaches the trainer's device; the trainer's answer the client's, each opening the thread", async () => {
    const client = await createTestUser('client', { firstName: 'Casey', lastName: 'Post' });
    const [clientDevice, trainerDevice] = await Promise.all([subscribed(client), subscribed(admin)]);
    const asked = await as(client).post('/api/me/conversations', {
      subject: `Leash pulling ${randomUUID().slice(0, 6)}`,
      content: 'She pulls   on every walk.\nAny tips?',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const threadId: string = asked.body.threadId;
    await busIdle();
    expect(await received(trainerDevice)).toEqual([
      {
        title: 'New message from Casey Post',
        body: 'She pulls on every walk. Any tips?',
        url: `/dashboard/messages?threadId=${threadId}`,
      },
    ]);
    // The author's own device hears nothing of their own post.
    expect(await deliveries(clientDevice)).toEqual([]);
    const answer = await as(admin).post(`/api/conversations/${threadId}/posts`, {
      content: 'Try a front-clip harness.',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    await busIdle();
    expect(await received(clientDevice)).toEqual([
      {
        title: 'New message from your trainer',
        body: 'Try a front-clip harness.',
        url: `/messages?threadId=${threadId}`,
      },
    ]);
    expect(await deliveries(trainerDevice)).toHaveLength(1);
  });

  it("a client's booking request reaches the trainer's device and opens the sessions to decide it", async () => {
    const client = await createTestUser('client', { firstName: 'Bea', lastName: 'Booker' });
    const dog = await createDog(client.profileId, { name: 'Moss', breed: 'Beagle', birthDate: '2021-04-10' });
    await store().entities.sessionCredits.update({ profileId: client.profileId }).add({ balance: 1 }).go();
    const put = await as(admin).put('/api/settings/availability', {
      weeklyHours: Array.from({ length: 7 }, () => [{ start: '08:00', end: '18:00' }]),
      closedDates: [],
      exceptions: [],
      bookableTypes: [{ sessionType: 'training', durationMinutes: 60 }],
      bufferMinutes: 0,
      minNoticeHours: 0,
      horizonDays: 365,
      cancellationCutoffHours: 24,
      approval: 'approval',
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    try {
      const [trainerDevice, clientDevice] = await Promise.all([subscribed(admin), subscribed(client)]);
      const from = new Date(Date.now() + 200 * 86_400_000).toISOString();
      const open = await as(client).get(
        `/api/me/open-times?sessionType=training&from=${encodeURIComponent(from)}&weeks=1`,
      );
      expect(open.status, JSON.stringify(open.body)).toBe(200);
      const scheduledAt: string = open.body.times[0];
      const booked = await as(client).post('/api/me/bookings', { dogId: dog.id, sessionType: 'training', scheduledAt });
      expect(booked.status, JSON.stringify(booked.body)).toBe(201);
      await busIdle();
      const { date, time } = formatBusinessDateTime(scheduledAt, 'America/New_York');
      expect(await received(trainerDevice)).toEqual([
        {
          title: 'New booking request',
          body: `Bea Booker · Moss · Training, ${date} at ${time}`,
          url: '/dashboard/sessions',
        },
      ]);
      expect(await deliveries(clientDevice)).toEqual([]);
    } finally {
      await resetAvailability();
    }
  });

  it("a payment reaches the payer's device as a receipt and the trainer's as a new payment, once each", async () => {
    await sellEvaluationAt75();
    const client = await createTestUser('client', { firstName: 'Pat', lastName: 'Payer' });
    const [clientDevice, trainerDevice] = await Promise.all([subscribed(client), subscribed(admin)]);
    const res = await as(client).post('/api/payments/checkout', { serviceType: 'evaluation' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const paid = await fetch(`${res.body.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    await busIdle();
    const paymentId: string = res.body.paymentId;
    expect(await received(clientDevice)).toEqual([
      expect.objectContaining({
        title: 'Payment received',
        body: expect.stringMatching(/^Thank you! Your payment of \$75\.00( for .+)? went through\.$/),
        url: `/payment/success?payment=${paymentId}`,
      }),
    ]);
    expect(await received(trainerDevice)).toEqual([
      expect.objectContaining({
        title: 'New payment',
        body: expect.stringMatching(/^Pat Payer paid \$75\.00( for .+)?\.$/),
        url: '/dashboard/payments',
      }),
    ]);
  });
});
