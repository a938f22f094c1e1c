import { describe, expect, it } from 'vitest';
import { MEDIA_ACTIONS, SCHEDULER_ACTIONS, USER_ACTIONS } from '../../infra/cloud/capabilities.js';
import { planHandlers, wrapperNeeds } from '../../infra/cloud/handlers.js';
import {
  allHandlers,
  handlerNeeds,
  type Needs,
  type RouteDef,
  routes,
  type StreamDef,
  schedules,
  streams,
} from '../../shared/routes.js';
import { adapterCalls, reachedNeeds } from './handler-reach.js';

const plan = (handler: string) => {
  const p = planHandlers().find((x) => x.handler === handler);
  if (!p) throw new Error(`no plan for ${handler}`);
  return p.needs;
};

/** What shared/routes.ts declares for a handler module itself (routes, schedules, events, realtime). */
function declared(handler: string): Needs {
  const route = (routes as readonly RouteDef[]).find((r) => r.handler === handler);
  if (route) return route.needs ?? {};
  const schedule = schedules.find((s) => s.handler === handler);
  if (schedule) return schedule.needs;
  const stream = (Object.values(streams) as StreamDef[]).find((s) => s.handler === handler);
  if (stream) return stream.needs;
  return (handlerNeeds as Record<string, Needs>)[handler];
}

describe('what each handler may do (declared next to it in shared/routes.ts)', () => {
  it('every route, schedule, event and realtime handler declares its needs', () => {
    for (const r of routes as readonly RouteDef[]) expect(r.needs, r.handler).toBeDefined();
    for (const h of allHandlers()) expect(declared(h), h).toBeDefined();
  });

  it.each(allHandlers())('%s declares exactly what its code can reach (static call graph)', (handler) => {
    expect(declared(handler)).toEqual(reachedNeeds(handler));
  });

  it('the analysis sees through domain modules to the adapters and the table (it can fail)', () => {
    expect(reachedNeeds('http/contact/submit-contact')).toEqual({ table: 'write' });
    expect(reachedNeeds('streams/publish-outbox')).toEqual({ table: 'delete', publish: true });
    expect(reachedNeeds('events/send-appointment-message').publish).toBe(true);
    // A session write's follow-ups go through the outbox: its request handler only writes the table.
    expect(reachedNeeds('http/sessions/create-session')).toEqual({ table: 'delete' });
    expect(reachedNeeds('events/email-contact-submission')).toEqual({ table: 'read', email: true });
    expect(reachedNeeds('http/clients/delete-client').users).toEqual(['delete']);
    expect(reachedNeeds('http/contact/list-contact-submissions')).toEqual({ table: 'read' });
  });

  it('adds what the HTTP wrapper needs: routes a client may call look users up and may create a missing profile', () => {
    const getMe = (routes as readonly RouteDef[]).find((r) => r.handler === 'http/me/get-me') as RouteDef;
    expect(wrapperNeeds(getMe)).toEqual({ table: 'write', users: ['read'] });
    expect(plan('http/me/get-me')).toEqual({ table: 'write', users: ['read'] });
    // An admin route only reads the caller's profile: a client is refused before any profile is read.
    const listClients = (routes as readonly RouteDef[]).find(
      (r) => r.handler === 'http/clients/list-clients',
    ) as RouteDef;
    expect(wrapperNeeds(listClients)).toEqual({ table: 'read' });
    expect(plan('http/clients/list-clients')).toEqual({ table: 'read' });
    // A public route with a per-IP limit counts in the table, and never touches users.
    // Its ContactSubmitted event is written to the outbox in the submission's transaction, never published.
    expect(plan('http/contact/submit-contact')).toEqual({ table: 'write' });
    expect(plan('http/content/list-public-content')).toEqual({ table: 'read' });
  });

  it('adds what the event builder needs: each event handler keeps its idempotency record in the table', () => {
    // Declared: push only. The builder (functions/lib/event.ts) gets, puts, updates and deletes its record.
    expect(plan('events/close-client-connections')).toEqual({ table: 'delete', push: true });
    expect(plan('events/email-contact-submission')).toEqual({ table: 'delete', email: true });
  });

  it('admin routes get only the Cognito calls they make: listing submissions manages no users', () => {
    expect(plan('http/contact/list-contact-submissions').users).toBeUndefined();
    expect(plan('http/clients/create-client').users).toEqual(['create', 'delete', 'read']);
    expect(plan('http/clients/deactivate-client').users).toEqual(['disable']);
    expect(plan('http/signup/submit-signup').users).toEqual(['setPassword']);
    expect(plan('http/signup/get-invitation').users).toBeUndefined();
  });

  it('only handlers that send mail, write media or schedule may do so', () => {
    const plans = planHandlers();
    expect(plans.filter((p) => p.needs.email).map((p) => p.handler)).toEqual([
      'events/email-contact-submission',
      'events/email-conversation-notice',
      'events/email-invitation',
      'events/email-message-notice',
      'events/email-payment-receipt',
      'events/send-class-offer',
      'events/send-referral-email',
      'events/send-session-reminder',
      'events/send-vaccination-reminder',
    ]);
    expect(plans.filter((p) => p.kinds.includes('http') && p.needs.email)).toEqual([]);
    expect(
      plans
        .filter((p) => p.needs.media === 'write')
        .map((p) => p.handler)
        .sort(),
    ).toEqual(MEDIA_WRITERS);
  });
});

/**
 * Handlers that upload, replace or delete media objects (dog photos, website images, vaccination certificates,
 * erasure); a website save deletes the images it made when it fails.
 */
const MEDIA_WRITERS = [
  'http/account/delete-my-account',
  'http/clients/delete-client',
  'http/contact/update-contact-status',
  'http/content/create-content',
  'http/content/create-image-upload',
  'http/content/process-image',
  'http/content/update-content',
  'http/dogs/attach-dog-photo',
  'http/dogs/create-photo-upload',
  'http/dogs/delete-dog',
  'http/dogs/remove-dog-photo',
  'http/vaccinations/create-certificate-upload',
  'http/vaccinations/create-vaccination',
  'http/vaccinations/delete-vaccination',
  'http/vaccinations/update-vaccination',
];

describe('the adapters the analysis stops at', () => {
  /** What a set of needs is granted, from the same tables capabilities.ts grants from. */
  const granted = (n: Needs) => [
    ...(n.email ? ['ses:SendEmail'] : []),
    ...(n.publish ? ['events:PutEvents'] : []),
    ...(n.push ? ['execute-api:ManageConnections'] : []),
    ...(n.scheduler ? SCHEDULER_ACTIONS : []),
    ...(n.media ? MEDIA_ACTIONS[n.media] : []),
    ...(n.users ?? []).flatMap((u) => USER_ACTIONS[u]),
    // Granted by the web stack on its one distribution (infra/cloud/web-stack.ts).
    ...(n.cdn ? ['cloudfront:CreateInvalidation'] : []),
    ...(n.secrets ? ['secretsmanager:GetSecretValue'] : []),
    // The SSM parameter naming the site (capabilities.ts); the page keys of the site bucket and its router's
    // KeyValueStore (site-render.ts).
    ...(n.site
      ? [
          'ssm:GetParameter',
          's3:GetObject',
          's3:PutObject',
          's3:DeleteObject',
          'cloudfront-keyvaluestore:DescribeKeyValueStore',
          'cloudfront-keyvaluestore:UpdateKeys',
        ]
      : []),
  ];

  it('every exported adapter function that calls AWS is mapped to needs that grant each call it makes', () => {
    const calls = adapterCalls();
    expect(calls.map((c) => c.key)).toContain('shared/adapters/user-directory.ts#disableUser');
    for (const c of calls) {
      expect(c.needs, `${c.key} is not in ADAPTER_NEEDS (test/infra/handler-reach.ts)`).toBeDefined();
      for (const action of c.actions) expect(granted(c.needs as Needs), c.key).toContain(action);
    }
  });

  it('each adapter function is read as the IAM actions of the SDK commands it sends', () => {
    const actions = Object.fromEntries(
      adapterCalls().map((c) => [c.key.replace(/^shared\/adapters\//, ''), c.actions]),
    );
    // Every adapter function that calls AWS, from the SDK command classes it constructs (`new XCommand(`)
    // and the presigned POST: a new call is read (or reported as unknown) before any grant is checked.
    expect(actions).toEqual({
      'cdn.ts#invalidateCdn': ['cloudfront:CreateInvalidation'],
      'email.ts#sendEmail': ['ses:SendEmail'],
      'realtime.ts#pushToConnections': ['execute-api:ManageConnections'],
      'realtime.ts#closeConnections': ['execute-api:ManageConnections'],
      'events.ts#publishEvent': ['events:PutEvents'],
      'scheduler.ts#scheduleOnce': ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule'],
      'scheduler.ts#cancelSchedule': ['scheduler:DeleteSchedule'],
      'secrets.ts#readSecret': ['secretsmanager:GetSecretValue'],
      'site-bucket.ts#bucketSiteStore': ['s3:DeleteObject', 's3:GetObject', 's3:PutObject', 'ssm:GetParameter'],
      'site-bucket.ts#keyValueRouteStore': [
        'cloudfront-keyvaluestore:DescribeKeyValueStore',
        'cloudfront-keyvaluestore:UpdateKeys',
      ],
      'storage.ts#presignUpload': ['s3:PutObject'],
      'storage.ts#presignDownload': ['s3:GetObject'],
      'storage.ts#readObjectStart': ['s3:GetObject'],
      'storage.ts#readObject': ['s3:GetObject'],
      'storage.ts#putObject': ['s3:PutObject'],
      'storage.ts#deleteObject': ['s3:DeleteObject'],
      'user-directory.ts#findUserByEmail': ['cognito-idp:AdminGetUser'],
      'user-directory.ts#createInvitedUser': ['cognito-idp:AdminAddUserToGroup', 'cognito-idp:AdminCreateUser'],
      'user-directory.ts#setPermanentPassword': ['cognito-idp:AdminSetUserPassword'],
      'user-directory.ts#disableUser': ['cognito-idp:AdminDisableUser', 'cognito-idp:AdminUserGlobalSignOut'],
      'user-directory.ts#enableUser': ['cognito-idp:AdminEnableUser'],
      'user-directory.ts#deleteUser': ['cognito-idp:AdminDeleteUser'],
    });
  });
});
