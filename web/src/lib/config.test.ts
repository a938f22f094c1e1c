import { beforeEach, describe, expect, it, vi } from 'vitest';
import { runtimeConfigSchema } from '#shared/contracts/runtime-config';
import { loadRuntimeConfig, RUNTIME_CONFIG_RULES, resetRuntimeConfigForTests, runtimeConfigProblems } from './config';
import { loadBusinessEmail } from './config-store';

const VALID = {
  region: 'us-east-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  userPoolEndpoint: 'http://127.0.0.1:9229',
  authFlowType: 'USER_PASSWORD_AUTH',
  apiUrl: '/api',
  wsUrl: 'ws://127.0.0.1:3001',
  mediaUrl: '/media',
  businessEmail: 'trainer@pawsitive.test',
  siteUrl: 'http://127.0.0.1:3000',
};

const stub = (status: number, body: unknown) => {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

describe('runtime config', () => {
  beforeEach(() => resetRuntimeConfigForTests());

  it('fetches /config.json once and validates it', async () => {
    const fetchMock = stub(200, VALID);
    const [a, b] = await Promise.all([loadRuntimeConfig(), loadRuntimeConfig()]);
    expect(a).toEqual(VALID);
    expect(b).toBe(a);
    expect(await loadBusinessEmail()).toBe('trainer@pawsitive.test');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/config.json', expect.anything());
  });

  it('fails with a readable list of what is wrong', async () => {
    stub(200, { ...VALID, userPoolId: undefined, authFlowType: 'CUSTOM', businessEmail: 'nope' });
    const error = await loadRuntimeConfig().catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/^\/config\.json is invalid:/);
    expect((error as Error).message).toContain('- userPoolId:');
    expect((error as Error).message).toContain('- authFlowType:');
    expect((error as Error).message).toContain('- businessEmail:');
  });

  it('says when /config.json cannot be loaded, and can retry', async () => {
    stub(404, {});
    await expect(loadRuntimeConfig()).rejects.toThrow('Could not load /config.json (HTTP 404).');
    stub(200, VALID);
    await expect(loadRuntimeConfig()).resolves.toEqual(VALID);
  });

  it('reads only the business e-mail for public pages without validating the rest', async () => {
    stub(200, { businessEmail: 'hello@example.com' });
    expect(await loadBusinessEmail()).toBe('hello@example.com');
  });
});

describe('the hand rules and the shared zod schema', () => {
  const CASES: [string, unknown][] = [
    ['valid', VALID],
    ['valid without the local endpoint', { ...VALID, userPoolEndpoint: undefined }],
    ['SRP', { ...VALID, authFlowType: 'USER_SRP_AUTH' }],
    ['missing pool', { ...VALID, userPoolId: undefined }],
    ['number region', { ...VALID, region: 1 }],
    ['unknown flow', { ...VALID, authFlowType: 'CUSTOM' }],
    ['bad e-mail', { ...VALID, businessEmail: 'nope' }],
    ['bad endpoint', { ...VALID, userPoolEndpoint: 'not a url' }],
    ['missing ws', { ...VALID, wsUrl: undefined }],
    ['not an object', 'config'],
    ['null', null],
  ];

  it('declare the same fields', () => {
    expect(Object.keys(RUNTIME_CONFIG_RULES).sort()).toEqual(Object.keys(runtimeConfigSchema.shape).sort());
  });

  it.each(CASES)('agree on %s', (_name, raw) => {
    const zod = runtimeConfigSchema.safeParse(raw);
    const fields = zod.success ? [] : zod.error.issues.map((i) => i.path.map(String).join('.') || '(root)');
    const problems = runtimeConfigProblems(raw).map((line) => line.slice(2, line.indexOf(':')));
    expect(problems.sort()).toEqual([...new Set(fields)].sort());
  });
});
