import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUILTIN_TESTIMONIALS } from '#shared/content/builtin-testimonials';
import { record, type SectionAnswer, setContent } from '../../../lib/content/test-support';
import { TestimonialsBlock } from './testimonials-block';

function renderBlock(testimonials: SectionAnswer) {
  setContent({ testimonials });
  render(<TestimonialsBlock />);
}

describe('testimonials block', () => {
  it('shows the store testimonials with photo, name, location and quote', async () => {
    renderBlock([
      record('t2', { client_name: 'Ana P.', testimonial_text: 'Second quote', location: 'Parrish, FL' }, 2),
      record(
        't1',
        { client_name: 'Ben K.', testimonial_text: 'First quote', photo: 'ben.jpg', location: 'Sarasota' },
        1,
      ),
    ]);
    expect(screen.getByRole('heading', { name: 'What Our Clients Say' })).toBeInTheDocument();
    expect(await screen.findByText('First quote')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('Ben K.')).toBeInTheDocument();
    expect(within(items[0]).getByRole('img', { name: 'Ben K.' })).toHaveAttribute(
      'src',
      '/media/website/testimonials/ben.jpg',
    );
    // No photo: the generated avatar with initials (decorative, beside the name).
    expect(within(items[1]).queryByRole('img')).toBeNull();
    expect(items[1].querySelector('svg[data-initials="AP"]')).not.toBeNull();
    expect(within(items[1]).getByText('Parrish, FL')).toBeInTheDocument();
  });

  it.each([
    ['empty', [] as SectionAnswer],
    ['absent from the page', 'none' as SectionAnswer],
  ])('falls back to the built-in samples when the store is %s', async (_label, answer) => {
    renderBlock(answer);
    for (const t of BUILTIN_TESTIMONIALS) expect(await screen.findByText(t.text)).toBeInTheDocument();
    expect(screen.queryByText('Error loading testimonials. Please try again later.')).toBeNull();
    expect(screen.queryByText('No testimonials available at the moment.')).toBeNull();
  });
});
