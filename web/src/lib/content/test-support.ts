/**
 * Tests only: the published content a page is rendered with (lib/content/published.tsx), per section:
 * records, an empty list, or nothing (`'none'`: the page has no records of the section); and the fetch stub
 * for what a public page still asks the server.
 */
import { vi } from 'vitest';
import type { PublicContentRecord, PublicSection } from '#shared/contracts/content';
import { resetRuntimeConfigForTests } from '../config';
import { MEDIA_URL, setAmbientContent } from './published';

export type SectionAnswer = PublicContentRecord[] | 'none';

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

/** A published record as the table holds it. */
export const record = (
  id: string,
  fields: Record<string, string | null>,
  sortOrder = 0,
  title = '',
): PublicContentRecord => ({ id, title, sort_order: sortOrder, fields });

/** Sets the content the next render shows: listed sections with their records, the others built-in. */
export function setContent(answers: Partial<Record<PublicSection, SectionAnswer>>): void {
  const sections: Partial<Record<PublicSection, PublicContentRecord[]>> = {};
  for (const [section, answer] of Object.entries(answers) as [PublicSection, SectionAnswer][]) {
    if (answer !== 'none') sections[section] = answer;
  }
  setAmbientContent({ sections, mediaUrl: MEDIA_URL });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stubs fetch for what a public page still asks the server: /config.json and the analytics beacon. */
export function stubPublicFetch() {
  resetRuntimeConfigForTests();
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url === '/config.json') return json(200, TEST_CONFIG);
    if (url === '/api/public/events') return new Response(null, { status: 204 });
    return json(404, { error: { message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
