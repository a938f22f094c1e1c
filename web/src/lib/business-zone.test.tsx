import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BusinessZoneGate, DEFAULT_BUSINESS_TIME_ZONE, setBusinessZone } from './business-zone';
import { formatDateTime } from './format';
import { QueryProvider } from './query';

afterEach(() => {
  setBusinessZone(DEFAULT_BUSINESS_TIME_ZONE);
  vi.unstubAllGlobals();
});

describe('the business time zone', () => {
  it('shows instants in the zone, with its label on either side of a daylight-saving change', () => {
    expect(formatDateTime('2026-03-08T14:00:00Z')).toBe('Mar 8, 2026 10:00 AM ET');
    setBusinessZone('America/Los_Angeles');
    expect(formatDateTime('2026-03-07T18:00:00Z')).toBe('Mar 7, 2026 10:00 AM PT');
    expect(formatDateTime('2026-03-08T17:00:00Z')).toBe('Mar 8, 2026 10:00 AM PT');
    setBusinessZone('Europe/Berlin');
    expect(formatDateTime('2026-03-28T09:00:00Z')).toBe('Mar 28, 2026 10:00 AM GMT+1');
    expect(formatDateTime('2026-03-29T08:00:00Z')).toBe('Mar 29, 2026 10:00 AM GMT+2');
  });

  it('ignores a name that is not a time zone', () => {
    setBusinessZone('Europe/Berlin');
    setBusinessZone('Mars/Olympus_Mons');
    expect(formatDateTime('2026-01-01T12:00:00Z')).toBe('Jan 1, 2026 1:00 PM GMT+1');
  });

  it("renders the portal's screens once the saved zone is read from the business settings", async () => {
    const fetchMock = vi.fn(async () => Response.json({ name: 'Pawsitive', timeZone: 'Europe/Berlin' }));
    vi.stubGlobal('fetch', fetchMock);
    const Shown = () => <p>{formatDateTime('2026-07-01T10:00:00Z')}</p>;
    render(
      <QueryProvider>
        <BusinessZoneGate>
          <Shown />
        </BusinessZoneGate>
      </QueryProvider>,
    );
    expect(await screen.findByText('Jul 1, 2026 12:00 PM GMT+2')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/public/business', expect.anything());
  });
});
