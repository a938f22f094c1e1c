import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AnalyticsData } from '#shared/contracts/analytics';
import { DEFAULT_BUSINESS_TIME_ZONE, setBusinessZone } from '../../../lib/business-zone';
import { type ApiCall, json, renderAt, stubApi } from '../../../testing/portal-harness';
import { AnalyticsPage } from './analytics-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const report = (over: Partial<AnalyticsData> = {}): AnalyticsData => ({
  range: { from: '2026-10-28', to: '2026-11-26', days: 30 },
  recorded: true,
  summary: {
    totalPageViews: 1234,
    totalUsers: 321,
    totalVisits: 400,
    bounceRate: 42.5,
    avgSessionDuration: 3.25,
    topPages: [
      { page: '/programs', views: 600, percentage: 48.6 },
      { page: '/', views: 400, percentage: 32.4 },
    ],
    activeClients: 17,
    paidClients: 4,
  },
  pageViews: [
    { date: '20261125', views: 34 },
    { date: '20261126', views: 56 },
  ],
  sources: [{ source: 'google.com', visits: 120 }],
  campaigns: [],
  funnel: {
    steps: [
      { key: 'visits', count: 400, conversion: null },
      { key: 'inquiries', count: 20, conversion: null },
      { key: 'clients', count: 5, conversion: 25 },
      { key: 'paid', count: 2, conversion: 40 },
    ],
    byProgram: [{ key: 'puppyFoundations', inquiries: 12, clients: 3 }],
    bySource: [{ key: 'google.com', inquiries: 8, clients: 2 }],
  },
  recentContacts: [
    {
      id: 'c-1',
      firstName: 'Jane',
      lastName: 'Doe',
      program: 'adultDogTraining',
      status: 'new',
      createdAt: '2026-11-20T15:00:00.000Z',
    },
  ],
  sessionsByStatus: [
    { status: 'pending', count: 0 },
    { status: 'scheduled', count: 7 },
  ],
  ...over,
});

function serve(data: AnalyticsData | null, status = 200) {
  return stubApi((call: ApiCall) => {
    if (call.url.includes('/analytics/realtime'))
      return json(200, { success: true, data: { activeUsers: 3 }, error: null });
    if (!data) return json(status, { error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' } });
    return json(200, { success: true, data, error: null });
  });
}

const figure = (id: string) => document.querySelector(`[data-figure="${id}"]`) as HTMLElement;

describe('AnalyticsPage', () => {
  it('shows the figures, the funnel, top pages, recent contacts and the visitors active now', async () => {
    const calls = serve(report());
    renderAt('/dashboard/analytics', '/dashboard/analytics', <AnalyticsPage />);
    await screen.findByText('1,234');
    expect(calls.some((c) => c.url.endsWith('/analytics?dateRange=30daysAgo'))).toBe(true);
    expect(within(figure('visitors')).getByText('321')).toBeTruthy();
    // Each day's unique visitors added up, and said so: not the range's unique visitors.
    expect(within(figure('visitors')).getByText('Daily visitors, added up')).toBeTruthy();
    expect(within(figure('active-clients')).getByText('17')).toBeTruthy();
    expect(within(figure('paid-clients')).getByText('4')).toBeTruthy();
    // Inquiries are not a share of the visits.
    const inquiries = document.querySelector('[data-step="inquiries"]') as HTMLElement;
    expect(within(inquiries).queryByText(/% of visits/)).toBeNull();
    expect(within(figure('bounce')).getByText('42.5%')).toBeTruthy();
    expect(within(figure('duration')).getByText('3.3 min')).toBeTruthy();
    await waitFor(() => expect(within(figure('active')).getByText('3')).toBeTruthy());
    expect(screen.getByText('live')).toBeTruthy();
    expect(screen.getByText('/programs')).toBeTruthy();
    expect(screen.getByText('48.6%')).toBeTruthy();
    const paid = document.querySelector('[data-step="paid"]') as HTMLElement;
    expect(within(paid).getByText('2')).toBeTruthy();
    expect(within(paid).getByText('40% of clients')).toBeTruthy();
    expect(within(paid).getByText('Clients who paid')).toBeTruthy();
    expect(screen.getByText('Puppy Foundation Program')).toBeTruthy();
    expect(screen.getByText('Jane Doe')).toBeTruthy();
    expect(screen.getByText('Basic Obedience Training')).toBeTruthy();
    expect(screen.queryByText('Website analytics are being set up and will be available soon!')).toBeNull();
  });

  it('dates a recent contact in the business time zone', async () => {
    setBusinessZone('Pacific/Auckland');
    try {
      serve(report());
      renderAt('/dashboard/analytics', '/dashboard/analytics', <AnalyticsPage />);
      await screen.findByText('Jane Doe');
      // 2026-11-20T15:00Z is the 21st in Auckland (UTC+13), the 20th in New York.
      expect(screen.getByText('Nov 21, 2026')).toBeTruthy();
    } finally {
      setBusinessZone(DEFAULT_BUSINESS_TIME_ZONE);
    }
  });

  it('asks the server for the chosen range', async () => {
    const user = userEvent.setup();
    const calls = serve(report());
    renderAt('/dashboard/analytics', '/dashboard/analytics', <AnalyticsPage />);
    await screen.findByText('1,234');
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/analytics?dateRange=7daysAgo'))).toBe(true));
  });

  it('while analytics never counted a page view, says it is being set up, in a notice and an info toast (SPEC 8)', async () => {
    serve(
      report({
        recorded: false,
        summary: { ...report().summary, totalPageViews: 0, totalUsers: 0, topPages: [] },
      }),
    );
    renderAt('/dashboard/analytics', '/dashboard/analytics', <AnalyticsPage />);
    await waitFor(() =>
      expect(screen.getAllByText('Website analytics are being set up and will be available soon!')).toHaveLength(2),
    );
  });

  it('a quiet range of analytics that has counted before shows its zeros without the set-up notice', async () => {
    serve(report({ summary: { ...report().summary, totalPageViews: 0, totalUsers: 0, totalVisits: 0, topPages: [] } }));
    renderAt('/dashboard/analytics', '/dashboard/analytics', <AnalyticsPage />);
    await waitFor(() => expect(within(figure('views')).getByText('0')).toBeTruthy());
    expect(screen.queryByText('Website analytics are being set up and will be available soon!')).toBeNull();
  });

  it('a failed load says Error loading analytics data, the service is under construction and the source unavailable (SPEC 8, 4)', async () => {
    serve(null, 500);
    renderAt('/dashboard/analytics', '/dashboard/analytics', <AnalyticsPage />);
    expect(await screen.findByText('Error loading analytics data')).toBeTruthy();
    expect(screen.getByText('Analytics service is under construction...')).toBeTruthy();
    expect(screen.getByText('unavailable')).toBeTruthy();
  });
});
