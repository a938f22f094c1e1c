import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { createCloudApp } from '../../infra/cloud/app.js';
import { readCloudConfig } from '../../infra/cloud/config.js';
import { addNagChecks } from '../../infra/cloud/nag.js';
import { cdkJsonContext } from '../../infra/cloud/paths.js';

/** A small stand-in for `npm run build:web` output: prerendered pages, the SPA shell, hashed assets. */
export function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Home</title>',
    'about/index.html': '<!doctype html><title>About</title>',
    'services/training/index.html': '<!doctype html><title>Training</title>',
    'tips/crate-training/index.html': '<!doctype html><title>Crate training</title>',
    'tips/404.html': '<!doctype html><title>Article Not Found</title>',
    'shell.html': '<!doctype html><div id="root"></div>',
    'assets/app-3f9a1c.js': 'console.log(1)',
    'robots.txt': 'User-agent: *',
    '404.html': '<!doctype html><title>Page not found</title>',
    'site-routes.json': JSON.stringify({
      public: ['/', '/about', '/services/training', '/tips/:id'],
      portal: ['/login', '/dashboard', '/dashboard/clients/:id', '/portal/*'],
    }),
  };
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

export interface SynthOptions {
  /** CDK context on top of cdk.json (e.g. businessEmail, domain). */
  context?: Record<string, unknown>;
  /** Web build folder; a folder that does not exist means "no build". */
  webDist: string;
  /** Register the cdk-nag plugin as bin/app.ts does. */
  nag?: boolean;
}

/**
 * Builds and synthesizes the cloud app the way bin/app.ts does, minus the slow parts: handler bundling is
 * skipped (`aws:cdk:bundling-stacks: []`) and so is CDK's built-in CloudFormation validation.
 * Synthesize once per test file and share the result.
 */
export function synthCloudApp(options: SynthOptions) {
  process.env.CDK_VALIDATION = 'false';
  const app = new App({
    context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], ...options.context },
  });
  const config = readCloudConfig((k) => app.node.tryGetContext(k), { AWS_REGION: 'us-east-1' });
  const stacks = createCloudApp(app, config, { webDist: options.webDist });
  if (options.nag) addNagChecks(app);
  const assembly = app.synth();
  return { app, config, stacks, assembly };
}
