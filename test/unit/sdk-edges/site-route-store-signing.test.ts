import { Readable } from 'node:stream';
import { CloudFrontKeyValueStoreClient, DescribeKeyValueStoreCommand } from '@aws-sdk/client-cloudfront-keyvaluestore';
import { describe, expect, it } from 'vitest';
// What the site store's adapter loads beside the KeyValueStore client (shared/adapters/site-bucket.ts).
import '../../../shared/adapters/site-bucket.js';

/**
 * The KeyValueStore API accepts only SigV4a (ECDSA) signatures. The render's client must sign with them
 * through the pure-JS signer the adapter loads (no native CRT on Lambda): the request the client hands to
 * its HTTP handler carries an AWS4-ECDSA-P256-SHA256 signature for every region, to the store's
 * account endpoint.
 */
describe('the site route store client signs with SigV4a', () => {
  it('sends an AWS4-ECDSA-P256-SHA256 authorization for the store', async () => {
    let seen: { hostname: string; headers: Record<string, string> } | undefined;
    const client = new CloudFrontKeyValueStoreClient({
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      requestHandler: {
        handle: async (request: { hostname: string; headers: Record<string, string> }) => {
          seen = request;
          const body = JSON.stringify({ KvsARN: 'arn', Created: 0, ItemCount: 0, TotalSizeInBytes: 0 });
          return {
            response: {
              statusCode: 200,
              headers: { 'content-type': 'application/json', etag: 'E1' },
              body: Readable.from([body]),
            },
          };
        },
      } as never,
    });
    const out = await client.send(
      new DescribeKeyValueStoreCommand({
        KvsARN: 'arn:aws:cloudfront::123456789012:key-value-store/0123abcd-0123-4567-89ab-0123456789ab',
      }),
    );
    expect(out.ETag).toBe('E1');
    expect(seen?.hostname).toBe('123456789012.cloudfront-kvs.global.api.aws');
    expect(seen?.headers.authorization).toMatch(
      /^AWS4-ECDSA-P256-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/cloudfront-keyvaluestore\/aws4_request/,
    );
    expect(seen?.headers['x-amz-region-set']).toBe('*');
    client.destroy();
  });
});
