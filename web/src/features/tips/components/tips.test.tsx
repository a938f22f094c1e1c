import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILTIN_TIPS } from '#shared/content/builtin-tips';
import { matchPath } from '../../../app/paths';
import { record, type SectionAnswer, setContent } from '../../../lib/content/test-support';
import { renderStaticPage as render } from '../../../testing/static-page';
import { TipArticlePage } from './tip-article-page';
import { TipsPage } from './tips-page';

function renderAt(path: string, tips: SectionAnswer) {
  setContent({ tips });
  const article = matchPath('/tips/:id', path);
  render(article ? <TipArticlePage id={article.id} /> : <TipsPage />);
}

const LIVE = [
  record('older', {
    title: 'Older Tip',
    content: 'Old body',
    publish_date: '2024-05-01',
    author: 'Sam',
    category: 'Puppy',
  }),
  record('newer', {
    title: 'Newer Tip',
    excerpt: 'x'.repeat(200),
    content: '# Intro\nHello',
    publish_date: '2025-02-03',
    author: 'Jessica',
    category: 'Leash Skills',
    tags: 'leash, walking',
    reading_time: '7 min read',
  }),
];

describe('tips list', () => {
  it('shows the heading and the store tips newest first, each with date, badge, excerpt, author, reading time', async () => {
    renderAt('/tips', LIVE);
    expect(screen.getByRole('heading', { level: 1, name: 'Training Tips & Guides' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Newer Tip' })).toBeInTheDocument();
    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Newer Tip', 'Older Tip']);
    const first = within(cards[0]);
    expect(first.getByText('February 3, 2025')).toBeInTheDocument();
    expect(first.getByText('Leash Skills')).toBeInTheDocument();
    expect(first.getByText(`${'x'.repeat(180)}...`)).toBeInTheDocument();
    expect(first.getByText('By Jessica')).toBeInTheDocument();
    expect(first.getByText('7 min read')).toBeInTheDocument();
    expect(first.getByRole('link', { name: /Read More/ })).toHaveAttribute('href', '/tips/newer');
  });

  it.each([
    ['empty', [] as SectionAnswer],
    ['absent from the page', 'none' as SectionAnswer],
  ])('falls back to the built-in tips when the store is %s', async (_label, answer) => {
    renderAt('/tips', answer);
    for (const t of BUILTIN_TIPS) expect(screen.getByRole('heading', { name: t.title })).toBeInTheDocument();
    expect(screen.queryByText('Error loading tips. Please try again later.')).toBeNull();
    expect(screen.queryByText('No articles found')).toBeNull();
  });
});

describe('tip article', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a built-in article at once (prerendered) with its details', () => {
    const tip = BUILTIN_TIPS[0];
    renderAt(`/tips/${tip.id}`, 'none');
    expect(screen.getByRole('heading', { level: 1, name: tip.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Tips/ })).toHaveAttribute('href', '/tips');
    expect(screen.getByText(`By ${tip.author}`)).toBeInTheDocument();
    expect(screen.getByText(tip.readingTime)).toBeInTheDocument();
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(tip.tags);
    expect(screen.getByText(tip.excerpt)).toBeInTheDocument();
    expect(screen.getByText('Share this article:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Read More Tips/ })).toHaveAttribute('href', '/tips');
  });

  it('finds a store article by id, with tags split on commas and headings rendered', async () => {
    renderAt('/tips/newer', LIVE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Newer Tip' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Intro' })).toBeInTheDocument();
    expect(screen.getByText('February 3, 2025')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Tags' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('shows Article Not Found with a link back when no tip has the id', async () => {
    renderAt('/tips/does-not-exist', LIVE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Article Not Found' })).toBeInTheDocument();
    expect(screen.getByText('The requested article could not be found.')).toBeInTheDocument();
    expect(screen.getByText('Article not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Return to Tips/ })).toHaveAttribute('href', '/tips');
    await vi.waitFor(() =>
      expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toMatch(/noindex/),
    );
  });

  it('Copy Link copies the address and shows "Link copied to clipboard!" for 3 seconds', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, share: undefined });
    renderAt(`/tips/${BUILTIN_TIPS[0].id}`, 'none');
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy Link' }));
    });
    expect(writeText).toHaveBeenCalledWith(window.location.href);
    expect(screen.getByText('Link copied to clipboard!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.getByText('Link copied to clipboard!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Link copied to clipboard!')).toBeNull();
  });

  it('Share opens the device share sheet when there is one', async () => {
    const share = vi.fn(async () => undefined);
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, share });
    const tip = BUILTIN_TIPS[1];
    renderAt(`/tips/${tip.id}`, 'none');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    });
    expect(share).toHaveBeenCalledWith({ title: tip.title, url: window.location.href });
    expect(writeText).not.toHaveBeenCalled();
  });

  it('Share copies the title plus the link when there is no share sheet', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText }, share: undefined });
    const tip = BUILTIN_TIPS[2];
    renderAt(`/tips/${tip.id}`, 'none');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    });
    expect(writeText).toHaveBeenCalledWith(`${tip.title} - ${window.location.href}`);
    expect(screen.getByText('Link copied to clipboard!')).toBeInTheDocument();
  });
});
