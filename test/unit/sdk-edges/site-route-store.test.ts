import {
  CloudFrontKeyValueStoreClient,
  DescribeKeyValueStoreCommand,
  UpdateKeysCommand,
} from '@aws-sdk/client-cloudfront-keyvaluestore';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { keyValueRouteStore, ROUTE_UPDATE_BATCH } from '../../../shared/adapters/site-bucket.js';
import type { PageState } from '../../../shared/adapters/site-router-code.js';

/** The cloud edge of the router store (shared/adapters/site-bucket.ts): the render's writes to the KeyValueStore. */
const kvs = mockClient(CloudFrontKeyValueStoreClient);
const ARN = 'arn:aws:cloudfront::123456789012:key-value-store/0123-abcd';

beforeEach(() => {
  kvs.reset();
  kvs.on(DescribeKeyValueStoreCommand).resolves({ ETag: 'E1', KvsARN: ARN, ItemCount: 0, TotalSizeInBytes: 0 });
  kvs.on(UpdateKeysCommand).resolves({ ETag: 'E2', ItemCount: 1, TotalSizeInBytes: 10 });
});

describe('keyValueRouteStore', () => {
  it('puts each page state on the version just read', async () => {
    await keyValueRouteStore(ARN).update(
      new Map<string, PageState>([
        ['/tips/a', 'page'],
        ['/tips/b', 'gone'],
      ]),
    );
    expect(kvs.commandCalls(DescribeKeyValueStoreCommand)[0].args[0].input).toEqual({ KvsARN: ARN });
    const [update] = kvs.commandCalls(UpdateKeysCommand);
    expect(update.args[0].input).toEqual({
      KvsARN: ARN,
      IfMatch: 'E1',
      Puts: [
        { Key: '/tips/a', Value: 'page' },
        { Key: '/tips/b', Value: 'gone' },
      ],
    });
  });

  it(`writes at most ${ROUTE_UPDATE_BATCH} keys per call`, async () => {
    const many = new Map<string, PageState>(Array.from({ length: 120 }, (_, i) => [`/tips/t${i}`, 'page'] as const));
    await keyValueRouteStore(ARN).update(many);
    const sizes = kvs.commandCalls(UpdateKeysCommand).map((c) => c.args[0].input.Puts?.length);
    expect(sizes).toEqual([50, 50, 20]);
  });

  it('fails when the store changed since it was read (the render is retried)', async () => {
    kvs.on(UpdateKeysCommand).rejects(Object.assign(new Error('Conflict'), { name: 'ConflictException' }));
    await expect(keyValueRouteStore(ARN).update(new Map([['/tips/a', 'page' as PageState]]))).rejects.toThrow(
      'Conflict',
    );
  });
});
