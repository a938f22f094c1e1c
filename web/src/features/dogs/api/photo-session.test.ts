import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRuntimeConfigForTests } from '../../../lib/config';
import { TEST_CONFIG } from '../../../lib/content/test-support';
import { removeDogPhoto, uploadDogPhoto } from './dogs';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

let apiCalls: string[];

beforeEach(() => {
  apiCalls = [];
  resetRuntimeConfigForTests();
  amplify.fetchAuthSession.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/config.json') return new Response(JSON.stringify(TEST_CONFIG), { status: 200 });
      apiCalls.push(`${init?.method ?? 'GET'} ${url}`);
      return new Response(JSON.stringify({ dog: { id: 'd-1' } }), { status: 200 });
    }),
  );
});

describe('dog photo upload and removal without a session (SPEC 8)', () => {
  it('fail with "User not authenticated" before any request', async () => {
    amplify.fetchAuthSession.mockResolvedValue({ tokens: undefined });
    const file = new File([new Uint8Array([1, 2, 3])], 'rex.png', { type: 'image/png' });
    await expect(uploadDogPhoto('d-1', file, 'image/png', () => undefined)).rejects.toThrow('User not authenticated');
    await expect(removeDogPhoto('d-1')).rejects.toThrow('User not authenticated');
    expect(apiCalls).toEqual([]);
  });

  it('go ahead with a session', async () => {
    amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => 'id-token', payload: {} } } });
    await expect(removeDogPhoto('d-1')).resolves.toEqual({ id: 'd-1' });
    expect(apiCalls).toEqual(['DELETE /api/dogs/d-1/photo']);
  });
});
