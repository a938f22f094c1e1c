import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  type BehaviorOptions,
  CacheCookieBehavior,
  CachedMethods,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Function as CfFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  KeyValueStore,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { type IRole, Policy, PolicyStatement, Role } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct, IConstruct } from 'constructs';
import { SIGN_IN_AUTH_FLOW } from '../../shared/auth-policy.js';
import type { RuntimeConfig } from '../../shared/contracts/runtime-config.js';
import { MEDIA_CACHE_CONTROL } from '../../shared/media-cache.js';
import { type RouteDef, routes } from '../../shared/routes.js';
import { originSecretValue } from './api-stack.js';
import { siteTargetParameterName } from './capabilities.js';
import type { CloudConfig } from './config.js';
import { contentSecurityPolicy, MEDIA_CONTENT_SECURITY_POLICY } from './csp.js';
import { acknowledge, acknowledgeWildcardResources, acknowledgeWildcardResourcesMatching } from './nag.js';
import { WEB_DIST } from './paths.js';
import { acknowledgeAwsCustomResourceHandler, SiteRender } from './site-render.js';
import {
  apiViewerCode,
  articleSections,
  ORIGIN_VERIFY_HEADER,
  prerenderedPages,
  siteRouterCode,
  siteRoutes,
} from './site-router.js';

/** CDK context flag: synthesize without a web build (templates only; nothing of the site is deployed). */
export const ALLOW_MISSING_WEB_BUILD = 'allowMissingWebBuild';

/**
 * CDK context flag: an AWS WAF web ACL on the distribution with one rate-based rule per client IP
 * (`true` = 1,000 requests per 5 minutes, or a number of requests per 5 minutes). Off by default: it
 * costs about $6 a month plus $0.60 per million requests (README, ADR 0018).
 */
export const WAF_RATE_LIMIT = 'wafRateLimit';
export const DEFAULT_WAF_RATE_LIMIT = 1000;

/** The per-IP limit of the WAF rule (requests per 5 minutes), or undefined when the flag is off. */
export function wafRateLimit(value: unknown, region: string): number | undefined {
  if (value === undefined || value === null || value === false || value === 'false' || value === '') return undefined;
  const limit = value === true || value === 'true' ? DEFAULT_WAF_RATE_LIMIT : Number(value);
  if (!Number.isInteger(limit) || limit < 10 || limit > 2_000_000_000) {
    throw new Error(
      `${WAF_RATE_LIMIT}: "${String(value)}" must be true or a whole number of requests per 5 minutes (10 or more)`,
    );
  }
  if (region !== 'us-east-1') {
    throw new Error(
      `${WAF_RATE_LIMIT}: a web ACL for CloudFront must be created in us-east-1, but the stacks deploy to ${region}`,
    );
  }
  return limit;
}

/**
 * Public API GETs CloudFront caches (by the handler's Cache-Control: a short TTL and stale-while-revalidate),
 * keyed on the path only. Changes made through the product invalidate them (routes' `invalidates`).
 */
export const EDGE_CACHED_PATHS = [
  '/api/public/content/*',
  '/api/public/business',
  '/api/public/classes/seats',
] as const;

const pathMatches = (pattern: string, path: string) =>
  pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;

/** Every cached path is a public GET without a per-IP limit; every invalidated path is cached. */
export function checkEdgeCaching(table: readonly RouteDef[] = routes as readonly RouteDef[]) {
  for (const pattern of EDGE_CACHED_PATHS) {
    const matched = table.filter((r) => pathMatches(pattern, r.path));
    if (!matched.length) throw new Error(`Cached path ${pattern} matches no route`);
    for (const r of matched) {
      if (r.method !== 'GET' || r.access !== 'public' || r.ipLimit) {
        throw new Error(
          `Cached path ${pattern} covers ${r.method} ${r.path}, which is not a public GET without ipLimit`,
        );
      }
    }
  }
  for (const r of table) {
    for (const p of r.invalidates ?? []) {
      if (!EDGE_CACHED_PATHS.some((pattern) => pathMatches(pattern, p)))
        throw new Error(`${r.method} ${r.path} invalidates ${p}, which CloudFront does not cache`);
    }
  }
}

/** The id of the singleton function aws-cdk-lib creates for AwsCustomResource in a stack. */
const AWS_CUSTOM_RESOURCE_HANDLER_ID = 'AWS679f53fac002430cb0da5b7982bd2287';

export const missingWebBuildMessage = (webDist: string) =>
  `No web build in ${webDist} (index.html is missing), so a deploy would publish a site with only config.json. ` +
  'Run `npm run build:web` first (`npm run deploy` does), or pass `-c allowMissingWebBuild=true` to synthesize ' +
  'templates without the site.';

export interface WebStackProps extends StackProps {
  config: CloudConfig;
  httpApi: HttpApi;
  wsStage: WebSocketStage;
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  mediaBucket: IBucket;
  /** Roles of the functions that invalidate cached paths (those whose needs declare `cdn`, shared/routes.ts). */
  cdnInvalidators?: IRole[];
  /** Roles of the functions that render the public pages into the site bucket (needs `site`). */
  siteRenderers?: IRole[];
  /** Those functions (one renders every page again after a deploy). */
  siteRenderFunctions?: IFunction[];
  /** Build folder to deploy (default web/dist); deployed only when it exists at synth time. */
  webDist?: string;
}

/**
 * The public site and the portal on one CloudFront origin: the prerendered site and the SPA shell from a
 * private bucket (OAC), `/api/*` to the HTTP API, `/media/*` to the media bucket (OAC), strict security
 * headers everywhere, and `/config.json` written at deploy time from the other stacks' outputs.
 */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly siteBucket: Bucket;
  readonly siteUrl: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    const webDist = props.webDist ?? WEB_DIST;
    const hasWebBuild = existsSync(join(webDist, 'index.html'));
    if (!hasWebBuild && !this.node.tryGetContext(ALLOW_MISSING_WEB_BUILD)) {
      throw new Error(missingWebBuildMessage(webDist));
    }

    const logs = new Bucket(this, 'Logs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are delivered with an ACL.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      logs,
      'AwsSolutions-S1',
      'This bucket receives the CloudFront and site bucket access logs; logging it into itself would loop.',
    );

    this.siteBucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const wsOrigin = `wss://${props.wsStage.api.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    // Presigned upload/download URLs point at the bucket itself; the SDK may use either S3 host name form.
    const bucket = props.mediaBucket.bucketName;
    const mediaOrigins = `https://${bucket}.s3.${this.region}.${this.urlSuffix} https://${bucket}.s3.${this.urlSuffix}`;
    const securityHeadersBehavior = {
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy({
          cognito: `https://cognito-idp.${this.region}.amazonaws.com`,
          ws: wsOrigin,
          media: mediaOrigins,
        }),
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.days(365),
        includeSubdomains: true,
        override: true,
      },
      contentTypeOptions: { override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
    };
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'CSP, HSTS and friends for the site, the portal and the API',
      securityHeadersBehavior,
    });

    // Media keys never change (every upload gets a new one): the same headers, and a year of caching for
    // objects stored without their own Cache-Control (uploads set it; the object's own header wins).
    const mediaHeaders = new ResponseHeadersPolicy(this, 'MediaHeaders', {
      comment: 'The security headers with the media CSP, and long-lived caching of media objects',
      securityHeadersBehavior: {
        ...securityHeadersBehavior,
        contentSecurityPolicy: { contentSecurityPolicy: MEDIA_CONTENT_SECURITY_POLICY, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Cache-Control', value: MEDIA_CACHE_CONTROL, override: false }],
      },
    });

    // What the render on publish published or took down since the build (ADR 0044): the router reads it,
    // and a deploy, which replaces the router's code, leaves it as it is.
    const routeStore = new KeyValueStore(this, 'SiteRouteStore', {
      comment: 'Article pages the render published or took down after the build (the site router reads it)',
    });
    const router = new CfFunction(this, 'SiteRouter', {
      comment: 'Pretty URLs to prerendered pages, unknown articles to their section 404, others to /404.html',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(siteRouterCode(prerenderedPages(webDist), siteRoutes(webDist))),
      keyValueStore: routeStore,
    });

    const apiViewer = new CfFunction(this, 'ApiViewer', {
      comment: 'Passes the visitor IP to the API (API Gateway only sees the CloudFront edge)',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(apiViewerCode()),
    });

    // The media bucket belongs to the data stack, which deploys first: import it so CloudFront does not try
    // to rewrite its bucket policy from here (that policy already lets this account's distributions read media/*).
    const media = Bucket.fromBucketAttributes(this, 'MediaBucket', {
      bucketArn: props.mediaBucket.bucketArn,
      bucketRegionalDomainName: props.mediaBucket.bucketRegionalDomainName,
    });
    const mediaOriginConfig = S3BucketOrigin.withOriginAccessControl(media);

    const apiDomain = `${props.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;
    const certificate = config.certificateArn
      ? Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn)
      : undefined;
    const domainNames = certificate && config.domain ? [config.domain, `www.${config.domain}`] : undefined;

    const rateLimit = wafRateLimit(this.node.tryGetContext(WAF_RATE_LIMIT), config.region);
    const webAcl =
      rateLimit === undefined
        ? undefined
        : new CfnWebACL(this, 'RateLimit', {
            scope: 'CLOUDFRONT',
            defaultAction: { allow: {} },
            visibilityConfig: { cloudWatchMetricsEnabled: true, metricName: 'site', sampledRequestsEnabled: true },
            rules: [
              {
                name: 'per-ip-rate',
                priority: 0,
                action: { block: {} },
                statement: {
                  rateBasedStatement: { limit: rateLimit, evaluationWindowSec: 300, aggregateKeyType: 'IP' },
                },
                visibilityConfig: {
                  cloudWatchMetricsEnabled: true,
                  metricName: 'per-ip-rate',
                  sampledRequestsEnabled: true,
                },
              },
            ],
          });

    checkEdgeCaching();
    const apiOrigin = new HttpOrigin(apiDomain, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      // The handlers refuse requests without it: the execute-api endpoint is useless without CloudFront.
      customHeaders: { [ORIGIN_VERIFY_HEADER]: originSecretValue(config.stackPrefix) },
    });
    const publicContentCache = new CachePolicy(this, 'PublicContentCache', {
      comment: 'Public content GETs: TTL from the origin Cache-Control; keyed on the path only',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(60),
      maxTtl: Duration.minutes(10),
      headerBehavior: CacheHeaderBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      queryStringBehavior: CacheQueryStringBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // No origin request policy: only the cache key (nothing of the viewer's) goes to the API, no
    // Authorization or cookies, and Host is the API's own.
    const publicContent: BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachedMethods: CachedMethods.CACHE_GET_HEAD,
      cachePolicy: publicContentCache,
      responseHeadersPolicy: securityHeaders,
      compress: true,
    };

    this.distribution = new Distribution(this, 'Cdn', {
      webAclId: webAcl?.attrArn,
      comment: 'Public site, client/admin portal, /api and /media',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [
          { function: router, eventType: FunctionEventType.VIEWER_REQUEST },
          { function: router, eventType: FunctionEventType.VIEWER_RESPONSE },
        ],
        compress: true,
      },
      additionalBehaviors: {
        // Listed before /api/*: CloudFront uses the first matching pattern.
        ...Object.fromEntries(EDGE_CACHED_PATHS.map((p) => [p, publicContent])),
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [{ function: apiViewer, eventType: FunctionEventType.VIEWER_REQUEST }],
          compress: true,
        },
        '/media/*': {
          origin: mediaOriginConfig,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: mediaHeaders,
          compress: true,
        },
      },
      certificate,
      domainNames,
      minimumProtocolVersion: certificate ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
    });
    // The functions that invalidate (events/invalidate-cdn in the jobs stack, deployed first; the /api/* viewer
    // function passes this distribution's id to the HTTP handler that raises the event) get exactly this
    // grant, attached from here so references only point backwards.
    const invalidators = (props.cdnInvalidators ?? []).map((role, i) =>
      Role.fromRoleArn(this, `CdnInvalidator${i + 1}`, role.roleArn, { mutable: true }),
    );
    if (invalidators.length) {
      new Policy(this, 'CdnInvalidation', {
        roles: invalidators,
        statements: [
          new PolicyStatement({
            actions: ['cloudfront:CreateInvalidation'],
            resources: [this.distribution.distributionArn],
          }),
        ],
      });
    }

    new StringParameter(this, 'SiteTarget', {
      parameterName: siteTargetParameterName(config),
      description: 'The site bucket and distribution the render on publish writes to and invalidates',
      stringValue: this.toJsonString({
        bucket: this.siteBucket.bucketName,
        distributionId: this.distribution.distributionId,
        routeStoreArn: routeStore.keyValueStoreArn,
      }),
    });

    this.siteUrl = domainNames ? `https://${domainNames[0]}` : `https://${this.distribution.distributionDomainName}`;

    acknowledge(
      this.distribution,
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      'The media bucket policy (data stack) already grants this account’s CloudFront distributions s3:GetObject on media/*.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'The business serves a local audience but the public site and portal must stay reachable while clients travel; no geo restriction.',
    );
    if (!webAcl) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR2',
        `No AWS WAF web ACL by default (about $6 a month): API Gateway stage/route throttling and the per-IP limits in the handlers (over an IP only CloudFront can set) protect the API; -c ${WAF_RATE_LIMIT}=true adds a per-IP rate-based rule.`,
      );
    }
    if (!certificate) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain the distribution uses the default *.cloudfront.net certificate, whose minimum TLS version CloudFront fixes; pass domain + certificateArn to enforce TLSv1.2_2021.',
      );
    }

    // Site files: hashed assets are immutable; pages and other files are revalidated on every use.
    const deployments: BucketDeployment[] = [];
    if (hasWebBuild) {
      if (existsSync(join(webDist, 'assets'))) {
        deployments.push(
          new BucketDeployment(this, 'DeployAssets', {
            sources: [Source.asset(join(webDist, 'assets'))],
            destinationBucket: this.siteBucket,
            destinationKeyPrefix: 'assets/',
            cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
            prune: false,
            memoryLimit: 512,
          }),
        );
      }
      // Article pages (`tips/<id>/index.html`) are left out of the pruning sync: the render publishes such
      // pages after the deploy, and a deploy must not delete them. The build's own are copied without pruning.
      const articlePages = articleSections(siteRoutes(webDist).public).map((s) => `${s}/*/*`);
      const pages = Source.asset(webDist, { exclude: ['assets', 'assets/**', 'config.json'] });
      const pageCache = [CacheControl.fromString('public, max-age=0, must-revalidate')];
      deployments.push(
        new BucketDeployment(this, 'DeployPages', {
          sources: [pages],
          destinationBucket: this.siteBucket,
          exclude: ['assets/*', 'config.json', ...articlePages],
          cacheControl: pageCache,
          prune: true,
          memoryLimit: 512,
          distribution: this.distribution,
          distributionPaths: ['/*'],
        }),
      );
      if (articlePages.length > 0) {
        deployments.push(
          new BucketDeployment(this, 'DeployArticlePages', {
            sources: [pages],
            destinationBucket: this.siteBucket,
            exclude: ['*'],
            include: articlePages,
            cacheControl: pageCache,
            prune: false,
            memoryLimit: 512,
          }),
        );
      }
    }

    const runtimeConfig: RuntimeConfig = {
      region: this.region,
      userPoolId: props.userPool.userPoolId,
      userPoolClientId: props.userPoolClient.userPoolClientId,
      authFlowType: SIGN_IN_AUTH_FLOW,
      apiUrl: '/api',
      wsUrl: props.wsStage.url,
      mediaUrl: '/media',
      businessEmail: config.businessEmail,
      siteUrl: this.siteUrl,
    };
    const configDeployment = new BucketDeployment(this, 'DeployConfig', {
      sources: [Source.jsonData('config.json', runtimeConfig)],
      destinationBucket: this.siteBucket,
      prune: false,
      cacheControl: [CacheControl.fromString('no-cache')],
      memoryLimit: 512,
      distribution: this.distribution,
      distributionPaths: ['/config.json'],
    });
    // The pages deployment prunes everything it does not exclude: let it go first.
    for (const d of deployments) configDeployment.node.addDependency(d);

    // The render on publish (events/render-public-pages, jobs stack): its rights here, and one render of
    // every page after a deploy replaced them.
    new SiteRender(this, 'SiteRender', {
      siteBucket: this.siteBucket,
      routeStore,
      renderers: props.siteRenderers ?? [],
      renderFunctions: props.siteRenderFunctions ?? [],
      pagesDeployments: deployments.filter((d) => d.node.id !== 'DeployAssets'),
      webDist,
    });

    for (const child of this.node.children) {
      if (child.node.id.startsWith('Custom::CDKBucketDeployment'))
        acknowledgeBucketDeploymentHandler(child, this.siteBucket);
      if (child.node.id === AWS_CUSTOM_RESOURCE_HANDLER_ID) acknowledgeAwsCustomResourceHandler(child);
    }

    new CfnOutput(this, 'SiteUrl', { value: this.siteUrl });
    new CfnOutput(this, 'DistributionDomainName', { value: this.distribution.distributionDomainName });
    new CfnOutput(this, 'SiteBucketName', { value: this.siteBucket.bucketName });
  }
}

/** The Lambda function aws-cdk-lib creates (once per stack) to run BucketDeployments. */
function acknowledgeBucketDeploymentHandler(handler: IConstruct, siteBucket: IBucket) {
  const why = 'CDK-managed BucketDeployment handler (aws-cdk-lib/aws-s3-deployment), not code of this app';
  acknowledge(handler, 'AwsSolutions-L1', `${why}: aws-cdk-lib pins its runtime.`);
  acknowledge(
    handler,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    `${why}: its role is created by aws-cdk-lib with the basic execution policy (CloudWatch Logs only).`,
  );
  for (const action of ['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*']) {
    acknowledge(
      handler,
      `AwsSolutions-IAM5[Action::${action}]`,
      `${why}: the grant it makes to copy the build from the CDK assets bucket and sync (prune) the site bucket.`,
    );
  }
  acknowledge(
    handler,
    'AwsSolutions-IAM5[Resource::*]',
    `${why}: cloudfront:CreateInvalidation/GetInvalidation after an upload, which aws-cdk-lib grants on *.`,
  );
  acknowledgeWildcardResources(
    handler,
    [siteBucket.arnForObjects('*')],
    `${why}: it writes and prunes the site files.`,
  );
  acknowledgeWildcardResourcesMatching(
    handler,
    /^arn:[^:]+:s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*$/,
    `${why}: it reads the uploaded site build from the CDK bootstrap assets bucket.`,
  );
}
