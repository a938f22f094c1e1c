import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUILTIN_ABOUT } from '#shared/content/builtin-about';
import { record, type SectionAnswer, setContent } from '../../../lib/content/test-support';
import { AboutPage } from './about-page';

function renderPage(about: SectionAnswer) {
  setContent({ about_us: about });
  render(<AboutPage />);
}

describe('about page', () => {
  it('shows the built-in content first (the prerendered page)', () => {
    renderPage('none');
    expect(screen.getByRole('heading', { level: 1, name: BUILTIN_ABOUT.mainHeading })).toBeInTheDocument();
    expect(screen.getByText('About Us')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: BUILTIN_ABOUT.leftHeading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: BUILTIN_ABOUT.leftBlockHeading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: BUILTIN_ABOUT.rightHeading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Our Mission' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Start Your Journey With Us' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/contact');
  });

  it('shows the store record; the checklist only with a heading and at least one bullet', async () => {
    renderPage([
      record('about', {
        main_heading: 'Meet Your Trainer',
        subheading: 'Local and certified',
        left_heading: 'Story',
        left_content: 'Left',
        left_block_heading: 'Checklist',
        left_block_bullets: '\n\n',
        right_heading: 'Method',
        right_content: 'Right',
        mission: 'Happy dogs',
        hero_image: 'team.jpg',
      }),
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Meet Your Trainer' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Checklist' })).toBeNull();
    expect(screen.getByText('Happy dogs')).toBeInTheDocument();
    expect(document.querySelector('img[src="/media/website/about_us/team.jpg"]')).not.toBeNull();
  });

  it('shows the built-in content when the page has no about records', async () => {
    renderPage('none');
    expect(screen.getByRole('heading', { level: 1, name: BUILTIN_ABOUT.mainHeading })).toBeInTheDocument();
    expect(screen.queryByText('Error loading about us content. Please try again later.')).toBeNull();
  });

  it('says the content is not available when the store has no about record', async () => {
    renderPage([]);
    expect(await screen.findByText('About us content not available at the moment.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/contact');
  });
});
