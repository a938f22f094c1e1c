/**
 * Tests only: a fetch stub for /config.json and GET /api/public/content/{section}, answering each
 * section with records, an empty list, an HTTP error or a network failure.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { PublicContentRecord, PublicSection } from '../../../../shared/contracts/content';
import { resetRuntimeConfigForTests } from '../config';
import { resetContentCacheForTests } from './fetch-section';

export type SectionAnswer = PublicContentRecord[] | 'error' | 'network' | 'pending';

export const TEST_CONFIG = {
  region: 'us-east-1',
  userPoolId: 'local_pool',
  userPoolClientId: 'client',
  authFlowType: 'USER_PASSWORD_AUTH',
  apiUrl: '/api',
  wsUrl: 'ws://127.0.0.1:3001',
  mediaUrl: '/media',
  businessEmail: 'trainer@pawsitive.test',
  siteUrl: 'http://127.0.0.1:3000',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A published record as the API returns it. */
export const record = (
  id: string,
  fields: Record<string, string | null>,
  sortOrder = 0,
  title = '',
): PublicContentRecord => ({ id, title, sort_order: sortOrder, fields });

/** Stubs fetch: sections not listed answer an empty list. Returns the mock. */
export function stubContent(answers: Partial<Record<PublicSection, SectionAnswer>>) {
  resetRuntimeConfigForTests();
  resetContentCacheForTests();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url === '/config.json') return json(200, TEST_CONFIG);
    const m = /^\/api\/public\/content\/([a-z_]+)$/.exec(url);
    if (m) {
      const answer = answers[m[1] as PublicSection] ?? [];
      if (answer === 'network') throw new TypeError('Failed to fetch');
      if (answer === 'pending') return new Promise<Response>(() => undefined);
      if (answer === 'error') return json(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } });
      return json(200, { items: answer });
    }
    if (url === '/api/public/events') return new Response(null, { status: 204 });
    return json(404, { error: { message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Waits until the content fetches were made and their answers applied. */
export async function contentSettled(fetchMock: ReturnType<typeof stubContent>): Promise<void> {
  await vi.waitFor(() => {
    if (!fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/public/content/')))
      throw new Error('no fetch yet');
  });
  await act(async () => {
    await new Promise((r) => setTimeout(r, 150));
  });
}
