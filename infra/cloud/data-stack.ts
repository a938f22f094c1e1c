import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { GSIS, STREAM_VIEW_TYPE, TABLE_KEYS, TTL_ATTRIBUTE } from '../../shared/db/table.js';
import type { CloudConfig } from './config.js';
import { acknowledge } from './nag.js';

/** Key prefix of media served publicly by CloudFront at `/media/*` (the object key is the URL path). */
export const PUBLIC_MEDIA_PREFIX = 'media/';

export interface DataStackProps extends StackProps {
  config: CloudConfig;
}

/**
 * The secret web push's VAPID key pair is derived from (shared/adapters/web-push.ts, ADR 0061): read by
 * name (a dynamic reference) into the environment of the functions that declare `webPush`.
 */
export const pushKeySeedName = (config: CloudConfig) => `${config.stackPrefix}/push-key-seed`;

/** Stateful resources: the single table and the media bucket (both retained when the stack goes), the push key seed. */
export class DataStack extends Stack {
  readonly table: Table;
  readonly mediaBucket: Bucket;
  readonly pushKeySeed: Secret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE_KEYS.pk, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sk, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      // The outbox items are published from the stream (infra/cloud/outbox.ts).
      stream: StreamViewType[STREAM_VIEW_TYPE],
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const g of GSIS) {
      this.table.addGlobalSecondaryIndex({
        indexName: g.name,
        partitionKey: { name: g.pk, type: AttributeType.STRING },
        sortKey: { name: g.sk, type: AttributeType.STRING },
      });
    }

    const accessLogs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledge(
      accessLogs,
      'AwsSolutions-S1',
      'This bucket receives the media bucket server access logs; logging it into itself would loop.',
    );

    const siteOrigins = ['https://*.cloudfront.net'];
    if (props.config.domain) siteOrigins.push(`https://${props.config.domain}`, `https://www.${props.config.domain}`);
    this.mediaBucket = new Bucket(this, 'Media', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'media/',
      // Browsers upload with presigned URLs straight to S3 from the site's origin.
      cors: [
        {
          allowedMethods: [HttpMethods.GET, HttpMethods.HEAD, HttpMethods.PUT, HttpMethods.POST],
          allowedOrigins: siteOrigins,
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [{ abortIncompleteMultipartUploadAfter: Duration.days(1) }],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // CloudFront (OAC) may read the public media prefix only. The distribution lives in the web stack,
    // which deploys later, so the condition names this account's distributions rather than one id
    // (the same compromise aws-cloudfront-origins makes for KMS keys; see docs/decisions/0003).
    this.mediaBucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudFrontReadsPublicMedia',
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.mediaBucket.arnForObjects(`${PUBLIC_MEDIA_PREFIX}*`)],
        conditions: {
          StringEquals: { 'AWS:SourceAccount': this.account },
          ArnLike: { 'AWS:SourceArn': `arn:${this.partition}:cloudfront::${this.account}:distribution/*` },
        },
      }),
    );

    this.pushKeySeed = new Secret(this, 'PushKeySeed', {
      secretName: pushKeySeedName(props.config),
      description: "Seed of web push's VAPID key pair (devices' push notices)",
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    acknowledge(
      this.pushKeySeed,
      'AwsSolutions-SMG4',
      "Browsers' push subscriptions are bound to the key pair: rotating the seed would silently end every device's notices until it subscribes again.",
    );

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'MediaBucketName', { value: this.mediaBucket.bucketName });
  }
}
