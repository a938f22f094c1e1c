/**
 * Physical layout of the single table. CDK (infra/cloud/data-stack.ts), the local runtime's table
 * creation and the ElectroDB entities all read these names, so they cannot disagree.
 *
 * Every index uses generic string keys; entities decide what goes in them (see docs/decisions/0002).
 */
export const TABLE_KEYS = { pk: 'pk', sk: 'sk' } as const;

export const GSIS = [
  { name: 'gsi1', pk: 'gsi1pk', sk: 'gsi1sk' },
  { name: 'gsi2', pk: 'gsi2pk', sk: 'gsi2sk' },
  { name: 'gsi3', pk: 'gsi3pk', sk: 'gsi3sk' },
] as const;

/** Attribute holding an epoch-seconds expiry (DynamoDB TTL). */
export const TTL_ATTRIBUTE = 'expiresAt';

/**
 * The table's stream carries each item's new image: the outbox items are published from it
 * (shared/routes.ts `streams`).
 */
export const STREAM_VIEW_TYPE = 'NEW_IMAGE' as const;

/** Parameters for CreateTable, shared by the local runtime and the tests. */
export function createTableInput(tableName: string) {
  const attrs = new Set<string>([TABLE_KEYS.pk, TABLE_KEYS.sk]);
  for (const g of GSIS) {
    attrs.add(g.pk);
    attrs.add(g.sk);
  }
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    StreamSpecification: { StreamEnabled: true, StreamViewType: STREAM_VIEW_TYPE },
    AttributeDefinitions: [...attrs].map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: TABLE_KEYS.pk, KeyType: 'HASH' as const },
      { AttributeName: TABLE_KEYS.sk, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: GSIS.map((g) => ({
      IndexName: g.name,
      KeySchema: [
        { AttributeName: g.pk, KeyType: 'HASH' as const },
        { AttributeName: g.sk, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
