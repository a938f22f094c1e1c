import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { inject } from 'vitest';
import { builtBy } from '../../functions/lib/middleware.js';
import { createLocalUser, randomPassword } from '../../infra/local/users.js';
import { store } from '../../shared/db/service.js';
import { createClass, publishClass } from '../../shared/domain/classes.js';
import { createDog } from '../../shared/domain/dogs.js';
import { enrolmentId } from '../../shared/domain/enrolments.js';
import { insertSessionRecord } from '../../shared/domain/sessions.js';
import { type RouteDef, routeKey, routes } from '../../shared/routes.js';
import { httpEvent } from '../factories/http-event.js';
import { nightAhead } from '../integration/matrix/classes.js';
import { reopenOnboarding } from '../integration/onboarding-helpers.js';
import '../support/provided-context.js';

/**
 * What a fuzzed route runs against: its callers and records of their own, so path ids and id fields
 * can be real (handlers get past "not found") as well as invalid. Each route gets a world of its own
 * (a new client and records), so a route that deletes or deactivates cannot starve another one.
 */

export type PrincipalKind = 'anonymous' | 'client' | 'admin';

export interface Principal {
  kind: PrincipalKind;
  claims?: Record<string, string>;
}

export interface HandlerAnswer {
  status: number;
  body: string;
}

/** A route's handler module, as the runtime loads it, and the contract it was built with. */
export async function loadRoute(route: RouteDef) {
  const mod = (await import(/* @vite-ignore */ `../../functions/${route.handler}.ts`)) as {
    handler: (event: unknown, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;
  };
  const built = builtBy(mod.handler);
  return { handler: mod.handler, contract: built?.kind === 'http' ? built.contract : undefined };
}

let ipCounter = 0;
/** A new documentation-range address per request, so per-IP limits see a new visitor each time. */
export const freshIp = () => {
  ipCounter++;
  return `198.${18 + ((ipCounter >> 16) & 1)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

export interface CallInput {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** Sent as-is when a string, else as JSON. */
  body?: unknown;
}

/** Calls the route's handler in this process as `who`, the way the edge delivers the request. */
export async function callRoute(
  route: RouteDef,
  who: Principal,
  input: CallInput,
  sourceIp = freshIp(),
): Promise<HandlerAnswer> {
  const { handler } = await loadRoute(route);
  const event = httpEvent(route, { ...input, claims: who.claims, sourceIp });
  const res = await handler(event, {});
  return { status: res.statusCode ?? 200, body: typeof res.body === 'string' ? res.body : '' };
}

const routeByKey = (key: string) => {
  const r = (routes as readonly RouteDef[]).find((x) => routeKey(x) === key);
  if (!r) throw new Error(`no route ${key}`);
  return r;
};

/** Calls `key` and answers the parsed JSON body, failing unless the status is `want`. */
async function must(key: string, who: Principal, input: CallInput, want: number) {
  const res = await callRoute(routeByKey(key), who, input);
  if (res.status !== want) throw new Error(`fuzz world: ${key} answered ${res.status} ${res.body.slice(0, 300)}`);
  return res.body ? JSON.parse(res.body) : undefined;
}

export const claimsOf = (u: { userId: string; email: string }, role: 'admin' | 'client') => ({
  sub: u.userId,
  email: u.email,
  'cognito:groups': `[${role}]`,
});

/** Record ids by kind. */
export type Ids = Record<
  | 'client'
  | 'dog'
  | 'note'
  | 'session'
  | 'message'
  | 'template'
  | 'submission'
  | 'feed'
  | 'invitation'
  | 'email'
  | 'conversation'
  | 'class'
  | 'meeting'
  | 'enrolment',
  string[]
>;

export interface World {
  admin: Principal;
  client: Principal;
  ids: Ids;
}

const ahead = (days: number) =>
  new Date(Date.now() + days * 86_400_000 + Math.floor(Math.random() * 600) * 60_000).toISOString();

/** A new user of the local user pool with a profile (no tokens: the harness sends the claims itself). */
export async function newUser(role: 'admin' | 'client') {
  const env = inject('env');
  const email = `fuzz-${role}-${randomUUID().slice(0, 12)}@pawsitive.test`;
  const { userId, profileId } = await createLocalUser(
    { endpoint: env.COGNITO_ENDPOINT, userPoolId: env.COGNITO_USER_POOL_ID, clientId: env.COGNITO_CLIENT_ID },
    { email, password: randomPassword(), role, firstName: 'Fuzz', lastName: role === 'admin' ? 'Trainer' : 'Client' },
  );
  return { userId, profileId, email };
}

/**
 * A new client (onboarding not yet done) with a dog, a note, a session, a sent and a scheduled
 * message, a template, a contact request, a feed and a conversation with the trainer, and an invited client who has not signed up.
 */
export async function buildWorld(admin: Principal): Promise<World> {
  const user = await newUser('client');
  await reopenOnboarding(user.profileId);
  const client: Principal = { kind: 'client', claims: claimsOf(user, 'client') };
  const clientId = user.profileId;
  const dog = await createDog(clientId, { name: 'Fuzzy', breed: 'Mixed', birthDate: '2020-01-01' });
  const session = await insertSessionRecord({
    clientId,
    dogId: dog.id,
    scheduledAt: ahead(3 + Math.floor(Math.random() * 60)),
    status: 'scheduled',
    clientName: 'Fuzz Client',
    dogName: dog.name,
  });
  const [note, sent, scheduled, template, submission, feed, invited] = await Promise.all([
    must(
      'POST /api/clients/{id}/notes',
      admin,
      { params: { id: clientId }, body: { title: 'Fuzz', content: 'Note', noteType: 'general' } },
      201,
    ),
    must('POST /api/messages', admin, { body: { recipientIds: [clientId], subject: 'Fuzz', content: 'Hello' } }, 201),
    must(
      'POST /api/messages',
      admin,
      { body: { recipientIds: [clientId], subject: 'Fuzz later', content: 'Hi', scheduledFor: ahead(2) } },
      201,
    ),
    must('POST /api/templates', admin, { body: { name: `Fuzz ${randomUUID()}`, subject: 'S', content: 'C' } }, 201),
    must(
      'POST /api/public/contact',
      { kind: 'anonymous' },
      {
        body: {
          firstName: 'Fuzz',
          lastName: 'Request',
          email: `fuzz-${randomUUID().slice(0, 8)}@example.com`,
          phone: '941-555-0199',
          program: 'other',
          message: 'Fuzz',
          dogName: 'Fuzzy',
          dogBreed: 'Mix',
          dogBirthDate: '2020-01-01',
          dogSex: 'male',
        },
      },
      201,
    ),
    must('GET /api/me/calendar-feed', client, {}, 200),
    must(
      'POST /api/clients',
      admin,
      {
        body: { firstName: 'Fuzz', lastName: 'Invited', email: `fuzz-invited-${randomUUID().slice(0, 8)}@example.com` },
      },
      201,
    ),
  ]);
  const conversation = await must(
    'POST /api/me/conversations',
    client,
    { body: { subject: 'Fuzz question', content: 'Hello trainer' } },
    201,
  );
  // A published class with the client's dog enrolled (a seat holds credits: two given first).
  const groupClass = await publishClass(
    (
      await createClass({
        title: 'Fuzz class',
        description: 'Fuzz',
        credits: 1,
        capacity: 3,
        online: true,
        requiredVaccines: [],
        vaccinationRule: 'warn',
        firstMeeting: nightAhead(5),
        durationMinutes: 60,
        weeks: 2,
      })
    ).id,
  );
  await store().entities.sessionCredits.update({ profileId: clientId }).add({ balance: 2 }).go();
  await must(
    'POST /api/classes/{classId}/enrolments',
    client,
    { params: { classId: groupClass.id }, body: { dogId: dog.id } },
    201,
  );
  const link = new URL(String(invited.invitationLink));
  const feedToken = String(feed.url).split('/').pop() ?? '';
  return {
    admin,
    client,
    ids: {
      client: [clientId],
      dog: [dog.id],
      note: [note.note?.id ?? note.id],
      session: [session],
      message: [...sent.messageIds, ...scheduled.messageIds],
      template: [template.id ?? template.template?.id],
      submission: [submission.id],
      feed: [feedToken, feedToken.replace(/\.ics$/, '')],
      invitation: [link.searchParams.get('token') ?? ''],
      email: [user.email, link.searchParams.get('email') ?? ''],
      conversation: [conversation.threadId],
      class: [groupClass.id],
      meeting: groupClass.meetings.map((m) => m.id),
      enrolment: [enrolmentId(groupClass.id, dog.id)],
    },
  };
}

/** Which kind of record a path segment (`/clients/{id}`) or a field name (`dogId`) names. */
const KIND_OF: Record<string, keyof Ids> = {
  clients: 'client',
  clientId: 'client',
  recipientIds: 'client',
  recipientId: 'client',
  dogs: 'dog',
  dogId: 'dog',
  notes: 'note',
  noteId: 'note',
  sessions: 'session',
  sessionId: 'session',
  messages: 'message',
  messageId: 'message',
  templates: 'template',
  templateId: 'template',
  'contact-submissions': 'submission',
  ids: 'submission',
  calendar: 'feed',
  invitations: 'invitation',
  conversations: 'conversation',
  threadId: 'conversation',
  classes: 'class',
  classId: 'class',
  meetings: 'meeting',
  meetingId: 'meeting',
  enrolments: 'enrolment',
  enrolmentId: 'enrolment',
};

/** A cursor altered the ways a client could: a character changed in each part, cut short, extended. */
function tampered(cursor: string): string[] {
  const flip = (s: string, i: number) => `${s.slice(0, i)}${s[i] === 'A' ? 'B' : 'A'}${s.slice(i + 1)}`;
  const dot = cursor.indexOf('.');
  return [
    cursor,
    flip(cursor, 0),
    flip(cursor, cursor.length - 1),
    ...(dot > 0 ? [flip(cursor, dot - 1), cursor.slice(0, dot), `${cursor.slice(0, dot)}.`] : []),
    cursor.slice(0, -3),
    `${cursor}A`,
  ];
}

/**
 * Cursors of a list route as each of `who` gets them (its first page of one item), and tampered
 * copies: a fuzzed request then also reads a second page, or sends a cursor of another caller.
 */
export async function listCursors(route: RouteDef, who: Principal[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of who) {
    const res = await callRoute(route, p, { query: { limit: '1' } });
    const cursor = res.status === 200 ? (JSON.parse(res.body) as { cursor?: unknown }).cursor : undefined;
    if (typeof cursor === 'string' && cursor) out.push(...tampered(cursor));
  }
  return out;
}

/**
 * The real ids worth trying for a field or path parameter of `route`: by the field's name, else by the
 * path segment before the parameter, else every id of the world. `cursor` answers the list's cursors.
 */
export function idSourceFor(route: RouteDef, world: World, cursors: readonly string[] = []) {
  const all = Object.entries(world.ids).flatMap(([kind, ids]) => (kind === 'email' ? [] : ids));
  return (name: string): readonly string[] => {
    if (name === 'cursor') return cursors;
    if (/email/i.test(name)) return world.ids.email;
    const byName = KIND_OF[name];
    if (byName) return world.ids[byName];
    const segment = new RegExp(`/([^/]+)/\\{${name}\\}`).exec(route.path)?.[1];
    const bySegment = segment ? KIND_OF[segment] : undefined;
    return bySegment ? world.ids[bySegment] : all;
  };
}
