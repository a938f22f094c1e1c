import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler as notifyMessageDelivered } from '../../functions/events/notify-message-delivered.js';
import { lambdaContext } from '../../infra/local/handlers.js';
import type { BusEvent } from '../../shared/adapters/events.js';
import type { MessageDeliveredDetail } from '../../shared/contracts/messages.js';
import { listPushSubscriptions } from '../../shared/domain/push-subscriptions.js';
import { api, busIdle, createTestUser, siteUrl, type TestUser, visitor, waitFor } from '../support/api.js';
import { deliveries, dropDevice, subscribed } from '../support/push-kit.js';

/**
 * Push notices through the local push-service stand-in (ADR 0055): the payload a device receives is
 * decrypted by the stand-in and read back here.
 */

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser('admin');
});

async function sendMessage(to: TestUser, subject: string): Promise<string> {
  const res = await api('POST', '/api/messages', {
    token: admin.idToken,
    body: { recipientIds: [to.profileId], subject, content: 'See you Thursday.' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await busIdle();
  return res.body.messageIds[0];
}

describe('push notices', () => {
  it("a trainer's message reaches the client's device, and another client's device receives nothing", async () => {
    const [client, other] = await Promise.all([createTestUser('client'), createTestUser('client')]);
    const [mine, theirs] = await Promise.all([subscribed(client), subscribed(other)]);
    const subject = `Homework ${randomUUID().slice(0, 8)}`;
    await sendMessage(client, subject);
    const got = await waitFor(async () => {
      const list = await deliveries(mine);
      return list.length ? list : undefined;
    });
    expect(got).toEqual([{ title: 'New message from your trainer', body: subject, url: '/messages' }]);
    expect(await deliveries(theirs)).toEqual([]);
  });

  it('an event handled twice pushes once per device', async () => {
    const client = await createTestUser('client');
    const [phone, laptop] = await Promise.all([subscribed(client), subscribed(client)]);
    const messageId = await sendMessage(client, 'Twice');
    await waitFor(async () => ((await deliveries(laptop)).length ? true : undefined));
    // The same fact delivered again as a new EventBridge event (another id: the handler's own
    // idempotency record does not match it).
    const again: BusEvent<MessageDeliveredDetail> = {
      id: randomUUID(),
      'detail-type': 'MessageDelivered',
      source: 'pawsitive.portal',
      detail: { messageId, recipientId: client.profileId, siteUrl: siteUrl() },
    };
    await notifyMessageDelivered(again, lambdaContext('events/notify-message-delivered'));
    expect(await deliveries(phone)).toHaveLength(1);
    expect(await deliveries(laptop)).toHaveLength(1);
  });

  it('a subscription the push service answers 410 for is removed; the others stay', async () => {
    const client = await createTestUser('client');
    const [dropped, kept] = await Promise.all([subscribed(client), subscribed(client)]);
    await dropDevice(dropped);
    await sendMessage(client, 'Gone');
    await waitFor(async () => ((await deliveries(kept)).length ? true : undefined));
    const left = await waitFor(async () => {
      const subs = await listPushSubscriptions(client.profileId);
      return subs.length === 1 ? subs : undefined;
    });
    expect(left.map((s) => s.endpoint)).toEqual([kept.endpoint]);
    expect(await deliveries(dropped)).toEqual([]);
  });

  it("a new contact request reaches the trainer's device, not a client's", async () => {
    const client = await createTestUser('client');
    const [trainerDevice, clientDevice] = await Promise.all([subscribed(admin), subscribed(client)]);
    const lastName = `Push${randomUUID().slice(0, 6)}`;
    const res = await api('POST', '/api/public/contact', {
      from: visitor(),
      body: {
        firstName: 'Robin',
        lastName,
        email: `push-${randomUUID().slice(0, 8)}@example.com`,
        phone: '941-555-0123',
        program: 'other',
        message: 'Evaluation please',
        dogName: 'Pip',
        dogBreed: 'Beagle',
        dogBirthDate: '2022-01-01',
        dogSex: 'male',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await busIdle();
    const got = await waitFor(async () => {
      const list = await deliveries(trainerDevice);
      return list.length ? list : undefined;
    });
    expect(got).toEqual([
      { title: 'New contact request', body: `Robin ${lastName}`, url: '/dashboard/contact-submissions' },
    ]);
    expect(await deliveries(clientDevice)).toEqual([]);
  });
});
