import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { DEFAULT_BUSINESS_TIME_ZONE, setBusinessZone } from '../../../lib/business-zone';
import { sessionAt } from '../test/harness';
import { calendarWeeks, countText, SessionCalendar } from './session-calendar';
import {
  businessInstant,
  canConfirm,
  dayKey,
  dayRange,
  formatTimeRange,
  formFieldsOf,
  unknownHomeworkLabel,
} from './session-format';
import { monthRange, sessionsByDay, shiftMonth } from './session-month';

describe('calendar weeks', () => {
  it('start on Sunday and cover the month', () => {
    const april = calendarWeeks({ year: 2026, month: 3 });
    expect(april[0].map((d) => d.key)).toEqual([
      '2026-03-29',
      '2026-03-30',
      '2026-03-31',
      '2026-04-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-04',
    ]);
    expect(april[0].map((d) => d.inMonth)).toEqual([false, false, false, true, true, true, true]);
    expect(april.at(-1)?.at(-1)?.key).toBe('2026-05-02');
    // February 2026 begins on a Sunday and fills exactly four weeks.
    expect(calendarWeeks({ year: 2026, month: 1 })).toHaveLength(4);
  });

  it('read month bounds in Eastern Time, across daylight saving and the year end', () => {
    expect(monthRange({ year: 2026, month: 2 })).toEqual({
      from: '2026-03-01T05:00:00.000Z',
      to: '2026-04-01T04:00:00.000Z',
    });
    expect(shiftMonth({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
    expect(shiftMonth({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
  });

  it('put a late-evening session on its Eastern day, not its UTC day', () => {
    const late = sessionAt('2026-03-10T02:30:00.000Z', { id: 'late' });
    expect(dayKey(late.scheduledAt)).toBe('2026-03-09');
    expect([...sessionsByDay([late]).keys()]).toEqual(['2026-03-09']);
  });
});

describe('SessionCalendar', () => {
  it('shows at most 3 sessions a day then +N more, and hands the day to onOpenDay', async () => {
    const user = userEvent.setup();
    const onOpenDay = vi.fn();
    const onMonthChange = vi.fn();
    const sessions = ['Ace', 'Bo', 'Cy', 'Di'].map((dogName, i) =>
      sessionAt(`2026-04-15T${13 + i}:00:00.000Z`, { id: dogName, dogName }),
    );
    render(
      <SessionCalendar
        month={{ year: 2026, month: 3 }}
        onMonthChange={onMonthChange}
        sessions={sessions}
        showClient={false}
        onOpenDay={onOpenDay}
      />,
    );
    const grid = screen.getByRole('table', { name: 'April 2026' });
    const day = within(grid).getByRole('button', { name: 'Wednesday, April 15: 4 sessions' });
    expect(
      within(day)
        .getAllByTestId('calendar-session')
        .map((c) => c.textContent),
    ).toEqual(['9:00 AM Ace', '10:00 AM Bo', '11:00 AM Cy']);
    expect(day).toHaveTextContent('+1 more');
    day.focus();
    await user.keyboard('{Enter}');
    expect(onOpenDay).toHaveBeenCalledWith('2026-04-15', sessions);
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(onMonthChange).toHaveBeenCalledWith({ year: 2026, month: 4 });
  });

  it('counts and shows a class meeting in its day, in time order, within the 3 a day', () => {
    const sessions = ['Ace', 'Bo', 'Cy'].map((dogName, i) =>
      sessionAt(`2026-04-15T${13 + i * 2}:00:00.000Z`, { id: dogName, dogName }),
    );
    const meeting = {
      id: 'mt-1',
      classId: 'cl-1',
      title: 'Puppy Basics',
      startsAt: '2026-04-15T14:00:00.000Z',
      endsAt: '2026-04-15T15:00:00.000Z',
      location: null,
      online: true,
    };
    render(
      <SessionCalendar
        month={{ year: 2026, month: 3 }}
        onMonthChange={vi.fn()}
        sessions={sessions}
        meetings={[meeting]}
        showClient={false}
        onOpenDay={vi.fn()}
      />,
    );
    const day = screen.getByRole('button', { name: 'Wednesday, April 15: 3 sessions, 1 class meeting' });
    expect(
      within(day)
        .getAllByTestId(/^calendar-/)
        .map((c) => c.textContent),
    ).toEqual(['9:00 AM Ace', '10:00 AM Class · Puppy Basics', '11:00 AM Bo']);
    expect(day).toHaveTextContent('+1 more');
    expect(countText(0, 2)).toBe('no sessions, 2 class meetings');
    expect(countText(2)).toBe('2 sessions');
  });
});

describe('session formatting', () => {
  it('reads a form date and time in Eastern Time', () => {
    expect(businessInstant('2026-03-07', '10:00')).toBe('2026-03-07T15:00:00.000Z');
    expect(businessInstant('2026-03-09', '10:00')).toBe('2026-03-09T14:00:00.000Z');
    expect(businessInstant('2026-02-30', '10:00')).toBeUndefined();
    expect(businessInstant('2026-03-09', '25:00')).toBeUndefined();
  });

  it('reads and shows times in the business time zone set in the settings, across its daylight-saving change', () => {
    onTestFinished(() => setBusinessZone(DEFAULT_BUSINESS_TIME_ZONE));
    setBusinessZone('America/Los_Angeles');
    expect(businessInstant('2026-03-07', '10:00')).toBe('2026-03-07T18:00:00.000Z');
    expect(businessInstant('2026-03-09', '10:00')).toBe('2026-03-09T17:00:00.000Z');
    expect(formFieldsOf('2026-03-09T17:00:00.000Z')).toEqual({ date: '2026-03-09', time: '10:00' });
    expect(formatTimeRange({ scheduledAt: '2026-03-09T17:00:00.000Z', endsAt: '2026-03-09T18:00:00.000Z' })).toBe(
      '10:00 AM - 11:00 AM PT',
    );
    // 11:30 PM in Los Angeles is the next day in UTC: the calendar puts it on its Pacific day.
    expect(dayKey('2026-03-10T06:30:00.000Z')).toBe('2026-03-09');
    setBusinessZone('Europe/Berlin');
    expect(businessInstant('2026-03-28', '10:00')).toBe('2026-03-28T09:00:00.000Z');
    expect(businessInstant('2026-03-30', '10:00')).toBe('2026-03-30T08:00:00.000Z');
    expect(monthRange({ year: 2026, month: 2 })).toEqual({
      from: '2026-02-28T23:00:00.000Z',
      to: '2026-03-31T22:00:00.000Z',
    });
    expect(dayRange('2026-03-29')).toEqual({ from: '2026-03-28T23:00:00.000Z', to: '2026-03-29T22:00:00.000Z' });
    expect(formatTimeRange({ scheduledAt: '2026-03-30T08:00:00.000Z', endsAt: '2026-03-30T09:00:00.000Z' })).toBe(
      '10:00 AM - 11:00 AM GMT+2',
    );
  });

  it('lets a client confirm only a future scheduled session', () => {
    const now = new Date('2026-03-10T16:00:00.000Z').getTime();
    expect(canConfirm(sessionAt('2026-03-11T14:00:00.000Z'), now)).toBe(true);
    expect(canConfirm(sessionAt('2026-03-09T14:00:00.000Z'), now)).toBe(false);
    expect(canConfirm(sessionAt('2026-03-11T14:00:00.000Z', { status: 'confirmed' }), now)).toBe(false);
  });

  it('names an unknown homework id', () => {
    expect(unknownHomeworkLabel('6F1C2B7A-9D3E-4C1F-8A2B-0E5D7C9B1A23')).toBe(
      '(Message not found - may have been deleted)',
    );
    expect(unknownHomeworkLabel('abc')).toBe('abc');
  });
});
