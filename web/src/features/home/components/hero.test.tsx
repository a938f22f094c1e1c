import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUILTIN_HERO } from '#shared/content/builtin';
import { record, type SectionAnswer, setContent } from '../../../lib/content/test-support';
import { Hero } from './hero';

function renderHero(hero: SectionAnswer) {
  setContent({ hero });
  render(<Hero />);
}

const heroImage = () => document.querySelector('section img') as HTMLImageElement;

describe('home hero', () => {
  it('shows the store hero: heading, subheading, colours and a media-area background image', async () => {
    renderHero([
      record('h', {
        heading: 'Happy Dogs, Happy Homes',
        subheading: 'Training that sticks',
        heading_color: '#fde68a',
        background_image: 'beach.jpg',
      }),
    ]);
    const h1 = await screen.findByRole('heading', { level: 1, name: 'Happy Dogs, Happy Homes' });
    expect(h1).toHaveStyle({ color: '#fde68a' });
    expect(screen.getByText('Training that sticks')).toBeInTheDocument();
    expect(heroImage()).toHaveAttribute('src', '/media/website/hero/beach.jpg');
    expect(screen.getByRole('link', { name: /Explore Our Programs/ })).toHaveAttribute('href', '/programs');
  });

  it.each([
    ['has no records for the page', 'none' as SectionAnswer],
    ['is empty', [] as SectionAnswer],
  ])('keeps the default hero text and image when the store %s', async (_label, answer) => {
    renderHero(answer);
    expect(screen.getByRole('heading', { level: 1, name: BUILTIN_HERO.heading })).toHaveStyle({ color: '#ffffff' });
    expect(heroImage()).toHaveAttribute('src', '/default-hero-bg.jpg');
  });
});
