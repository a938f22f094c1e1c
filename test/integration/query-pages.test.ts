import { randomUUID } from 'node:crypto';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamoCommandLog } from '../../shared/db/client.js';
import { countQuery, queryRawItems, store } from '../../shared/db/service.js';

describe('paged queries', () => {
  it('count and raw items follow every page of a query', async () => {
    const profileId = randomUUID();
    const names = ['Ace', 'Bo', 'Cy', 'Dot', 'Eve'];
    for (const name of names)
      await store()
        .entities.dog.create({ id: randomUUID(), profileId, name, breed: 'Mix', birthDate: '2022-01-01' } as never)
        .go();
    // Two items a page: five items take three pages.
    const params = {
      ...(store().entities.dog.query.byProfile({ profileId }).params() as QueryCommandInput),
      Limit: 2,
    };
    const queries = () => dynamoCommandLog.get('QueryCommand') ?? 0;

    const before = queries();
    expect(await countQuery(params)).toBe(5);
    expect(queries() - before).toBe(3);

    const after = queries();
    const items = await queryRawItems(params);
    expect(queries() - after).toBe(3);
    expect(items.map((i) => i.name).sort()).toEqual(names);
    expect(params).not.toHaveProperty('ExclusiveStartKey');
  });
});
