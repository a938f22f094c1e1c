import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { IKeyValueStore } from 'aws-cdk-lib/aws-cloudfront';
import { type IRole, Policy, PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { BucketDeployment } from 'aws-cdk-lib/aws-s3-deployment';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { SITE_ROUTES_FILE } from '../../shared/adapters/site-router-code.js';
import { acknowledge, acknowledgeWildcardResources } from './nag.js';

/** Site keys the render on publish writes (web/src/app/render-site.ts): pages, sitemap, render kit and index. */
export const SITE_RENDER_KEYS = [
  'index.html',
  'about/*',
  'programs/*',
  'tips/*',
  'success-stories/*',
  'contact/*',
  'classes/*',
  'sitemap.xml',
  '_render/*',
] as const;
/** What it may delete: the pages of tips, stories and classes taken down (or over). */
export const SITE_RENDER_DELETABLE = ['tips/*', 'success-stories/*', 'classes/*'] as const;

/**
 * A digest of the build's site files (everything but `assets/` and `config.json`, which the pages
 * deployment leaves alone): it changes exactly when a deploy replaces pages, so the render after the
 * deploy runs then.
 */
export function siteFilesDigest(webDist: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = join(dir, entry.name);
      const rel = relative(webDist, full).split(sep).join('/');
      if (rel === 'assets' || rel === 'config.json') continue;
      if (entry.isDirectory()) walk(full);
      else hash.update(rel).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  if (existsSync(webDist)) walk(webDist);
  return hash.digest('hex').slice(0, 16);
}

export interface SiteRenderProps {
  siteBucket: IBucket;
  /** The site router's KeyValueStore: the render records the article pages it published or took down. */
  routeStore: IKeyValueStore;
  /** Roles of the functions that declare `site` (events/render-public-pages, jobs stack). */
  renderers: IRole[];
  /** Those functions: one of them renders every page again after a deploy. */
  renderFunctions: IFunction[];
  /** The deployments that put the build's pages in the bucket (none without a web build). */
  pagesDeployments: BucketDeployment[];
  webDist: string;
}

/**
 * What the render on publish may do, granted from the web stack (references point backwards to the jobs
 * stack): read and write the page keys, the render kit and the page index; delete only tip, story and class pages;
 * read the build's routes and record in the router's KeyValueStore the article pages it published or took
 * down (ADR 0044); never assets/, config.json or the SPA shell.
 *
 * After a deploy the bucket holds the build's pages, written with the built-in content (the pruning
 * leaves article pages alone: one published after the build stays): a custom resource then invokes the render function once
 * with `WebsiteContentChanged { section: 'all' }`, so the published content is back within a minute.
 */
export class SiteRender extends Construct {
  constructor(scope: Construct, id: string, props: SiteRenderProps) {
    super(scope, id);
    const renderers = props.renderers.map((role, i) =>
      Role.fromRoleArn(this, `Renderer${i + 1}`, role.roleArn, { mutable: true }),
    );
    if (renderers.length === 0) return;
    const keys = SITE_RENDER_KEYS.map((k) => props.siteBucket.arnForObjects(k));
    const deletable = SITE_RENDER_DELETABLE.map((k) => props.siteBucket.arnForObjects(k));
    const policy = new Policy(this, 'Policy', {
      roles: renderers,
      statements: [
        new PolicyStatement({ actions: ['s3:GetObject', 's3:PutObject'], resources: keys }),
        new PolicyStatement({ actions: ['s3:DeleteObject'], resources: deletable }),
        new PolicyStatement({
          actions: ['s3:GetObject'],
          resources: [props.siteBucket.arnForObjects(SITE_ROUTES_FILE)],
        }),
        new PolicyStatement({
          actions: ['cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:UpdateKeys'],
          resources: [props.routeStore.keyValueStoreArn],
        }),
      ],
    });
    acknowledgeWildcardResources(
      policy,
      [...new Set([...keys, ...deletable].filter((k) => k.includes('*')))],
      'The render on publish writes the pages under these public page prefixes only (a tip or story page is named by its record); never assets/, config.json or the SPA shell.',
    );

    const render = props.renderFunctions[0];
    if (!render || props.pagesDeployments.length === 0) return;
    const digest = siteFilesDigest(props.webDist);
    const invoke = {
      service: 'Lambda',
      action: 'invoke',
      parameters: {
        FunctionName: render.functionArn,
        InvocationType: 'Event',
        Payload: JSON.stringify({
          id: `deploy-${digest}`,
          'detail-type': 'WebsiteContentChanged',
          source: 'deploy',
          detail: { section: 'all' },
        }),
      },
      physicalResourceId: PhysicalResourceId.of(`render-after-deploy-${digest}`),
    };
    const afterDeploy = new AwsCustomResource(this, 'RenderAfterDeploy', {
      onCreate: invoke,
      onUpdate: invoke,
      policy: AwsCustomResourcePolicy.fromStatements([
        new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [render.functionArn] }),
      ]),
      installLatestAwsSdk: false,
    });
    for (const d of props.pagesDeployments) afterDeploy.node.addDependency(d);
  }
}

/** The Lambda function aws-cdk-lib creates (once per stack) for AwsCustomResource. */
export function acknowledgeAwsCustomResourceHandler(handler: Construct) {
  const why = 'CDK-managed AwsCustomResource handler (aws-cdk-lib/custom-resources), not code of this app';
  acknowledge(handler, 'AwsSolutions-L1', `${why}: aws-cdk-lib pins its runtime.`);
  acknowledge(
    handler,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    `${why}: its role is created by aws-cdk-lib with the basic execution policy (CloudWatch Logs only).`,
  );
}
