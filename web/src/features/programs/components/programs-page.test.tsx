import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUILTIN_PROGRAMS } from '#shared/content/builtin';
import { MEDIA_URL, setAmbientContent } from '../../../lib/content/published';
import { record, type SectionAnswer, setContent } from '../../../lib/content/test-support';
import { ProgramsPage } from './programs-page';

function renderPage(programs: SectionAnswer) {
  setContent({ programs });
  render(<ProgramsPage />);
}

const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('programs page', () => {
  it('shows the store programs in sort order with their details', async () => {
    renderPage([
      record(
        'p2',
        { program_title: 'Scent Work', description: 'Nose games', features: '["Searches"]', price: '$250' },
        2,
      ),
      record(
        'p1',
        {
          program_title: 'Canine Good Citizen',
          description: 'Line one\n**Test prep** and *fun*',
          features: '["Loose leash","Stay"]',
          color: '#ff0000',
          price: '$450',
          duration: '7 weeks',
        },
        1,
      ),
    ]);
    expect(await screen.findByRole('heading', { name: 'Canine Good Citizen' })).toBeInTheDocument();
    expect(cardTitles().slice(0, 2)).toEqual(['Canine Good Citizen', 'Scent Work']);
    const card = screen.getByRole('heading', { name: 'Canine Good Citizen' }).closest('article') as HTMLElement;
    expect(within(card).getByText('Test prep').tagName).toBe('STRONG');
    expect(within(card).getByText("What's Included")).toBeInTheDocument();
    expect(within(card).getByText('Loose leash')).toBeInTheDocument();
    expect(within(card).getByText('$450')).toBeInTheDocument();
    expect(within(card).getByText('7 weeks')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Enroll Now/ })).toHaveAttribute('href', '/contact');
    // No duration given: no Duration fact.
    const other = screen.getByRole('heading', { name: 'Scent Work' }).closest('article') as HTMLElement;
    expect(within(other).queryByText('Duration')).toBeNull();
  });

  it.each([
    ['empty', [] as SectionAnswer],
    ['no records of the section', 'none' as SectionAnswer],
  ])('falls back to the built-in programs when the page has %s', async (_label, answer) => {
    renderPage(answer);
    for (const p of BUILTIN_PROGRAMS) expect(await screen.findByRole('heading', { name: p.title })).toBeInTheDocument();
    expect(screen.queryByText('Error loading programs. Please try again later.')).toBeNull();
    expect(screen.queryByText('No training programs available at the moment.')).toBeNull();
  });

  it('shows the built-in programs while loading (the prerendered page)', () => {
    renderPage('none');
    expect(screen.getByRole('heading', { name: 'Puppy Foundation' })).toBeInTheDocument();
  });

  it('leads a program with upcoming classes to them; the others keep Enroll Now', () => {
    const meeting = { startsAt: '2026-10-06T22:00:00.000Z', endsAt: '2026-10-06T23:00:00.000Z' };
    setAmbientContent({
      sections: {},
      mediaUrl: MEDIA_URL,
      classes: {
        timeZone: 'America/New_York',
        classes: [
          {
            ...{
              id: 'c1',
              title: 'Puppy Manners',
              description: '',
              program: 'puppy-foundation',
              credits: 2,
              price: null,
            },
            ...{ seatsLeft: 2, location: null, online: true, durationMinutes: 60, weeks: 1, meetings: [meeting] },
          },
        ],
      },
    });
    render(<ProgramsPage />);
    expect(screen.getByRole('link', { name: 'See upcoming classes of Puppy Foundation' })).toHaveAttribute(
      'href',
      '/classes#program-puppy-foundation',
    );
    expect(screen.getByRole('link', { name: 'Enroll Now in Basic Obedience' })).toHaveAttribute('href', '/contact');
    setAmbientContent(undefined);
  });
});
