import { type App, Tags } from 'aws-cdk-lib';
import { OpsStack } from './alarms.js';
import { ApiStack } from './api-stack.js';
import { AuthStack } from './auth-stack.js';
import type { BackendResources } from './capabilities.js';
import type { CloudConfig } from './config.js';
import { DataStack } from './data-stack.js';
import { dropRedundantRoleDependencies } from './dependencies.js';
import { EmailStack } from './email-stack.js';
import { FunctionRegistry } from './handlers.js';
import { JobsStack } from './jobs-stack.js';
import { RealtimeStack } from './realtime-stack.js';
import { WebStack } from './web-stack.js';

export interface CloudStacks {
  ops: OpsStack;
  data: DataStack;
  auth: AuthStack;
  email: EmailStack;
  realtime: RealtimeStack;
  jobs: JobsStack;
  api: ApiStack;
  web: WebStack;
  registry: FunctionRegistry;
}

export interface CloudAppOptions {
  /** Web build folder (default web/dist). */
  webDist?: string;
}

/**
 * All stacks, in deployment order. Functions live in the first stack that needs them
 * (realtime -> jobs -> api), so references only ever point to stacks deployed earlier:
 *
 *   ops, data, auth, email  ->  realtime  ->  jobs  ->  api  ->  web
 */
export function createCloudApp(app: App, config: CloudConfig, options: CloudAppOptions = {}): CloudStacks {
  const env = { account: config.account, region: config.region };
  const name = (s: string) => `${config.stackPrefix}-${s}`;
  Tags.of(app).add('app', 'pawsitive-portal');

  const data = new DataStack(app, name('Data'), { env, config, description: 'Single table and media bucket' });
  const auth = new AuthStack(app, name('Auth'), { env, description: 'Cognito user pool (invitation only)' });
  const email = new EmailStack(app, name('Email'), { env, config, description: 'SES identities' });

  const ops = new OpsStack(app, name('Ops'), { env, config, description: 'Alarm topic and SES alarms' });

  const registry = new FunctionRegistry();
  const base: Omit<BackendResources, 'bus' | 'scheduler' | 'wsStage'> = {
    config,
    table: data.table,
    mediaBucket: data.mediaBucket,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    alarmTopic: ops.alarmTopic,
  };

  const realtime = new RealtimeStack(app, name('Realtime'), {
    env,
    registry,
    resources: base,
    description: 'WebSocket API for realtime notifications',
  });
  const jobs = new JobsStack(app, name('Jobs'), {
    env,
    registry,
    resources: { ...base, wsStage: realtime.stage },
    description: 'Event bus, event and schedule handlers, scheduler group',
  });
  const api = new ApiStack(app, name('Api'), {
    env,
    registry,
    resources: {
      ...base,
      wsStage: realtime.stage,
      bus: jobs.bus,
      scheduler: { groupName: jobs.scheduleGroup.ref, role: jobs.schedulerRole },
    },
    description: 'HTTP API and its handlers',
  });
  // Functions send from the SES identities, referenced by name rather than by a stack output.
  for (const s of [jobs, api]) s.addStackDependency(email);

  const web = new WebStack(app, name('Web'), {
    env,
    config,
    httpApi: api.api,
    wsStage: realtime.stage,
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    mediaBucket: data.mediaBucket,
    // The functions that declare `cdn` (events/invalidate-cdn, jobs stack) invalidate this distribution.
    cdnInvalidators: registry.plans.filter((p) => p.needs.cdn).map((p) => registry.get(p.handler).role),
    // The functions that declare `site` (events/render-public-pages) write the site's pages.
    siteRenderers: registry.plans.filter((p) => p.needs.site).map((p) => registry.get(p.handler).role),
    siteRenderFunctions: registry.plans.filter((p) => p.needs.site).map((p) => registry.get(p.handler).fn),
    webDist: options.webDist,
    description: 'CloudFront site, portal shell and runtime config',
  });

  for (const s of [ops, data, auth, email, realtime, jobs, api, web]) dropRedundantRoleDependencies(s);
  return { ops, data, auth, email, realtime, jobs, api, web, registry };
}
