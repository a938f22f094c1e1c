import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TipsPage } from './tips-page';

// An empty list after loading (the store and the built-in tips both empty): the page's empty state.
vi.mock('./use-tips', () => ({ useTips: () => ({ status: 'ready', items: [], source: 'live' }) }));

describe('tips page', () => {
  it('says No articles found when there is no article', () => {
    render(<TipsPage />);
    expect(screen.getByText('No articles found')).toBeInTheDocument();
  });
});
