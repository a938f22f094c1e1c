import { randomUUID } from 'node:crypto';
import { listStateOf } from '../shared/db/entities/profile.js';
import { store } from '../shared/db/service.js';
import { type BusyEntry, busyEntry, writeBusyDays } from '../shared/domain/busy-days.js';
import { COUNTERS } from '../shared/domain/counters.js';
import { messageTokens } from '../shared/domain/messages.js';
import { CLIENT_SEARCH_SCOPE, searchTokensFor } from '../shared/domain/search.js';
import { sessionTokens } from '../shared/domain/session-tokens.js';
import { sessionEnd } from '../shared/domain/sessions.js';

/**
 * Realistic demo data for the client book: clients (profiles with their e-mail claims and search
 * words), one or two dogs each, and contact submissions in every status, written in batches, with the
 * dashboard counters moved to match. Demo clients have no Cognito user (they cannot sign in).
 */
const FIRST = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'James',
  'Isabella',
  'William',
  'Mia',
  'Lucas',
  'Amelia',
  'Henry',
  'Harper',
  'Theodore',
  'Evelyn',
  'Jack',
  'Abigail',
  'Levi',
  'Emily',
  'Alexander',
  'Ella',
  'Jackson',
  'Elizabeth',
  'Mateo',
  'Camila',
  'Daniel',
  'Luna',
  'Michael',
  'Sofia',
  'Mason',
  'Avery',
  'Sebastian',
  'Mila',
  'Ethan',
  'Aria',
  'Logan',
  'Scarlett',
  'Owen',
  'Penelope',
  'Samuel',
  'Layla',
  'Jacob',
  'Chloe',
  'Asher',
];
const LAST = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
];
const DOGS = [
  'Bella',
  'Max',
  'Luna',
  'Charlie',
  'Daisy',
  'Cooper',
  'Lucy',
  'Milo',
  'Bailey',
  'Rocky',
  'Sadie',
  'Buddy',
];
const BREEDS = ['Golden Retriever', 'Labrador Retriever', 'Cockapoo', 'German Shepherd', 'Beagle', 'Poodle', 'Boxer'];
const PROGRAMS = ['puppyFoundations', 'adultDogTraining', 'advancedTraining', 'other'] as const;

export interface DemoCounts {
  clients: number;
  dogs: number;
  submissions: number;
  /** The e-mail of the first client added. */
  firstEmail: string;
}

const pick = <T>(list: readonly T[], i: number) => list[i % list.length];
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();

/** Adds `count` demo clients (numbered from `from`) and half as many submissions. */
export async function seedDemo(count: number, from = 0): Promise<DemoCounts> {
  const s = store();
  const profiles: Record<string, unknown>[] = [];
  const claims: Record<string, unknown>[] = [];
  const tokens: Record<string, unknown>[] = [];
  const dogs: Record<string, unknown>[] = [];
  const submissions: Record<string, unknown>[] = [];
  let active = 0;
  for (let n = from; n < from + count; n++) {
    const id = randomUUID();
    const firstName = pick(FIRST, n * 7);
    const lastName = pick(LAST, n * 13 + Math.floor(n / LAST.length));
    const email = `${firstName}.${lastName}.${n}@example.com`.toLowerCase();
    const phone = `941-${pad(200 + (n % 800), 3)}-${pad(n % 10_000, 4)}`;
    const isActive = n % 20 !== 7;
    const profileCompleted = n % 5 !== 3;
    if (isActive) active++;
    const words = searchTokensFor({ firstName, lastName, email, phone });
    const createdAt = daysAgo(n % 700);
    profiles.push({
      id,
      userId: `demo-${id}`,
      role: 'client',
      firstName,
      lastName,
      email,
      phone,
      createdFromContactForm: n % 2 === 0,
      profileCompleted,
      onboardingStep: profileCompleted ? 3 : n % 3,
      isActive,
      listState: listStateOf({ isActive, profileCompleted }),
      searchTokens: words,
      createdAt,
    });
    claims.push({ kind: 'email', value: email, ownerId: id });
    for (const token of words) tokens.push({ scope: CLIENT_SEARCH_SCOPE, shard: [...token][0], token, profileId: id });
    // One or two dogs each; every ninth client has four, so the client list shows "+2".
    const dogNames: { id: string; name: string }[] = [];
    for (let d = 0; d < (n % 9 === 4 ? 4 : 1 + (n % 2)); d++) {
      const dogId = randomUUID();
      const name = pick(DOGS, n + d * 5);
      dogNames.push({ id: dogId, name });
      dogs.push({
        id: dogId,
        profileId: id,
        name,
        breed: pick(BREEDS, n * 3 + d),
        birthDate: `${2015 + ((n + d) % 10)}-${pad(1 + ((n + d) % 12), 2)}-${pad(1 + (n % 28), 2)}`,
        sex: (n + d) % 2 ? 'male' : 'female',
        // Oldest first, as the client's list of names.
        createdAt: new Date(Date.parse(createdAt) + d * 1000).toISOString(),
      });
    }
    profiles[profiles.length - 1].dogNames = dogNames;
    if (n % 2 === 0) {
      const status = (['new', 'contacted', 'converted', 'converted', 'removed'] as const)[(n / 2) % 5];
      submissions.push({
        firstName,
        lastName,
        email,
        phone,
        dogName: pick(DOGS, n),
        dogBreed: pick(BREEDS, n * 3),
        dogSex: n % 4 ? 'male' : 'female',
        dogBirthDate: `${2018 + (n % 7)}-0${1 + (n % 9)}-1${n % 10}`,
        program: pick(PROGRAMS, n),
        message: 'Our dog pulls on the leash and barks at other dogs on walks. We would love some help.',
        status,
        convertedToClient: status === 'converted',
        assignedProfileId: status === 'converted' ? id : undefined,
        createdAt: daysAgo((n * 3) % 400),
      });
    }
  }
  const e = s.entities;
  await e.profile.put(profiles as never).go();
  await e.unique.put(claims as never).go();
  await e.searchToken.put(tokens as never).go();
  await e.dog.put(dogs as never).go();
  await e.contactSubmission.put(submissions as never).go();
  const perStatus = new Map<string, number>();
  for (const sub of submissions) perStatus.set(String(sub.status), (perStatus.get(String(sub.status)) ?? 0) + 1);
  const bumps: [string, number][] = [[COUNTERS.activeClients, active]];
  for (const [status, n] of perStatus) bumps.push([COUNTERS.contactStatus(status), n]);
  for (const [name, delta] of bumps) await e.counter.update({ name }).add({ value: delta }).go();
  return { clients: count, dogs: dogs.length, submissions: submissions.length, firstEmail: String(profiles[0]?.email) };
}

const SUBJECTS = [
  'Great progress on recall today',
  'Homework: loose-leash walking',
  'Session feedback: sit and stay',
  'Reminder: bring high-value treats',
  'Crate training tips for the week',
  'Homework: place command practice',
  'Welcome to the training program',
  'Next steps after our evaluation',
];
const TYPES = ['feedback', 'homework', 'feedback', 'reminder', 'general', 'homework', 'welcome', 'general'] as const;

export interface DemoRecipient {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Adds `count` delivered messages from `sender`, spread round-robin over `recipients` (numbered from
 * `from`, newest last), with their search words; about a third are read. Recipients' unread counts
 * move to match.
 */
export async function seedDemoMessages(
  count: number,
  recipients: readonly DemoRecipient[],
  sender: { id: string; name: string },
  from = 0,
): Promise<void> {
  const e = store().entities;
  const messages: Record<string, unknown>[] = [];
  const tokens: Record<string, unknown>[] = [];
  const unread = new Map<string, number>();
  const start = Date.now() - (from + count) * 60_000;
  for (let n = from; n < from + count; n++) {
    const r = recipients[n % recipients.length];
    const id = randomUUID();
    const recipientName = `${r.firstName} ${r.lastName}`;
    const subject = pick(SUBJECTS, n);
    const content = `Hi ${r.firstName}, ${pick(SUBJECTS, n + 3).toLowerCase()}. Practice 5 minutes, 3 times a day, and note what worked. (#${n})`;
    const deliverAt = new Date(start + (n - from) * 60_000).toISOString();
    const read = n % 3 === 0;
    const words = messageTokens({ recipientName, subject, content });
    messages.push({
      id,
      profileId: r.id,
      recipientName,
      recipientEmail: r.email,
      senderId: sender.id,
      senderName: sender.name,
      subject,
      content,
      messageType: pick(TYPES, n),
      priority: 'normal',
      status: 'sent',
      threadId: randomUUID(),
      deliverAt,
      ...(read ? { readAt: deliverAt } : {}),
      searchTokens: words,
      createdAt: deliverAt,
    });
    for (const token of words) tokens.push({ shard: [...token][0], token, messageId: id });
    if (!read) unread.set(r.id, (unread.get(r.id) ?? 0) + 1);
  }
  await e.message.put(messages as never).go();
  await e.messageToken.put(tokens as never).go();
  for (const [id, n] of unread) await e.profile.patch({ id }).add({ unreadMessages: n }).go();
}

export interface DemoSessionOwner {
  clientId: string;
  clientName: string;
  dogId: string;
  dogName: string;
  dogBreed: string;
}

const SESSION_TYPE_CYCLE = ['training', 'training', 'evaluation', 'follow_up'] as const;

/**
 * Adds `count` sessions spread round-robin over `owners`, one every 53 minutes from 90 days ago on
 * (numbered from `from`, so later calls continue the spread): past ones completed (every tenth
 * cancelled), future ones scheduled or confirmed; plus `dueOpen` sessions that have ended
 * but are still scheduled (what the completion job has to pick up). The sessions' counters follow.
 */
export async function seedDemoSessions(
  count: number,
  owners: readonly DemoSessionOwner[],
  from = 0,
  dueOpen = 0,
): Promise<void> {
  const e = store().entities;
  const sessions: Record<string, unknown>[] = [];
  const tokens: Record<string, unknown>[] = [];
  const now = Date.now();
  const start = now - 90 * 24 * 60 * 60_000;
  const add = (n: number, at: number, status: string) => {
    const o = owners[n % owners.length];
    const id = randomUUID();
    const durationMinutes = [30, 45, 60, 90, 120][n % 5];
    const words = sessionTokens({ clientName: o.clientName, dogName: o.dogName });
    const scheduledAt = new Date(at).toISOString();
    sessions.push({
      id,
      clientId: o.clientId,
      clientName: o.clientName,
      dogId: o.dogId,
      dogName: o.dogName,
      dogBreed: o.dogBreed,
      scheduledAt,
      durationMinutes,
      endsAt: sessionEnd(scheduledAt, durationMinutes),
      sessionType: SESSION_TYPE_CYCLE[n % SESSION_TYPE_CYCLE.length],
      status,
      searchTokens: words,
      createdAt: scheduledAt,
      updatedAt: scheduledAt,
    });
    for (const token of words) tokens.push({ shard: [...token][0], token, sessionId: id });
  };
  for (let n = from; n < from + count; n++) {
    // 53 minutes apart, folded into 180 days: later calls interleave with earlier ones.
    const at = start + ((n * 53 * 60_000) % (180 * 24 * 60 * 60_000));
    const past = at + 120 * 60_000 < now;
    add(n, at, past ? (n % 10 === 0 ? 'cancelled' : 'completed') : n % 3 === 0 ? 'confirmed' : 'scheduled');
  }
  // Started 3 hours ago: ended by now whatever the duration (120 minutes at most).
  for (let k = 0; k < dueOpen; k++) add(from + count + k, now - 3 * 60 * 60_000 + k * 1000, 'scheduled');
  await e.session.put(sessions as never).go();
  await e.sessionToken.put(tokens as never).go();
  // The counters the sessions' writes keep (ADR 0014): total, open (all and per client), completed per client.
  const deltas = new Map<string, number>([[COUNTERS.sessionsTotal, sessions.length]]);
  const bump = (name: string) => deltas.set(name, (deltas.get(name) ?? 0) + 1);
  for (const x of sessions) {
    const clientId = String(x.clientId);
    bump(COUNTERS.sessionsOfStatus(String(x.status)));
    if (x.status === 'scheduled' || x.status === 'confirmed') {
      bump(COUNTERS.openSessions);
      bump(COUNTERS.openSessionsOf(clientId));
    } else if (x.status === 'completed') bump(COUNTERS.completedSessionsOf(clientId));
  }
  for (const [name, value] of deltas) await e.counter.update({ name }).add({ value }).go();
  // The open ones' busy time, which the open times subtract (each write keeps it in its transaction).
  const open = sessions.filter((x) => x.status === 'scheduled' || x.status === 'confirmed');
  await writeBusyDays({ add: open.map((x) => busyEntry(x as unknown as BusyEntry)) });
}
