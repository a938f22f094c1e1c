/**
 * The stateful resources of the cloud app, pinned: their logical IDs and the properties whose change makes
 * CloudFormation replace them (a new, empty table, user pool or bucket; a new secret value). The values are
 * written out here on purpose, not read from the source: a change in the source that reaches one of them
 * fails test/infra/stateful.test.ts with "this deploy would replace <what>" until it is made deliberately
 * (a migration, then a new pin). ADR 0041.
 */

export type Template = { Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }> };

export interface Pin {
  /** How the failure names it: "the table". */
  what: string;
  stack: string;
  logicalId: string;
  type: string;
  /** Replacement-causing properties and their values (undefined: the property must stay absent). */
  keep: Record<string, unknown>;
}

/** Properties whose change replaces the resource (CloudFormation resource reference, "Update requires: Replacement"). */
export const REPLACING_PROPERTIES: Record<string, readonly string[]> = {
  'AWS::DynamoDB::Table': ['TableName', 'KeySchema', 'LocalSecondaryIndexes'],
  // Cognito cannot change a pool's sign-in attributes or its standard attributes after creation.
  'AWS::Cognito::UserPool': [
    'UserPoolName',
    'UsernameAttributes',
    'AliasAttributes',
    'UsernameConfiguration',
    'Schema',
  ],
  'AWS::S3::Bucket': ['BucketName', 'ObjectLockEnabled'],
  'AWS::SecretsManager::Secret': ['Name'],
};

const keys = (pk: string, sk: string) => [
  { AttributeName: pk, KeyType: 'HASH' },
  { AttributeName: sk, KeyType: 'RANGE' },
];

/** A table's indexes as name -> key schema (a renamed or re-keyed index is deleted and rebuilt). */
export const indexesOf = (props: Record<string, unknown> | undefined) =>
  Object.fromEntries(
    ((props?.GlobalSecondaryIndexes ?? []) as { IndexName: string; KeySchema: unknown }[]).map((g) => [
      g.IndexName,
      g.KeySchema,
    ]),
  );

const bucket = (what: string, stack: string, logicalId: string): Pin => ({
  what,
  stack,
  logicalId,
  type: 'AWS::S3::Bucket',
  keep: { BucketName: undefined, ObjectLockEnabled: undefined },
});

export const PINS: readonly Pin[] = [
  {
    what: 'the table',
    stack: 'Pawsitive-Data',
    logicalId: 'TableCD117FA1',
    type: 'AWS::DynamoDB::Table',
    keep: {
      TableName: undefined,
      KeySchema: keys('pk', 'sk'),
      LocalSecondaryIndexes: undefined,
      GlobalSecondaryIndexes: {
        gsi1: keys('gsi1pk', 'gsi1sk'),
        gsi2: keys('gsi2pk', 'gsi2sk'),
        gsi3: keys('gsi3pk', 'gsi3sk'),
      },
    },
  },
  {
    what: 'the user pool',
    stack: 'Pawsitive-Auth',
    logicalId: 'Users0A0EEA89',
    type: 'AWS::Cognito::UserPool',
    keep: {
      UserPoolName: undefined,
      UsernameAttributes: ['email'],
      AliasAttributes: undefined,
      UsernameConfiguration: { CaseSensitive: false },
      Schema: [{ Mutable: true, Name: 'email', Required: true }],
    },
  },
  bucket('the media bucket', 'Pawsitive-Data', 'MediaA721A567'),
  bucket("the media bucket's access-log bucket", 'Pawsitive-Data', 'AccessLogs8B620ECA'),
  bucket('the site bucket', 'Pawsitive-Web', 'SiteE53D7754'),
  bucket("the site's log bucket", 'Pawsitive-Web', 'Logs6819BB44'),
  {
    what: 'the origin secret',
    stack: 'Pawsitive-Api',
    logicalId: 'OriginVerifyED6A82E8',
    type: 'AWS::SecretsManager::Secret',
    keep: { Name: 'Pawsitive/origin-verify' },
  },
  {
    what: 'the cursor key',
    stack: 'Pawsitive-Api',
    logicalId: 'CursorKey255E8F8A',
    type: 'AWS::SecretsManager::Secret',
    keep: { Name: 'Pawsitive/cursor-key' },
  },
  {
    what: "the push key seed (every device's subscription is bound to it)",
    stack: 'Pawsitive-Data',
    logicalId: 'PushKeySeed6E814C22',
    type: 'AWS::SecretsManager::Secret',
    keep: { Name: 'Pawsitive/push-key-seed' },
  },
];

const show = (v: unknown) => (v === undefined ? '(absent)' : JSON.stringify(v));

/** What a deploy of `templates` (by stack name) would replace among the pinned resources: one message each. */
export function replacements(templates: Record<string, Template>, pins: readonly Pin[] = PINS): string[] {
  const out: string[] = [];
  for (const pin of pins) {
    const resource = templates[pin.stack]?.Resources[pin.logicalId];
    if (!resource || resource.Type !== pin.type) {
      out.push(
        `this deploy would replace ${pin.what}: ${pin.stack} has no ${pin.type} with logical ID ${pin.logicalId} any more (a new one would be created, the old one left or deleted)`,
      );
      continue;
    }
    for (const [prop, pinned] of Object.entries(pin.keep)) {
      const now = prop === 'GlobalSecondaryIndexes' ? indexesOf(resource.Properties) : resource.Properties?.[prop];
      if (JSON.stringify(now) !== JSON.stringify(pinned)) {
        const consequence =
          prop === 'GlobalSecondaryIndexes'
            ? `replace ${pin.what}'s indexes (deleted and rebuilt)`
            : `replace ${pin.what}`;
        out.push(
          `this deploy would ${consequence}: ${pin.stack}/${pin.logicalId} ${prop} ${show(pinned)} -> ${show(now)}`,
        );
      }
    }
  }
  return out;
}
