import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  type Availability,
  BOOKING_TEXTS,
  MAX_CLOSED_DATES,
  MAX_RANGES_PER_DAY,
} from '#shared/contracts/booking-options';
import { type ApiCall, json, renderAt, stubApi } from '../../../testing/portal-harness';
import { DAYS_OFF_FULL, DaysOff } from './availability-dates';
import { AvailabilitySection } from './availability-form';
import { ENDS_AT_MIDNIGHT, nextRange, RANGES_FULL } from './availability-ranges';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

/** Visible text only (the Flashbar also announces through a live region). */
const SHOWN = { ignore: 'script, style, [hidden], [aria-live]' };

const SAVED: Availability = {
  weeklyHours: [
    [],
    [
      { start: '09:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ],
    [{ start: '09:00', end: '17:00' }],
    [],
    [],
    [],
    [{ start: '18:00', end: '24:00' }],
  ],
  closedDates: ['2026-12-25', '2026-12-26'],
  exceptions: [
    { date: '2026-12-24', ranges: [{ start: '09:00', end: '12:00' }] },
    { date: '2026-12-31', ranges: [] },
  ],
  bookableTypes: [{ sessionType: 'training', durationMinutes: 60 }],
  bufferMinutes: 15,
  minNoticeHours: 24,
  horizonDays: 56,
  cancellationCutoffHours: 24,
  classOfferHoldHours: 24,
  approval: 'approval',
};

const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT');

function setup(answers: { get?: () => Response; put?: (call: ApiCall) => Response } = {}) {
  // Keys without a pause between them: each key re-renders the whole form.
  const user = userEvent.setup({ delay: null });
  const calls = stubApi((call) => {
    if (call.url !== '/api/settings/availability') return json(404, { error: { message: 'Not found' } });
    if (call.method === 'PUT') return answers.put?.(call) ?? json(200, { availability: call.body });
    return answers.get?.() ?? json(200, { availability: SAVED });
  });
  renderAt('/dashboard/settings', '/dashboard/settings', <AvailabilitySection />);
  return { user, calls };
}

const form = async () => within(await screen.findByRole('form', { name: 'Availability' }));
/** A time (a textbox) or a date (the device's own date field, no textbox role) by its name. */
const field = (name: string) => screen.getByLabelText(name, { selector: 'input' }) as HTMLInputElement;

/**
 * Enters a time over what the input held: its digits pasted (one change through the input's mask, not one
 * re-render of the whole form per key).
 */
async function typeTime(user: ReturnType<typeof userEvent.setup>, name: string, value: string) {
  const input = field(name);
  await user.clear(input);
  await user.paste(value.replace(':', ''));
  await waitFor(() => expect(field(name)).toHaveValue(value));
}

describe('Settings → Business → Availability', () => {
  it('says it is loading, then shows each day its ranges in time inputs, closed days, exceptions and rules', async () => {
    setup();
    expect(screen.getByText('Loading availability')).toBeInTheDocument();
    const f = await form();
    expect(f.getByRole('textbox', { name: 'Monday range 1 start' })).toHaveValue('09:00');
    expect(f.getByRole('textbox', { name: 'Monday range 1 end' })).toHaveValue('12:00');
    expect(f.getByRole('textbox', { name: 'Monday range 2 start' })).toHaveValue('13:00');
    expect(f.getByRole('textbox', { name: 'Monday range 2 end' })).toHaveValue('17:00');
    expect(f.getByRole('textbox', { name: 'Tuesday range 1 start' })).toHaveValue('09:00');
    // The end of the day (24:00) is shown as an end of 00:00.
    expect(f.getByRole('textbox', { name: 'Saturday range 1 end' })).toHaveValue('00:00');
    expect(f.queryByRole('textbox', { name: /^Sunday range/ })).toBeNull();
    expect(f.getAllByText('Closed')).toHaveLength(4);
    expect(f.getByText('In 24-hour time; an end of 00:00 is midnight')).toBeInTheDocument();

    // Dates in date pickers, shown as saved.
    expect(field('Days off date 1')).toHaveValue('2026-12-25');
    expect(field('Days off date 2')).toHaveValue('2026-12-26');
    expect(field('Exception 1 date')).toHaveValue('2026-12-24');
    expect(f.getByRole('textbox', { name: 'Exception 1 range 1 start' })).toHaveValue('09:00');
    expect(field('Exception 2 date')).toHaveValue('2026-12-31');
    expect(f.getByText('Closed all day')).toBeInTheDocument();

    expect(f.getByRole('button', { name: /Training duration/ })).toHaveTextContent('60 minutes');
    expect(f.getByRole('button', { name: /Evaluation duration/ })).toHaveTextContent('Not bookable');
    expect(f.getByLabelText('Minimum notice (hours)')).toHaveValue(24);
    expect(f.getByLabelText('Book ahead (days)')).toHaveValue(56);
    expect(f.getByLabelText('Cancellation cut-off (hours)')).toHaveValue(24);
    expect(f.getByRole('radio', { name: 'Requests need my approval' })).toBeChecked();
  });

  it('saves what it loaded unchanged, the end of the day as 24:00, and says so', async () => {
    const { user, calls } = setup();
    await user.click((await form()).getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText(BOOKING_TEXTS.saved, SHOWN)).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0]).toMatchObject({ url: '/api/settings/availability', body: SAVED });
  });

  it('adds, types and removes ranges and exceptions, and saves them as the server reads them', async () => {
    const { user, calls } = setup();
    const f = await form();
    // An empty day starts at 09:00–17:00; a further range at the hour after the last.
    await user.click(f.getByRole('button', { name: 'Add hours on Sunday' }));
    expect(field('Sunday range 1 start')).toHaveValue('09:00');
    expect(field('Sunday range 1 end')).toHaveValue('17:00');
    await user.click(f.getByRole('button', { name: 'Add hours on Tuesday' }));
    expect(field('Tuesday range 2 start')).toHaveValue('17:00');
    expect(field('Tuesday range 2 end')).toHaveValue('18:00');
    // Typed times, and an end of 00:00 for midnight.
    await typeTime(user, 'Sunday range 1 start', '10:30');
    await typeTime(user, 'Sunday range 1 end', '00:00');
    await typeTime(user, 'Monday range 2 end', '18:45');
    await user.click(f.getByRole('button', { name: 'Remove Monday range 1' }));
    expect(field('Monday range 1 start')).toHaveValue('13:00');
    await user.click(f.getByRole('button', { name: 'Remove Saturday range 1' }));

    await user.click(f.getByRole('button', { name: 'Remove day off 2' }));
    await user.click(f.getByRole('button', { name: 'Add day off' }));
    await user.type(field('Days off date 2'), '2027-01-01');
    await user.click(f.getByRole('button', { name: 'Remove exception 1' }));
    expect(field('Exception 1 date')).toHaveValue('2026-12-31');
    await user.click(f.getByRole('button', { name: 'Add exception' }));
    await user.type(field('Exception 2 date'), '2027-01-05');
    await user.click(f.getByRole('button', { name: 'Add hours on exception 2' }));

    await user.click(f.getByRole('button', { name: 'Save availability' }));

    expect(await screen.findByText(BOOKING_TEXTS.saved, SHOWN)).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0].body).toEqual({
      ...SAVED,
      weeklyHours: [
        [{ start: '10:30', end: '24:00' }],
        [{ start: '13:00', end: '18:45' }],
        [
          { start: '09:00', end: '17:00' },
          { start: '17:00', end: '18:00' },
        ],
        [],
        [],
        [],
        [],
      ],
      closedDates: ['2026-12-25', '2027-01-01'],
      exceptions: [
        { date: '2026-12-31', ranges: [] },
        { date: '2027-01-05', ranges: [{ start: '09:00', end: '17:00' }] },
      ],
    } satisfies Availability);
  });

  it('saves the bookable types, buffer, notice, horizon, cut-off, class seat hold and approval as numbers and modes', async () => {
    const { user, calls } = setup();
    const f = await form();
    await user.click(f.getByRole('button', { name: /Training duration/ }));
    await user.click(await screen.findByRole('option', { name: '90 minutes' }));
    await user.click(f.getByRole('button', { name: /Evaluation duration/ }));
    await user.click(await screen.findByRole('option', { name: '120 minutes' }));
    await user.click(f.getByRole('button', { name: /15 minutes/ }));
    await user.click(await screen.findByRole('option', { name: '30 minutes' }));
    for (const [label, value] of [
      ['Minimum notice (hours)', '12'],
      ['Book ahead (days)', '30'],
      ['Cancellation cut-off (hours)', '48'],
      ['Class seat hold (hours)', '12'],
    ]) {
      await user.clear(f.getByLabelText(label));
      await user.type(f.getByLabelText(label), value);
    }
    await user.click(f.getByRole('radio', { name: 'Requests are confirmed at once' }));
    await user.click(f.getByRole('button', { name: 'Save availability' }));

    expect(await screen.findByText(BOOKING_TEXTS.saved, SHOWN)).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0].body).toEqual({
      ...SAVED,
      bookableTypes: [
        { sessionType: 'evaluation', durationMinutes: 120 },
        { sessionType: 'training', durationMinutes: 90 },
      ],
      bufferMinutes: 30,
      minNoticeHours: 12,
      horizonDays: 30,
      cancellationCutoffHours: 48,
      approval: 'instant',
      classOfferHoldHours: 12,
    } satisfies Availability);
  });

  it(`offers at most ${MAX_RANGES_PER_DAY} ranges a day`, async () => {
    const { user } = setup();
    const f = await form();
    const add = f.getByRole('button', { name: 'Add hours on Wednesday' });
    for (let i = 0; i < MAX_RANGES_PER_DAY; i++) await user.click(add);
    expect(f.getAllByRole('textbox', { name: /^Wednesday range \d start$/ })).toHaveLength(MAX_RANGES_PER_DAY);
    // Disabled with its reason (a disabled button with a reason stays focusable: aria-disabled).
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription(RANGES_FULL);
    await user.click(add);
    expect(f.getAllByRole('textbox', { name: /^Wednesday range \d start$/ })).toHaveLength(MAX_RANGES_PER_DAY);
    await user.click(f.getByRole('button', { name: 'Remove Wednesday range 6' }));
    expect(add).not.toHaveAttribute('aria-disabled');
    expect(add).not.toHaveAccessibleDescription(RANGES_FULL);
  });

  it("puts the server's refusal next to the day or field it is about, says the first, and keeps the form until it changes", async () => {
    const { user, calls } = setup({
      put: () =>
        json(400, {
          error: {
            code: 'VALIDATION',
            message: BOOKING_TEXTS.rangeOverlap,
            fields: {
              'weeklyHours.1': [BOOKING_TEXTS.rangeOverlap],
              'weeklyHours.6.0.start': [BOOKING_TEXTS.time],
              'exceptions.1.date': [BOOKING_TEXTS.date],
              horizonDays: ['Booking horizon must be a whole number of days from 1 to 365'],
            },
          },
        }),
    });
    const f = await form();
    // The form's own checks pass; the server refuses anyway (a rule the form does not know yet).
    await typeTime(user, 'Monday range 2 start', '12:30');
    await user.click(f.getByRole('button', { name: 'Save availability' }));

    expect(await screen.findByText(BOOKING_TEXTS.saveFailed, SHOWN)).toBeInTheDocument();
    expect(puts(calls)[0].body).toMatchObject({
      weeklyHours: [
        [],
        [
          { start: '09:00', end: '12:00' },
          { start: '12:30', end: '17:00' },
        ],
        ...SAVED.weeklyHours.slice(2),
      ],
    });
    // The first message in the form's alert and beside Monday; the others beside theirs.
    expect(f.getAllByText(BOOKING_TEXTS.rangeOverlap)).toHaveLength(2);
    const about = (el: HTMLElement, text: string) =>
      expect(el).toHaveAccessibleDescription(expect.stringContaining(text));
    about(field('Monday range 1 start'), BOOKING_TEXTS.rangeOverlap);
    about(field('Monday range 2 end'), BOOKING_TEXTS.rangeOverlap);
    about(field('Saturday range 1 start'), BOOKING_TEXTS.time);
    about(field('Exception 2 date'), BOOKING_TEXTS.date);
    about(f.getByLabelText('Book ahead (days)'), 'Booking horizon must be a whole number of days from 1 to 365');
    expect(field('Tuesday range 1 start')).not.toHaveAccessibleDescription();
    expect(field('Exception 1 date')).not.toHaveAccessibleDescription(expect.stringContaining(BOOKING_TEXTS.date));
    // What was typed stays for the correction.
    expect(field('Monday range 2 start')).toHaveValue('12:30');
    // The messages were about what was sent: a change leaves them behind.
    // (after the error toast, role alert, has taken the focus, as it does a moment after it shows)
    const toast = screen.getByText(BOOKING_TEXTS.saveFailed, SHOWN).closest('[tabindex="-1"]');
    await waitFor(() => expect(toast).toHaveFocus());
    await typeTime(user, 'Monday range 2 start', '13:00');
    expect(f.queryByText(BOOKING_TEXTS.rangeOverlap)).toBeNull();
    expect(field('Exception 2 date')).not.toHaveAccessibleDescription(expect.stringContaining(BOOKING_TEXTS.date));
  });

  it('shows the load error with Retry, and the form once it loads', async () => {
    let fail = true;
    const { user } = setup({
      get: () => (fail ? json(500, { error: { message: 'Internal error' } }) : json(200, { availability: SAVED })),
    });
    expect(await screen.findByText('Error loading availability')).toBeInTheDocument();
    expect(screen.getByText('Internal error')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await form()).getByRole('textbox', { name: 'Monday range 1 start' })).toHaveValue('09:00');
  });
});

const HORIZON_MESSAGE = 'Booking horizon must be a whole number of days from 1 to 365';
const NOTICE_MESSAGE = 'Minimum notice must be a whole number of hours from 0 to 720';
const about = (el: HTMLElement, text: string) => expect(el).toHaveAccessibleDescription(expect.stringContaining(text));
const notAbout = (el: HTMLElement, text: string) =>
  expect(el).not.toHaveAccessibleDescription(expect.stringContaining(text));

describe('Availability: the form checks with the server schema before it saves', () => {
  it('sends nothing while a check fails, shows each message beside its field, focuses the first, and follows the corrections', async () => {
    const { user, calls } = setup();
    const f = await form();
    await typeTime(user, 'Monday range 2 start', '11:00'); // overlaps 09:00–12:00
    await typeTime(user, 'Tuesday range 1 end', '08:00'); // ends before it starts
    await user.click(f.getByRole('button', { name: 'Add day off' }));
    await user.type(field('Days off date 3'), '2026-12-25'); // twice
    await user.click(f.getByRole('button', { name: 'Add exception' })); // no date
    await user.clear(f.getByLabelText('Book ahead (days)'));
    await user.type(f.getByLabelText('Book ahead (days)'), '0');
    await user.clear(f.getByLabelText('Minimum notice (hours)')); // blank is not 0
    await user.click(f.getByRole('button', { name: 'Save availability' }));

    // Nothing sent; the first message (Monday's) in the form's alert and at the focus.
    await waitFor(() => expect(field('Monday range 1 start')).toHaveFocus());
    expect(puts(calls)).toHaveLength(0);
    expect(f.getAllByText(BOOKING_TEXTS.rangeOverlap)).toHaveLength(2);
    about(field('Monday range 2 start'), BOOKING_TEXTS.rangeOverlap);
    about(field('Tuesday range 1 end'), BOOKING_TEXTS.rangeOrder);
    about(field('Days off date 1'), BOOKING_TEXTS.duplicateDayOff);
    about(field('Exception 3 date'), BOOKING_TEXTS.date);
    notAbout(field('Exception 1 date'), BOOKING_TEXTS.date);
    about(f.getByLabelText('Book ahead (days)'), HORIZON_MESSAGE);
    about(f.getByLabelText('Minimum notice (hours)'), NOTICE_MESSAGE);
    // Fields without a problem are not marked.
    expect(field('Exception 1 range 1 start')).not.toHaveAttribute('aria-invalid');
    expect(f.getByLabelText('Cancellation cut-off (hours)')).not.toHaveAttribute('aria-invalid');
    expect(field('Monday range 1 start')).toHaveAttribute('aria-invalid', 'true');

    // Each message goes as its field is corrected.
    await typeTime(user, 'Monday range 2 start', '12:00');
    expect(f.queryByText(BOOKING_TEXTS.rangeOverlap)).toBeNull();
    notAbout(field('Monday range 2 start'), BOOKING_TEXTS.rangeOverlap);
    about(field('Tuesday range 1 end'), BOOKING_TEXTS.rangeOrder);
    await typeTime(user, 'Tuesday range 1 end', '18:00');
    notAbout(field('Tuesday range 1 end'), BOOKING_TEXTS.rangeOrder);
    await user.click(f.getByRole('button', { name: 'Remove day off 3' }));
    notAbout(field('Days off date 1'), BOOKING_TEXTS.duplicateDayOff);
    await user.type(field('Exception 3 date'), '2027-02-01');
    notAbout(field('Exception 3 date'), BOOKING_TEXTS.date);
    await user.type(f.getByLabelText('Book ahead (days)'), '7'); // 07
    await user.type(f.getByLabelText('Minimum notice (hours)'), '0');
    expect(f.queryByRole('alert')).toBeNull();
    expect(puts(calls)).toHaveLength(0);

    await user.click(f.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText(BOOKING_TEXTS.saved, SHOWN)).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(1);
    expect(puts(calls)[0].body).toEqual({
      ...SAVED,
      weeklyHours: [
        [],
        [
          { start: '09:00', end: '12:00' },
          { start: '12:00', end: '17:00' },
        ],
        [{ start: '09:00', end: '18:00' }],
        ...SAVED.weeklyHours.slice(3),
      ],
      exceptions: [...SAVED.exceptions, { date: '2027-02-01', ranges: [] }],
      minNoticeHours: 0,
      horizonDays: 7,
    } satisfies Availability);
  });

  it('checks a day off left empty and an exception of a date twice', async () => {
    const { user, calls } = setup();
    const f = await form();
    await user.click(f.getByRole('button', { name: 'Add day off' }));
    await user.click(f.getByRole('button', { name: 'Add exception' }));
    await user.type(field('Exception 3 date'), '2026-12-24');
    await user.click(f.getByRole('button', { name: 'Save availability' }));
    await waitFor(() => expect(field('Days off date 3')).toHaveFocus());
    about(field('Days off date 3'), BOOKING_TEXTS.date);
    notAbout(field('Days off date 1'), BOOKING_TEXTS.date);
    // A date twice is about the list: said once, beside Exceptions.
    expect(f.getAllByText(BOOKING_TEXTS.duplicateDate)).toHaveLength(1);
    about(field('Exception 1 date'), BOOKING_TEXTS.duplicateDate);
    expect(puts(calls)).toHaveLength(0);
  });
});

describe('Availability: Add hours proposes a range that fits', () => {
  it('after a range that ends at midnight, offers none and says why; an earlier end makes room again', async () => {
    const { user, calls } = setup();
    const f = await form();
    const add = f.getByRole('button', { name: 'Add hours on Saturday' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription(ENDS_AT_MIDNIGHT);
    await user.click(add);
    expect(f.queryByRole('textbox', { name: 'Saturday range 2 start' })).toBeNull();

    await typeTime(user, 'Saturday range 1 end', '23:30');
    expect(add).not.toHaveAttribute('aria-disabled');
    await user.click(add);
    // Until midnight, less than the usual hour.
    expect(field('Saturday range 2 start')).toHaveValue('23:30');
    expect(field('Saturday range 2 end')).toHaveValue('00:00');
    expect(add).toHaveAccessibleDescription(ENDS_AT_MIDNIGHT);

    await user.click(f.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText(BOOKING_TEXTS.saved, SHOWN)).toBeInTheDocument();
    expect((puts(calls)[0].body as Availability).weeklyHours[6]).toEqual([
      { start: '18:00', end: '23:30' },
      { start: '23:30', end: '24:00' },
    ]);
  });

  it('starts from the latest end of the day, whatever the order of its ranges', () => {
    expect(nextRange([])).toEqual({ start: '09:00', end: '17:00' });
    expect(
      nextRange([
        { start: '13:00', end: '17:00' },
        { start: '08:00', end: '12:00' },
      ]),
    ).toEqual({ start: '17:00', end: '18:00' });
    expect(nextRange([{ start: '20:00', end: '23:15' }])).toEqual({ start: '23:15', end: '24:00' });
    expect(nextRange([{ start: '18:00', end: '24:00' }])).toBeNull();
    expect(
      nextRange([
        { start: '18:00', end: '24:00' },
        { start: '08:00', end: '09:00' },
      ]),
    ).toBeNull();
    // An end still being typed is not a place to start from.
    expect(nextRange([{ start: '10:00', end: '' }])).toEqual({ start: '09:00', end: '17:00' });
    expect(
      nextRange([
        { start: '07:00', end: '08:00' },
        { start: '10:00', end: '1' },
      ]),
    ).toEqual({ start: '08:00', end: '09:00' });
  });
});

describe("Availability: days off and exception dates in the device's date fields", () => {
  it('changes a day off, adds another, removes one, and saves them as YYYY-MM-DD', async () => {
    const { user, calls } = setup();
    const f = await form();
    await user.click(f.getByRole('button', { name: 'Remove day off 1' }));
    expect(field('Days off date 1')).toHaveValue('2026-12-26');
    expect(field('Days off date 1')).toHaveAttribute('type', 'date');
    await user.click(f.getByRole('button', { name: 'Add day off' }));
    await user.type(field('Days off date 2'), '2027-01-01');
    await user.clear(field('Days off date 1'));
    await user.type(field('Days off date 1'), '2026-12-31');
    expect(field('Days off date 1')).toHaveValue('2026-12-31');
    // An exception's date the same way.
    await user.clear(field('Exception 2 date'));
    await user.type(field('Exception 2 date'), '2027-01-02');

    await user.click(f.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText(BOOKING_TEXTS.saved, SHOWN)).toBeInTheDocument();
    expect(puts(calls)[0].body).toMatchObject({
      closedDates: ['2026-12-31', '2027-01-01'],
      exceptions: [SAVED.exceptions[0], { date: '2027-01-02', ranges: [] }],
    });
  });

  it('says when there are no days off', async () => {
    setup({ get: () => json(200, { availability: { ...SAVED, closedDates: [] } }) });
    const f = await form();
    expect(f.getByText('No days off')).toBeInTheDocument();
    expect(f.queryAllByLabelText(/^Days off date/)).toHaveLength(0);
  });

  it(`offers at most ${MAX_CLOSED_DATES} days off, as the server keeps`, async () => {
    // The list alone (the whole form with as many pickers is slow to render in jsdom).
    const many = Array.from({ length: MAX_CLOSED_DATES - 1 }, (_, i) =>
      new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10),
    );
    const saved: string[][] = [];
    function Held() {
      const [dates, setDates] = useState(many);
      return (
        <DaysOff
          labelId="none"
          dates={dates}
          errors={[]}
          onChange={(next) => {
            saved.push(next);
            setDates(next);
          }}
        />
      );
    }
    const user = userEvent.setup({ delay: null });
    render(<Held />);
    const add = screen.getByRole('button', { name: 'Add day off' });
    expect(add).not.toHaveAttribute('aria-disabled');
    await user.click(add);
    expect(saved).toEqual([[...many, '']]);
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription(DAYS_OFF_FULL);
    await user.click(add);
    expect(saved).toHaveLength(1);
  });
});
