import { randomUUID } from 'node:crypto';
import { seedDemo } from '../scripts/demo-data.js';
import { dynamoCommandLog } from '../shared/db/client.js';
import { TRAINER_INBOX } from '../shared/db/entities/conversation.js';
import { store } from '../shared/db/service.js';
import type { ConversationItem, PostItem } from '../shared/domain/conversations.js';
import { COUNTERS } from '../shared/domain/counters.js';
import { getProfileByEmail } from '../shared/domain/profiles.js';
import { type Latency, latency } from './latency.js';
import { withBenchRuntime } from './seed.js';

/** Each client's conversations and posts in each: 20 posts a client. */
export const CONVERSATIONS_PER_CLIENT = 4;
export const POSTS_PER_CONVERSATION = 5;
/** One conversation in this many waits for the trainer (its last post the client's, unread). */
const UNREAD_EVERY = 5;
const SUBJECTS = ['Moving Thursday', 'Leash pulling on walks', 'Homework question', 'Re: Week 2 homework', 'Invoice'];
const LINES = [
  'Could we move our session to Friday morning?',
  'Of course, Friday at 10 works. See you then!',
  'Biscuit did the **sit** ten times today without treats.',
  'Great work. Try it at the park next, with a few distractions.',
  'Thank you! One more question about the crate at night.',
];

/** A latency row with the DynamoDB commands its requests sent (per request): a list is Queries, never a Scan. */
export type ConversationLatency = Latency & { commandsPerRequest: Record<string, number> };

interface Client {
  id: string;
  name: string;
}

/**
 * The conversation and post items of `clients` (numbered from `from`), as the domain writes them
 * (shared/domain/conversations.ts): CONVERSATIONS_PER_CLIENT conversations of POSTS_PER_CONVERSATION posts
 * each, their last posts spread over the 90 days before `now`; one in UNREAD_EVERY ends with an unread
 * post of the client, the others with the trainer's answer.
 */
function conversationsOf(clients: Client[], from: number, trainer: Client, now: number) {
  const conversations: ConversationItem[] = [];
  const posts: PostItem[] = [];
  clients.forEach((client, i) => {
    for (let k = 0; k < CONVERSATIONS_PER_CLIENT; k++) {
      const n = (from + i) * CONVERSATIONS_PER_CLIENT + k;
      const threadId = randomUUID();
      const last = now - ((n * 7919) % (90 * 24 * 60)) * 60_000;
      const unread = n % UNREAD_EVERY === 0;
      const thread: PostItem[] = [];
      for (let j = 0; j < POSTS_PER_CONVERSATION; j++) {
        // Client, trainer, client...; an answered conversation ends with the trainer's post.
        const fromClient = unread
          ? (POSTS_PER_CONVERSATION - 1 - j) % 2 === 0
          : (POSTS_PER_CONVERSATION - 1 - j) % 2 === 1;
        const author = fromClient ? client : trainer;
        thread.push({
          id: randomUUID(),
          threadId,
          profileId: client.id,
          from: fromClient ? 'client' : 'trainer',
          authorId: author.id,
          authorName: author.name,
          content: LINES[(n + j) % LINES.length],
          createdAt: new Date(last - (POSTS_PER_CONVERSATION - 1 - j) * 3_600_000).toISOString(),
        });
      }
      const lastPost = thread[thread.length - 1];
      const lastAt = lastPost.createdAt;
      const created = thread[0].createdAt;
      conversations.push({
        threadId,
        profileId: client.id,
        clientName: client.name,
        subject: SUBJECTS[n % SUBJECTS.length],
        inbox: TRAINER_INBOX,
        lastMessageAt: lastAt,
        lastFrom: lastPost.from,
        lastPreview: lastPost.content.slice(0, 140),
        trainerUnread: unread ? 1 : 0,
        clientUnread: 0,
        trainerUnreadState: unread ? 'yes' : 'no',
        ...(unread
          ? { trainerReadAt: new Date(Date.parse(lastAt) - 3_600_000).toISOString() }
          : { trainerReadAt: lastAt }),
        clientReadAt: lastAt,
        createdAt: created,
        updatedAt: lastAt,
      });
      posts.push(...thread);
    }
  });
  return { conversations, posts, unread: conversations.filter((c) => c.trainerUnread > 0).length };
}

/** Latency of `url` and the DynamoDB commands per request it took (sent in this process: the local API's). */
async function measured(name: string, size: number, url: string, token: string): Promise<ConversationLatency> {
  dynamoCommandLog.clear();
  const row = await latency(name, size, url, token);
  // 10 warm-up requests and the measured ones.
  const requests = row.requests + 10;
  const commandsPerRequest = Object.fromEntries(
    [...dynamoCommandLog].map(([command, n]) => [
      command.replace(/Command$/, ''),
      Math.round((n / requests) * 10) / 10,
    ]),
  );
  return { ...row, commandsPerRequest };
}

/**
 * The trainer's conversations list (GET /api/conversations) at 20 and at 2,000 demo clients with 20
 * posts each (4 conversations of 5 posts; 8,000 conversations and 40,000 posts at 2,000), written as the
 * domain's items in batches: the first page, the unread filter (one in five conversations), one client's
 * (the first demo client's, the same at both sizes) and that client's unread ones. Sequential requests.
 */
export async function conversationsLoad() {
  const ports = { site: 3400, ws: 3401, dynamodb: 8400, cognito: 9629, s3: 4969, ses: 8405, stripe: 12405, push: 7305 };
  const results = await withBenchRuntime('conversations', ports, async (rt, credentials) => {
    const admin = await rt.signIn(credentials.email, credentials.password);
    const me = await getProfileByEmail(credentials.email);
    if (!me) throw new Error('No admin profile');
    const trainer = { id: me.id, name: `${me.firstName} ${me.lastName}`.trim() };
    const e = store().entities;
    const rows: ConversationLatency[] = [];
    const done = new Set<string>();
    let firstClient = '';
    let seeded = 0;
    for (const size of [20, 2000]) {
      await seedDemo(size - seeded, seeded);
      const { data } = await e.profile.query.byRole({ role: 'client' }).go({ pages: 'all' });
      const added = data
        .filter((p) => !done.has(p.id))
        .map((p) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`.trim() }));
      const { conversations, posts, unread } = conversationsOf(added, seeded, trainer, Date.now());
      for (const batch of [
        await e.conversation.put(conversations).go({ concurrency: 4 }),
        await e.conversationPost.put(posts).go({ concurrency: 4 }),
      ])
        if (batch.unprocessed.length) throw new Error(`${batch.unprocessed.length} items were not written`);
      await e.counter.update({ name: COUNTERS.conversationsUnread }).add({ value: unread }).go();
      for (const c of added) done.add(c.id);
      firstClient ||= added[0].id;
      seeded = size;
      const api = `${rt.urls.site}/api/conversations`;
      rows.push(await measured('inbox, first page', size, api, admin.idToken));
      rows.push(await measured('inbox, unread', size, `${api}?filter=unread`, admin.idToken));
      rows.push(await measured('one client', size, `${api}?clientId=${firstClient}`, admin.idToken));
      rows.push(
        await measured('one client, unread', size, `${api}?clientId=${firstClient}&filter=unread`, admin.idToken),
      );
    }
    return rows;
  });
  return {
    latency: results,
    perClient: { conversations: CONVERSATIONS_PER_CLIENT, posts: CONVERSATIONS_PER_CLIENT * POSTS_PER_CONVERSATION },
    measuredAt: undefined as string | undefined,
  };
}
