import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { CalendarMeeting } from '#shared/contracts/class-options';
import { DEFAULT_BUSINESS_TIME_ZONE, setBusinessZone } from '../../../lib/business-zone';
import { json, location, params, renderAt, sessionAt, stubApi } from '../test/harness';
import { agendaRange, NO_AGENDA_TEXT, TrainerAgenda } from './trainer-agenda';

// Friday, March 6, 2026, 11 PM in New York (already Saturday in UTC).
const NOW = new Date('2026-03-07T04:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

const meeting = (over: Partial<CalendarMeeting> = {}): CalendarMeeting => ({
  id: 'mt-1',
  classId: 'cl-1',
  title: 'Puppy Basics',
  startsAt: '2026-03-09T15:00:00.000Z',
  endsAt: '2026-03-09T16:00:00.000Z',
  location: 'Riverside Park',
  online: false,
  ...over,
});
const NO_MEETINGS = { meetings: [] };

const show = () => renderAt('/dashboard', '/dashboard', <TrainerAgenda needsAnswer="Needs an answer: 2" />);

describe('the trainer agenda: today and the next 7 days in the business time zone', () => {
  it('asks for the business days, not the UTC ones (the range follows the zone setting)', () => {
    // Today is still Friday in New York: the range starts at its midnight and ends 8 days later (after the DST change on March 8).
    expect(agendaRange(NOW.getTime())).toMatchObject({
      from: '2026-03-06T05:00:00.000Z',
      to: '2026-03-14T04:00:00.000Z',
    });
    expect(agendaRange(NOW.getTime()).days).toHaveLength(8);
    onTestFinished(() => setBusinessZone(DEFAULT_BUSINESS_TIME_ZONE));
    setBusinessZone('Europe/Berlin');
    expect(agendaRange(NOW.getTime())).toMatchObject({
      from: '2026-03-06T23:00:00.000Z',
      to: '2026-03-14T23:00:00.000Z',
    });
  });

  it('groups the sessions by day with time, dog, owner, phone, state and the quick links', async () => {
    const calls = stubApi(({ url }) =>
      url.startsWith('/api/class-meetings?')
        ? json(200, NO_MEETINGS)
        : url.includes('/api/sessions?')
          ? json(200, {
              items: [
                sessionAt('2026-03-07T00:30:00.000Z', { id: 's-today', dogName: 'Biscuit', status: 'confirmed' }),
                sessionAt('2026-03-09T14:00:00.000Z', {
                  id: 's-mon',
                  clientId: 'c-2',
                  clientName: 'Sam Reyes',
                  clientPhone: undefined,
                  dogName: 'Pepper',
                }),
                sessionAt('2026-03-09T16:00:00.000Z', { id: 's-gone', dogName: 'Ghost', status: 'cancelled' }),
              ],
              cursor: null,
            })
          : json(404, {}),
    );
    show();
    const today = await screen.findByRole('region', { name: 'Today, Friday, March 6' });
    const row = within(today).getByRole('row', { name: /Biscuit/ });
    expect(row).toHaveTextContent('7:30 PM - 8:30 PM ET');
    expect(within(row).getByText('Confirmed')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Maria Lopez' })).toHaveAttribute('href', '/dashboard/clients/c-1');
    expect(within(row).getByRole('link', { name: '(941) 555-0111' })).toHaveAttribute('href', 'tel:9415550111');
    expect(within(row).getByRole('link', { name: 'Open session of Biscuit (Maria Lopez)' })).toHaveAttribute(
      'href',
      '/dashboard/sessions/s-today/edit',
    );
    expect(within(row).getByRole('link', { name: 'Message Maria Lopez' })).toHaveAttribute(
      'href',
      '/dashboard/messages/compose?recipient=c-1&from=%2Fdashboard',
    );

    const monday = screen.getByRole('region', { name: 'Monday, March 9' });
    const pepper = within(monday).getByRole('row', { name: /Pepper/ });
    expect(pepper).toHaveTextContent('10:00 AM - 11:00 AM ET');
    expect(within(pepper).getByText('Scheduled')).toBeInTheDocument();
    expect(within(pepper).getAllByRole('cell')[3]).toHaveTextContent('-');
    // A cancelled session is not on the agenda; days without sessions are not shown.
    expect(screen.queryByText('Ghost')).toBeNull();
    expect(screen.getAllByRole('region')).toHaveLength(2);
    expect(screen.getByText('Needs an answer: 2')).toBeInTheDocument();

    const asked = calls.filter((c) => c.url.includes('/api/sessions?')).map((c) => params(c.url));
    expect(asked).toEqual([
      expect.objectContaining({ from: '2026-03-06T05:00:00.000Z', to: '2026-03-14T04:00:00.000Z' }),
    ]);
    expect(asked[0].status).toBeUndefined();
  });

  it('cancels a session from its row after confirmation; the day no longer lists it', async () => {
    let cancelled = false;
    const biscuit = sessionAt('2026-03-09T14:00:00.000Z', { id: 's-mon', dogName: 'Biscuit' });
    const calls = stubApi(({ url, method }) => {
      if (method === 'POST') {
        cancelled = true;
        return json(200, { session: { ...biscuit, status: 'cancelled' } });
      }
      if (url.startsWith('/api/class-meetings?')) return json(200, NO_MEETINGS);
      return url.includes('/api/sessions?')
        ? json(200, { items: [cancelled ? { ...biscuit, status: 'cancelled' } : biscuit], cursor: null })
        : json(404, {});
    });
    show();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel session of Biscuit (Maria Lopez)' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel session' }));
    expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/sessions/s-mon/cancel');
    expect(await screen.findByText(NO_AGENDA_TEXT)).toBeInTheDocument();
  });

  it('says when nothing is scheduled and offers to schedule a session', async () => {
    stubApi(({ url }) => json(200, url.startsWith('/api/class-meetings?') ? NO_MEETINGS : { items: [], cursor: null }));
    show();
    expect(await screen.findByText(NO_AGENDA_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Schedule Session' }));
    expect(location()).toBe('/dashboard/sessions/create');
  });

  it('shows the loading state, then an error with Retry that loads again', async () => {
    let fail = true;
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    stubApi(async ({ url }) => {
      if (url.startsWith('/api/class-meetings?')) return json(200, NO_MEETINGS);
      await held;
      return fail ? json(500, { error: { code: 'X', message: 'boom' } }) : json(200, { items: [], cursor: null });
    });
    show();
    expect(await screen.findByText('Loading sessions')).toBeInTheDocument();
    release();
    expect(await screen.findByText('Failed to load sessions')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(NO_AGENDA_TEXT)).toBeInTheDocument();
  });

  it("shows the class meetings in their day, in time order among the sessions, with the class's roster", async () => {
    const calls = stubApi(({ url }) => {
      if (url.startsWith('/api/class-meetings?'))
        return json(200, {
          meetings: [
            meeting(),
            meeting({
              id: 'mt-2',
              classId: 'cl-2',
              title: 'Recall Club',
              startsAt: '2026-03-10T23:00:00.000Z',
              endsAt: '2026-03-11T00:00:00.000Z',
              location: null,
              online: true,
            }),
          ],
        });
      return json(200, {
        items: [
          sessionAt('2026-03-09T14:00:00.000Z', { id: 's-1', dogName: 'Biscuit' }),
          sessionAt('2026-03-09T16:00:00.000Z', { id: 's-2', dogName: 'Pepper' }),
        ],
        cursor: null,
      });
    });
    show();
    const monday = await screen.findByRole('region', { name: 'Monday, March 9' });
    const rows = within(monday).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Biscuit'),
      expect.stringContaining('Puppy Basics'),
      expect.stringContaining('Pepper'),
    ]);
    expect(rows[1]).toHaveTextContent('11:00 AM - 12:00 PM ET');
    expect(rows[1]).toHaveTextContent('Class Puppy Basics · Riverside Park');
    expect(within(rows[1]).getByRole('link', { name: 'Roster of Puppy Basics' })).toHaveAttribute(
      'href',
      '/dashboard/classes/cl-1/roster',
    );
    // A day with only a meeting is shown; an online class says so.
    const tuesday = screen.getByRole('region', { name: 'Tuesday, March 10' });
    expect(within(tuesday).getByRole('row', { name: /Recall Club/ })).toHaveTextContent('Class Recall Club · Online');
    expect(within(tuesday).getByRole('link', { name: 'Roster of Recall Club' })).toHaveAttribute(
      'href',
      '/dashboard/classes/cl-2/roster',
    );
    const asked = calls.filter((c) => c.url.startsWith('/api/class-meetings?')).map((c) => params(c.url));
    expect(asked).toEqual([{ from: '2026-03-06T05:00:00.000Z', to: '2026-03-14T04:00:00.000Z' }]);
  });

  it('keeps the sessions when the class meetings fail to load, with a line of its own', async () => {
    stubApi(({ url }) =>
      url.startsWith('/api/class-meetings?')
        ? json(500, { error: { code: 'X', message: 'boom' } })
        : json(200, { items: [sessionAt('2026-03-09T14:00:00.000Z', { dogName: 'Biscuit' })], cursor: null }),
    );
    show();
    expect(await screen.findByText('Failed to load class meetings')).toBeInTheDocument();
    const monday = await screen.findByRole('region', { name: 'Monday, March 9' });
    expect(within(monday).getByRole('row', { name: /Biscuit/ })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load sessions')).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry class meetings' })).toBeInTheDocument();
  });

  it('says nothing is scheduled only when there are neither sessions nor meetings', async () => {
    stubApi(({ url }) =>
      json(200, url.startsWith('/api/class-meetings?') ? { meetings: [meeting()] } : { items: [], cursor: null }),
    );
    show();
    expect(await screen.findByRole('row', { name: /Puppy Basics/ })).toBeInTheDocument();
    expect(screen.queryByText(NO_AGENDA_TEXT)).toBeNull();
  });
});
