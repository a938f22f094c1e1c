import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { store } from '../../shared/db/service.js';
import { listSentMessages } from '../../shared/domain/message-lists.js';
import { backfillMessageSearchWords, findMessage, messageTokens, shardOf } from '../../shared/domain/messages.js';
import { sendAppointmentMessage } from '../../shared/domain/session-follow-ups.js';
import { admin, alice, biscuit, setUpSessionParties } from './sessions-helpers.js';

/** The sent messages' search words: kept under a repeated event, and every word of older messages indexed. */

setUpSessionParties();

/** Whether the index holds each of a message's words. */
async function indexed(messageId: string, tokens: string[]): Promise<boolean[]> {
  const { data } = await store()
    .entities.messageToken.get(tokens.map((token) => ({ shard: shardOf(token), token, messageId })))
    .go();
  const found = new Set(data.map((t) => t.token));
  return tokens.map((t) => found.has(t));
}

const foundBy = async (search: string) => (await listSentMessages({ search, limit: 100 })).items.map((m) => m.id);

describe('the search words of sent messages', () => {
  it('a session-saved event delivered twice at once leaves the appointment message found by its words', async () => {
    const messageId = randomUUID();
    const detail = {
      sessionId: randomUUID(),
      kind: 'scheduled' as const,
      appointment: {
        messageId,
        senderId: admin.profileId,
        clientId: alice.profileId,
        dogId: biscuit.id,
        sessionType: 'training' as const,
        scheduledAt: '2099-05-04T14:00:00.000Z',
        durationMinutes: 60,
      },
    };
    const outcomes = await Promise.allSettled([sendAppointmentMessage(detail), sendAppointmentMessage(detail)]);
    expect(outcomes.some((o) => o.status === 'fulfilled' && o.value === 'sent')).toBe(true);
    const m = await findMessage(messageId);
    if (!m) throw new Error('the appointment message was not stored');
    expect(m.searchTokens?.length).toBeGreaterThan(0);
    expect((await indexed(messageId, m.searchTokens ?? [])).every(Boolean)).toBe(true);
    expect(await foundBy('biscuit')).toContain(messageId);
  });

  it('the once-per-table backfill indexes every word of a message stored with only 40 of them', async () => {
    const words = Array.from({ length: 60 }, (_, i) => `legacyword${String(i).padStart(2, '0')}`);
    const m = {
      id: randomUUID(),
      profileId: alice.profileId,
      recipientName: 'Alice Ambler',
      recipientEmail: alice.email,
      senderId: admin.profileId,
      senderName: 'Tess Trainer',
      subject: 'Old homework',
      content: words.join(' '),
      messageType: 'homework' as const,
      priority: 'normal' as const,
      status: 'sent' as const,
      deliverAt: '2020-01-02T10:00:00.000Z',
    };
    // As stored before whole-content search: the first 40 words only, in the message and in the index.
    const first40 = messageTokens(m).slice(0, 40);
    await store()
      .entities.message.create({ ...m, searchTokens: first40 })
      .go();
    await store()
      .entities.messageToken.put(first40.map((token) => ({ shard: shardOf(token), token, messageId: m.id })))
      .go();
    expect(await foundBy('legacyword59')).not.toContain(m.id);

    expect(await backfillMessageSearchWords()).toBeGreaterThanOrEqual(1);

    expect(await foundBy('legacyword59')).toContain(m.id);
    expect(await foundBy('legacyword00 legacyword45')).toContain(m.id);
    const all = messageTokens(m);
    expect((await findMessage(m.id))?.searchTokens?.sort()).toEqual([...all].sort());
    expect((await indexed(m.id, all)).every(Boolean)).toBe(true);
    // Run again, it has nothing left to do for this message.
    const again = await backfillMessageSearchWords();
    expect(again).toBe(0);
  });
});
