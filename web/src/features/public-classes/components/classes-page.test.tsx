import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PublicClass } from '#shared/contracts/public-classes';
import { MEDIA_URL, setAmbientContent } from '../../../lib/content/published';
import { ClassPage } from './class-page';
import { ClassesPage } from './classes-page';

const puppy: PublicClass = {
  id: 'c1',
  title: 'Puppy Manners',
  description: 'Six weeks of **puppy** manners.\n\n<img src=x onerror=alert(1)>',
  program: 'puppy-foundation',
  credits: 2,
  price: null,
  seatsLeft: 2,
  location: 'Training barn',
  online: false,
  durationMinutes: 60,
  weeks: 2,
  meetings: [
    // 6 PM in New York (EDT, UTC-4).
    { startsAt: '2026-10-06T22:00:00.000Z', endsAt: '2026-10-06T23:00:00.000Z' },
    { startsAt: '2026-10-13T22:00:00.000Z', endsAt: '2026-10-13T23:00:00.000Z' },
  ],
};
const loose: PublicClass = {
  ...puppy,
  id: 'c2',
  title: 'Drop-in Recall',
  price: 35,
  program: null,
  seatsLeft: 0,
  online: true,
  location: null,
  weeks: 1,
  meetings: [puppy.meetings[0]],
};

function withClasses(classes: PublicClass[]) {
  setAmbientContent({ sections: {}, mediaUrl: MEDIA_URL, classes: { timeZone: 'America/New_York', classes } });
}

afterEach(() => setAmbientContent(undefined));

describe('/classes', () => {
  it('groups the classes by program, each with its seats, schedule and link to its page', () => {
    withClasses([puppy, loose]);
    render(<ClassesPage />);
    const group = screen.getByRole('region', { name: 'Puppy Foundation' });
    expect(group).toHaveAttribute('id', 'program-puppy-foundation');
    expect(within(group).getByRole('link', { name: 'Puppy Manners' })).toHaveAttribute('href', '/classes/c1');
    expect(within(group).getByText('2 seats left')).toHaveAttribute('data-class-seats', 'c1');
    expect(within(group).getByText(/2 weeks from Tue, Oct 6, 2026/)).toBeInTheDocument();
    expect(within(group).getByText(/Tuesdays, 6:00 PM – 7:00 PM EDT/)).toBeInTheDocument();
    const others = screen.getByRole('region', { name: 'More Classes' });
    expect(within(others).getByText('Full — join the waitlist')).toBeInTheDocument();
    expect(within(others).getByText('Online')).toBeInTheDocument();
    // A priced class says its price beside the credits; the other only its credits.
    expect(within(others).getByText('$35.00 or 2 credits')).toBeInTheDocument();
    expect(within(group).getByText('2 credits')).toBeInTheDocument();
  });

  it('says so when no class is open', () => {
    withClasses([]);
    render(<ClassesPage />);
    expect(screen.getByText(/No classes are open for enrolment right now/)).toBeInTheDocument();
  });
});

describe('/classes/{id}', () => {
  it('shows the class with its meetings, sanitised description, seats and the Enrol call to action', () => {
    withClasses([puppy]);
    const { container } = render(<ClassPage id="c1" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Puppy Manners' })).toBeInTheDocument();
    expect(screen.getByText('puppy').tagName).toBe('STRONG');
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getAllByRole('listitem').filter((li) => li.textContent?.startsWith('Week'))).toHaveLength(2);
    expect(screen.getByText('Tue, Oct 13, 2026')).toBeInTheDocument();
    expect(screen.getByText('2 seats left')).toHaveAttribute('data-class-seats', 'c1');
    expect(screen.getByText('Training barn')).toBeInTheDocument();
    expect(screen.getAllByText('2 credits').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Enrol in Puppy Manners' })).toHaveAttribute(
      'href',
      '/dashboard/classes#class-c1',
    );
  });

  it('answers Class Not Found for a class that is not open', () => {
    withClasses([puppy]);
    render(<ClassPage id="nope" />);
    expect(screen.getByRole('heading', { name: 'Class Not Found' })).toBeInTheDocument();
  });
});
