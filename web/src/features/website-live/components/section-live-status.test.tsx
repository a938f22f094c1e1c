import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebsiteLiveStatus } from '#shared/contracts/website-live';
import { json, renderAt, stubApi } from '../../../testing/portal-harness';
import { SectionLiveStatus } from './section-live-status';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

afterEach(() => vi.restoreAllMocks());

const status = (over: Partial<WebsiteLiveStatus>): WebsiteLiveStatus => ({
  section: 'programs',
  liveAt: null,
  livePaths: [],
  failedAt: null,
  failure: null,
  ...over,
});

function show(answer: WebsiteLiveStatus | number) {
  const calls = stubApi(() =>
    typeof answer === 'number' ? json(answer, { error: { message: 'x' } }) : json(200, answer),
  );
  renderAt('/dashboard/website-config', '/dashboard/website-config', <SectionLiveStatus section="programs" />);
  return calls;
}

describe('SectionLiveStatus', () => {
  it("asks for the section's render status and says when its pages went live", async () => {
    const calls = show(status({ liveAt: '2026-11-26T09:05:00.000Z', livePaths: ['/programs'] }));
    expect(await screen.findByText(/^Public pages live since Nov 26, 2026/)).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/website/programs/live']);
  });

  it('says the last render failed and the previous pages stay, with the reason', async () => {
    show(
      status({
        liveAt: '2026-11-26T09:05:00.000Z',
        failedAt: '2026-11-26T09:07:00.000Z',
        failure: 'The site has no _render/kit.json',
      }),
    );
    expect(await screen.findByText(/The last render failed \(.+\); the previous pages stay live\./)).toHaveTextContent(
      'The site has no _render/kit.json',
    );
  });

  it('before any render on publish, the pages are those of the deploy', async () => {
    show(status({}));
    expect(await screen.findByText('Public pages show the content of the last deploy')).toBeInTheDocument();
  });

  it('says so when the status cannot be read', async () => {
    show(500);
    expect(await screen.findByText('Could not check the public pages')).toBeInTheDocument();
  });
});
