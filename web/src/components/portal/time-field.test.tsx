import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TimeFormat } from '#shared/contracts/settings-options';
import { preferencesKey } from '../../lib/queries/preferences';
import { clockHint, TimeField, to12Hour, to24Hour, useTimeFormat } from './time-field';

/** A form's time state with the field, showing what the form would send. */
function Harness({ format, initial = '' }: { format: TimeFormat; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TimeField format={format} ariaLabel="Time" value={value} onChange={setValue} />
      <output aria-label="sent">{value}</output>
      <button type="button" onClick={() => setValue('21:05')}>
        Load 21:05
      </button>
    </>
  );
}

const sent = () => screen.getByRole('status', { name: 'sent' }).textContent;

describe('time conversions', () => {
  it.each([
    ['00:00', '12:00', 'AM'],
    ['00:30', '12:30', 'AM'],
    ['09:05', '09:05', 'AM'],
    ['12:00', '12:00', 'PM'],
    ['13:45', '01:45', 'PM'],
    ['23:59', '11:59', 'PM'],
  ] as const)('%s is %s %s and back', (h24, h12, meridiem) => {
    expect(to12Hour(h24)).toEqual({ text: h12, meridiem });
    expect(to24Hour(h12, meridiem)).toBe(h24);
  });

  it('leaves text that is not a time yet as it is', () => {
    expect(to24Hour('02:3', 'PM')).toBe('02:3');
    expect(to24Hour('13:00', 'PM')).toBe('13:00');
    expect(to24Hour('00:15', 'AM')).toBe('00:15');
    expect(to12Hour('')).toEqual({ text: '', meridiem: 'AM' });
  });

  it('names the clock in the hint', () => {
    expect(clockHint('24h')).toBe('24-hour clock (e.g. 14:30)');
    expect(clockHint('12h')).toBe('12-hour clock (e.g. 02:30 PM)');
  });
});

describe('TimeField', () => {
  it('on the 24-hour clock sends what is typed', async () => {
    const user = userEvent.setup();
    render(<Harness format="24h" />);
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '1430');
    expect(sent()).toBe('14:30');
    expect(screen.queryByRole('button', { name: /AM or PM/ })).not.toBeInTheDocument();
  });

  it('on the 12-hour clock sends the 24-hour time of what is typed with AM or PM', async () => {
    const user = userEvent.setup();
    render(<Harness format="12h" />);
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '0230');
    expect(sent()).toBe('02:30');
    await user.click(screen.getByRole('button', { name: /AM or PM/ }));
    await user.click(await screen.findByRole('option', { name: 'PM' }));
    expect(sent()).toBe('14:30');
    expect(screen.getByRole('textbox', { name: 'Time' })).toHaveValue('02:30');
  });

  it('shows a time set from outside on the 12-hour clock', async () => {
    const user = userEvent.setup();
    render(<Harness format="12h" initial="00:45" />);
    expect(screen.getByRole('textbox', { name: 'Time' })).toHaveValue('12:45');
    expect(screen.getByRole('button', { name: /AM or PM/ })).toHaveTextContent('AM');
    await user.click(screen.getByRole('button', { name: 'Load 21:05' }));
    expect(screen.getByRole('textbox', { name: 'Time' })).toHaveValue('09:05');
    expect(screen.getByRole('button', { name: /AM or PM/ })).toHaveTextContent('PM');
    expect(sent()).toBe('21:05');
  });
});

describe('useTimeFormat', () => {
  function Shown() {
    return <span>{useTimeFormat()}</span>;
  }
  const withPreferences = (preferences?: { timeFormat: TimeFormat }) => {
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: !!preferences } } });
    if (preferences) qc.setQueryData(preferencesKey, { preferences });
    return render(
      <QueryClientProvider client={qc}>
        <Shown />
      </QueryClientProvider>,
    );
  };

  it("is the trainer's saved clock, and the 24-hour clock until it is known", () => {
    withPreferences({ timeFormat: '12h' });
    expect(screen.getByText('12h')).toBeInTheDocument();
    withPreferences();
    expect(screen.getByText('24h')).toBeInTheDocument();
  });
});
