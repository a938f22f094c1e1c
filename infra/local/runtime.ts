import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { CURSOR_KEY_ENV } from '../../functions/lib/cursor.js';
import { ORIGIN_SECRET_ENV } from '../../functions/lib/viewer.js';
import { setInvalidationTransport } from '../../shared/adapters/cdn.js';
import { setEventTransport } from '../../shared/adapters/events.js';
import { resetRealtimeClient } from '../../shared/adapters/realtime.js';
import { type OneOffSchedule, setScheduleTransport } from '../../shared/adapters/scheduler.js';
import { setSiteStore } from '../../shared/adapters/site.js';
import { resetTokenVerifier, verifyIdToken } from '../../shared/adapters/token-verifier.js';
import { SIGN_IN_AUTH_FLOW } from '../../shared/auth-policy.js';
import { type RuntimeConfig, runtimeConfigSchema } from '../../shared/contracts/runtime-config.js';
import { resetDb } from '../../shared/db/client.js';
import { resetStore } from '../../shared/db/service.js';
import { runBackfillsOnce } from '../../shared/domain/backfills.js';
import { scheduledMessageSchedules } from '../../shared/domain/messages.js';
import { sessionReminderSchedules } from '../../shared/domain/session-reminders.js';
import { isAppError } from '../../shared/errors.js';
import { type EventName, events } from '../../shared/routes.js';
import {
  backfillContactCounters,
  backfillDogNames,
  backfillDogVaccinations,
  backfillSessionCounters,
} from './backfill.js';
import { createUserPool, startCognito, type UserPoolIds, userPoolExists } from './cognito.js';
import { assertJava, ensureTable, startDynamoDb } from './dynamodb.js';
import { startS3, startSes } from './emulators.js';
import { createEventBus } from './event-bus.js';
import { invokeHandler, REPO_ROOT } from './handlers.js';
import { addMissingSchedules, createOneOffQueue } from './one-off-queue.js';
import { assertPortsFree, DEFAULT_PORTS, type LocalPorts } from './ports.js';
import { startPushStandIn } from './push-service.js';
import { createScheduler } from './scheduler.js';
import { seedBuiltinContent, seedSections } from './seed.js';
import {
  fileSiteStore,
  prepareSiteFolder,
  RENDER_KIT,
  ROUTE_STORE_FILE,
  renderWholeSite,
  stubStylesheets,
} from './site-files.js';
import { contentSecurityPolicy, createSiteServer } from './site-server.js';
import { type LocalState, readState, writeState } from './state.js';
import { createStreamPoller } from './stream-poller.js';
import { startStripeStandIn } from './stripe-checkout.js';
import {
  cognitoClient,
  createLocalUser,
  type NewLocalUser,
  randomPassword,
  signInLocal,
  type Tokens,
} from './users.js';
import { createWebSocketGateway } from './websocket.js';

export type { LocalPorts } from './ports.js';

export interface LocalRuntimeOptions {
  /** Where the emulators keep their data (persistent; delete it to start fresh). */
  dataDir: string;
  ports?: Partial<LocalPorts>;
  /** The built web app (default `web/dist`); null serves the API only (other paths answer 503). */
  webDist?: string | null;
  /** No access log and no progress messages (errors are still printed). */
  quiet?: boolean;
  /** Seed the admin user and the website sections on first start (default true). */
  seed?: boolean;
  /**
   * Load tests only (`npm run bench`): keep an `x-viewer-ip` the caller sends, so one load generator can act
   * as many visitors. Never set by `npm start` or the tests: CloudFront always overwrites it (ADR 0018).
   */
  trustViewerIpHeader?: boolean;
  /**
   * Run the recurring schedules (the completion job, the reminders sweep...) on their timers (default
   * true). A bench that calls a job itself turns them off so the timer cannot run it first.
   */
  schedules?: boolean;
}

export interface LocalRuntime {
  urls: {
    site: string;
    ws: string;
    dynamodb: string;
    cognito: string;
    s3: string;
    ses: string;
    stripe: string;
    push: string;
  };
  /** The environment the handlers run with (also set on process.env). */
  env: Record<string, string>;
  userPool: { id: string; clientId: string };
  /** The seeded admin; `password` only when it was created on this start. */
  admin?: { email: string; password?: string };
  bus: { idle(): Promise<void> };
  createUser(u: NewLocalUser): Promise<{ userId: string; profileId: string }>;
  signIn(email: string, password: string): Promise<Tokens>;
  stop(): Promise<void>;
}

export const LOCAL_TABLE_NAME = 'pawsitive-local';
export const MEDIA_BUCKET = 'media';

const debug = !!process.env.LOCAL_DEBUG;

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1' }, () => {
      server.off('error', reject);
      resolvePromise();
    });
  });
}

async function ensureUserPool(
  cognitoUrl: string,
  dataDir: string,
  state: LocalState,
  info: (m: string) => void,
): Promise<UserPoolIds> {
  const cognito = cognitoClient(cognitoUrl);
  try {
    if (state.userPool && (await userPoolExists(cognito, state.userPool))) return state.userPool;
    if (state.userPool) info('The remembered Cognito user pool is gone; creating a new one.');
    const pool = await createUserPool(cognito);
    state.userPool = pool;
    if (state.seed) delete state.seed.admin;
    writeState(dataDir, state);
    return pool;
  } finally {
    cognito.destroy();
  }
}

/**
 * Starts the whole product on this machine: the emulators (DynamoDB Local, cognito-local, s3rver,
 * aws-ses-v2-local), the HTTP adapter + web server, the WebSocket gateway, the event bus and the
 * scheduler, all on 127.0.0.1, wired from the same tables as the cloud (shared/routes.ts).
 */
export async function startLocalRuntime(opts: LocalRuntimeOptions): Promise<LocalRuntime> {
  const ports: LocalPorts = { ...DEFAULT_PORTS, ...opts.ports };
  const quiet = opts.quiet ?? false;
  const dataDir = resolve(opts.dataDir);
  const webDist =
    opts.webDist === undefined ? join(REPO_ROOT, 'web', 'dist') : opts.webDist === null ? null : resolve(opts.webDist);
  const info = (m: string) => {
    if (!quiet) console.log(`[local] ${m}`);
  };
  const t0 = Date.now();
  const timing = (step: string) => {
    if (debug) console.log(`[local] +${Date.now() - t0} ms ${step}`);
  };
  const logError = (message: string, error: unknown) => {
    console.error(`[local] ${message}:`, error instanceof Error ? (error.stack ?? error.message) : error);
  };

  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  assertJava();
  await assertPortsFree(ports);
  timing('java and ports checked');
  mkdirSync(dataDir, { recursive: true });
  const state = readState(dataDir);
  if (!state.cursorKey || !state.vapidSeed) {
    state.cursorKey ??= randomBytes(32).toString('base64url');
    // The seed of the VAPID key pair web push is signed with (ADR 0061): made once, so subscriptions
    // outlive a restart.
    state.vapidSeed ??= randomBytes(32).toString('base64url');
    writeState(dataDir, state);
  }

  const host = '127.0.0.1';
  const urls = {
    site: `http://${host}:${ports.site}`,
    ws: `ws://${host}:${ports.ws}`,
    dynamodb: `http://${host}:${ports.dynamodb}`,
    cognito: `http://${host}:${ports.cognito}`,
    s3: `http://${host}:${ports.s3}`,
    ses: `http://${host}:${ports.ses}`,
    stripe: `http://${host}:${ports.stripe}`,
    push: `http://${host}:${ports.push}`,
  };

  // The local Checkout stand-in's keys, new per start (its sessions live in memory).
  const stripeKeys = {
    secretKey: `sk_test_local_${randomBytes(18).toString('base64url')}`,
    webhookSecret: `whsec_local_${randomBytes(24).toString('base64url')}`,
  };

  // Everything started so far, stopped in reverse order.
  const stoppers: { name: string; stop: () => Promise<void> }[] = [];
  const stopAll = async () => {
    for (const s of stoppers.splice(0).reverse()) {
      await s.stop().catch((e) => logError(`stopping ${s.name}`, e));
    }
  };

  try {
    const started = await Promise.allSettled([
      startDynamoDb({ port: ports.dynamodb, dataPath: join(dataDir, 'dynamodb'), echo: debug }).then((p) => {
        stoppers.push({ name: 'DynamoDB Local', stop: () => p.stop() });
        timing('DynamoDB Local up');
      }),
      startCognito({ port: ports.cognito, dir: join(dataDir, 'cognito'), echo: debug }).then((p) => {
        stoppers.push({ name: 'cognito-local', stop: () => p.stop() });
        timing('cognito-local up');
      }),
      startS3({
        port: ports.s3,
        directory: join(dataDir, 's3'),
        bucket: MEDIA_BUCKET,
        origins: [urls.site, `http://localhost:${ports.site}`],
        silent: !debug,
      }).then((e) => {
        stoppers.push({ name: 's3rver', stop: () => e.stop() });
        timing('s3rver up');
      }),
      startSes({ port: ports.ses }).then((e) => {
        stoppers.push({ name: 'aws-ses-v2-local', stop: () => e.stop() });
        timing('aws-ses-v2-local up');
      }),
      startStripeStandIn({
        port: ports.stripe,
        secretKey: stripeKeys.secretKey,
        webhookSecret: stripeKeys.webhookSecret,
        webhookUrl: `${urls.site}/api/public/payments/webhook`,
      }).then((e) => {
        stoppers.push({ name: 'Stripe Checkout stand-in', stop: () => e.stop() });
      }),
      startPushStandIn({ port: ports.push, host }).then((e) => {
        stoppers.push({ name: 'push service stand-in', stop: () => e.stop() });
      }),
    ]);
    timing('emulators up');
    const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;

    // The pool check and the table check run side by side (DynamoDB Local's first request is slow).
    const [pool] = await Promise.all([
      ensureUserPool(urls.cognito, dataDir, state, info),
      ensureTable(urls.dynamodb, LOCAL_TABLE_NAME).then(() => timing('table ready')),
    ]);
    timing('user pool ready');

    const env: Record<string, string> = {
      LOCAL_RUNTIME: 'true',
      AWS_REGION: 'us-east-1',
      AWS_DEFAULT_REGION: 'us-east-1',
      // One set of local credentials that every emulator accepts (s3rver insists on S3RVER/S3RVER).
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      AWS_EC2_METADATA_DISABLED: 'true',
      TABLE_NAME: LOCAL_TABLE_NAME,
      DYNAMODB_ENDPOINT: urls.dynamodb,
      SES_ENDPOINT: urls.ses,
      BUSINESS_EMAIL: process.env.BUSINESS_EMAIL || 'trainer@pawsitive.local',
      FROM_EMAIL: process.env.FROM_EMAIL || 'no-reply@pawsitive.local',
      COGNITO_USER_POOL_ID: pool.id,
      COGNITO_CLIENT_ID: pool.clientId,
      COGNITO_ENDPOINT: urls.cognito,
      COGNITO_ISSUER: `${urls.cognito}/${pool.id}`,
      COGNITO_JWKS_URI: `${urls.cognito}/${pool.id}/.well-known/jwks.json`,
      WS_MANAGEMENT_ENDPOINT: `http://${host}:${ports.ws}`,
      WS_URL: urls.ws,
      MEDIA_BUCKET,
      S3_ENDPOINT: urls.s3,
      SITE_URL: urls.site,
      STRIPE_SECRET_KEY: stripeKeys.secretKey,
      STRIPE_WEBHOOK_SECRET: stripeKeys.webhookSecret,
      STRIPE_API_URL: urls.stripe,
      // Web push (ADRs 0055, 0061): the key seed made on the first start, and the stand-in's origin, the
      // one non-https endpoint a subscription may name locally.
      VAPID_SEED: state.vapidSeed,
      VAPID_SUBJECT: `mailto:${process.env.BUSINESS_EMAIL || 'trainer@pawsitive.local'}`,
      LOCAL_PUSH_SERVICE_URL: urls.push,
      // Powertools metrics are CloudWatch's embedded format; locally they would only fill the console.
      POWERTOOLS_METRICS_DISABLED: 'true',
      // The origin secret the site server adds to /api/* requests and the handlers check (ADR 0018); new per start.
      [ORIGIN_SECRET_ENV]: randomBytes(24).toString('base64url'),
      [CURSOR_KEY_ENV]: state.cursorKey,
    };
    delete process.env.AWS_SESSION_TOKEN;
    delete process.env.AWS_PROFILE;
    Object.assign(process.env, env);
    // Clients cached by an earlier runtime in this process would point elsewhere.
    resetDb();
    resetStore();
    resetTokenVerifier();
    resetRealtimeClient();

    const cognitoIds = { endpoint: urls.cognito, userPoolId: pool.id, clientId: pool.clientId };
    let admin: LocalRuntime['admin'];
    if (opts.seed ?? true) {
      state.seed ??= {};
      if (!state.seed.admin) {
        const email = (process.env.ADMIN_EMAIL || 'admin@pawsitive.local').toLowerCase();
        const password = randomPassword(20);
        try {
          await createLocalUser(cognitoIds, {
            email,
            password,
            role: 'admin',
            firstName: 'Admin',
            lastName: 'Trainer',
          });
        } catch (e) {
          if (isAppError(e) && e.code === 'CONFLICT') {
            throw new Error(
              `The admin profile ${email} already exists in DynamoDB but not in Cognito: the data under ${dataDir} ` +
                'is out of sync. Delete that folder to start fresh.',
            );
          }
          throw e;
        }
        state.seed.admin = { email, at: new Date().toISOString() };
        writeState(dataDir, state);
        admin = { email, password };
      } else {
        admin = { email: state.seed.admin.email };
      }
      if (!state.seed.sections) {
        await seedSections();
        state.seed.sections = new Date().toISOString();
        writeState(dataDir, state);
      }
      if (!state.seed.contactCounters) {
        await backfillContactCounters();
        state.seed.contactCounters = new Date().toISOString();
        writeState(dataDir, state);
      }
      if (!state.seed.sessionCounters) {
        await backfillSessionCounters();
        state.seed.sessionCounters = new Date().toISOString();
        writeState(dataDir, state);
      }
      if (!state.seed.dogNames) {
        await backfillDogNames();
        state.seed.dogNames = new Date().toISOString();
        writeState(dataDir, state);
      }
      await runBackfillsOnce();
      if (!state.seed.dogVaccinations) {
        await backfillDogVaccinations();
        state.seed.dogVaccinations = new Date().toISOString();
        writeState(dataDir, state);
      }
      if (!state.seed.builtinContent) {
        try {
          if (await seedBuiltinContent()) {
            state.seed.builtinContent = new Date().toISOString();
            writeState(dataDir, state);
          }
        } catch (e) {
          logError('Seeding the built-in content (shared/content/seed.ts) failed; it will be retried on next start', e);
        }
      }
    }

    timing('seeding checked');
    // The site the local server serves: a copy of the build that the render on publish writes into (the
    // cloud's site bucket). A new copy gets every page rendered with the table's published content.
    // Without a build (the API alone, as the integration tests run it) the folder stays empty: a render on
    // publish then records that the site has no render kit, and nothing ever reaches for a cloud bucket.
    const siteDir = join(dataDir, 'site');
    // The render handler imports the page code, whose stylesheets load as empty modules here.
    stubStylesheets();
    // The router's store (the cloud's KeyValueStore): what the render published or took down since the build.
    const routeStoreFile = join(dataDir, ROUTE_STORE_FILE);
    setSiteStore(fileSiteStore(siteDir, routeStoreFile));
    stoppers.push({ name: 'site folder', stop: async () => setSiteStore(undefined) });
    const hasBuild = Boolean(webDist && existsSync(join(webDist, 'index.html')));
    if (webDist && hasBuild) {
      const { fresh } = prepareSiteFolder(webDist, siteDir);
      if (fresh && existsSync(join(siteDir, RENDER_KIT))) await renderWholeSite(fileSiteStore(siteDir, routeStoreFile));
      timing('site folder ready');
    }
    const bus = createEventBus({ invoke: invokeHandler, onError: logError });
    setEventTransport((name, detail) => bus.publish(name, detail));
    stoppers.push({
      name: 'event bus',
      stop: async () => {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([bus.idle(), new Promise((r) => (timer = setTimeout(r, 5000)))]);
        clearTimeout(timer);
        setEventTransport(undefined);
      },
    });

    // The table's stream: outbox items are published to the local bus by the same handler as in the cloud.
    const poller = createStreamPoller({
      endpoint: urls.dynamodb,
      tableName: LOCAL_TABLE_NAME,
      dataDir,
      invoke: invokeHandler,
      onError: logError,
    });
    poller.start();
    stoppers.push({ name: 'table stream', stop: () => poller.stop() });
    // Everything published so far, including what the stream still holds, has been delivered.
    const idle = async () => {
      await poller.drain();
      await bus.idle();
    };
    // CDN invalidations: the local site server caches nothing, so the handlers' calls are only recorded.
    const invalidations: { at: string; paths: readonly string[] }[] = [];
    setInvalidationTransport(async (paths) => {
      invalidations.push({ at: new Date().toISOString(), paths });
      if (invalidations.length > 100) invalidations.shift();
    });
    stoppers.push({ name: 'CDN invalidations', stop: async () => setInvalidationTransport(undefined) });

    // One-off schedules (scheduled messages): persisted timers publishing to the local bus.
    const oneOff = createOneOffQueue({
      dataDir,
      publish: (name, detail) => bus.publish(name, detail),
      onError: logError,
    });
    setScheduleTransport(oneOff);
    oneOff.start();
    stoppers.push({
      name: 'one-off schedules',
      stop: async () => {
        oneOff.stop();
        setScheduleTransport(undefined);
      },
    });

    const config: RuntimeConfig = runtimeConfigSchema.parse({
      region: 'us-east-1',
      userPoolId: pool.id,
      userPoolClientId: pool.clientId,
      userPoolEndpoint: urls.cognito,
      authFlowType: SIGN_IN_AUTH_FLOW,
      apiUrl: '/api',
      wsUrl: urls.ws,
      mediaUrl: '/media',
      businessEmail: env.BUSINESS_EMAIL,
      siteUrl: urls.site,
    });

    // The queue file is a cache of what the table owes: any scheduled message, and any session reminder
    // still ahead, without a timer gets one.
    await addMissingSchedules(oneOff, [
      ...(await scheduledMessageSchedules(urls.site)),
      ...(await sessionReminderSchedules(urls.site)),
    ]);

    const gateway = createWebSocketGateway({ invoke: invokeHandler, onError: logError });
    await listen(gateway.server, ports.ws);
    stoppers.push({ name: 'WebSocket API', stop: () => gateway.close() });

    const site = createSiteServer({
      webDist: hasBuild ? siteDir : webDist,
      // The router's code is made from the build's pages, as the cloud deploys it; later pages come from the store.
      routerBuild: hasBuild && webDist ? webDist : undefined,
      routeStore: routeStoreFile,
      config,
      csp: contentSecurityPolicy({ ws: urls.ws, cognito: urls.cognito, media: urls.s3 }),
      media: { s3Url: urls.s3, bucket: MEDIA_BUCKET },
      originSecret: env[ORIGIN_SECRET_ENV],
      trustViewerIpHeader: opts.trustViewerIpHeader,
      api: {
        invoke: invokeHandler,
        verifyToken: (t) => verifyIdToken(t) as Promise<Record<string, unknown>>,
        onError: logError,
      },
      log: quiet ? undefined : (line) => console.log(`[api] ${line}`),
      control: async (req, body) => {
        const path = (req.url ?? '').split('?')[0];
        if (path === '/__local/health' && req.method === 'GET') return { status: 200, body: { ok: true } };
        if (path === '/__local/bus/idle' && req.method === 'GET') {
          await idle();
          return { status: 200, body: { pending: bus.pending } };
        }
        if (path === '/__local/cdn-invalidations' && req.method === 'GET')
          return { status: 200, body: { items: invalidations } };
        if (path === '/__local/schedules' && req.method === 'GET')
          return { status: 200, body: { items: oneOff.list() } };
        // The integration tests' workers schedule through these (test/support/setup-env.ts), e.g. the
        // session reminders of sessions a test writes with the domain functions directly.
        if (path === '/__local/schedules' && req.method === 'POST') {
          const s = JSON.parse(body.toString('utf8') || '{}') as Partial<OneOffSchedule>;
          if (!s.name || !s.at || !s.event || !(s.event in events) || Number.isNaN(Date.parse(s.at)))
            return { status: 400, body: { message: 'name, at and a known event are required' } };
          await oneOff.schedule(s as OneOffSchedule);
          return { status: 200, body: {} };
        }
        if (path === '/__local/schedules' && req.method === 'DELETE') {
          const { name } = JSON.parse(body.toString('utf8') || '{}') as { name?: string };
          if (!name) return { status: 400, body: { message: 'name is required' } };
          await oneOff.cancel(name);
          return { status: 200, body: {} };
        }
        if (path === '/__local/events' && req.method === 'POST') {
          const { name, detail } = JSON.parse(body.toString('utf8') || '{}') as { name?: string; detail?: unknown };
          if (!name) return { status: 400, body: { message: 'name is required' } };
          await bus.publish(name as EventName, detail);
          return { status: 202, body: {} };
        }
        return undefined;
      },
    });
    await listen(site, ports.site);
    stoppers.push({
      name: 'web server',
      stop: () =>
        new Promise<void>((r) => {
          site.close(() => r());
          site.closeAllConnections();
        }),
    });

    if (opts.schedules !== false) {
      const scheduler = createScheduler({ invoke: invokeHandler, onError: logError });
      scheduler.start();
      stoppers.push({ name: 'scheduler', stop: () => scheduler.stop() });
    }

    timing('servers listening');
    info(`Local runtime up at ${urls.site} (data in ${dataDir})`);

    let stopping: Promise<void> | undefined;
    return {
      urls,
      env,
      userPool: { id: pool.id, clientId: pool.clientId },
      admin,
      bus: { idle },
      createUser: (u) => createLocalUser(cognitoIds, u),
      signIn: (email, password) => signInLocal(cognitoIds, email, password),
      stop: () => {
        stopping ??= stopAll();
        return stopping;
      },
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
