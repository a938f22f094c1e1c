import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BUILTIN_STORIES } from '#shared/content/builtin-stories';
import { matchPath } from '../../../app/paths';
import { record, type SectionAnswer, setContent, stubPublicFetch } from '../../../lib/content/test-support';
import { renderStaticPage as render } from '../../../testing/static-page';
import { StoriesGrid } from './stories-grid';
import { SuccessStoriesPage } from './success-stories-page';
import { SuccessStoryPage } from './success-story-page';

function renderAt(path: string, stories: SectionAnswer, grid?: { limit?: number }) {
  setContent({ success_stories: stories });
  const story = matchPath('/success-stories/:id', path);
  render(
    path === '/' ? (
      <StoriesGrid limit={grid?.limit} />
    ) : story ? (
      <SuccessStoryPage id={story.id} />
    ) : (
      <SuccessStoriesPage />
    ),
  );
}

const LIVE = [
  record(
    'a1b2c3',
    {
      dog_name: 'Rosie',
      breed: 'Boxer',
      image: 'rosie.jpg',
      challenge: 'Jumped on everyone',
      achievement: 'Greets politely',
      duration: '8 weeks',
      story_content: 'Rosie learned **manners**.',
      video_url: 'rosie.mp4',
    },
    2,
    'Rosie Finds Her Manners',
  ),
  record(
    'd4e5f6',
    {
      dog_name: 'Milo',
      breed: 'Corgi',
      image: 'https://example.com/milo.jpg',
      challenge: 'Barking',
      achievement: 'Calm',
      duration: '6 weeks',
    },
    1,
  ),
];

const storyLinks = () =>
  screen
    .queryAllByRole('link')
    .map((a) => a.getAttribute('href') ?? '')
    .filter((h) => h.startsWith('/success-stories/'));

describe('success stories grid', () => {
  it('shows the store stories in sort order with image, name, breed, challenge, achievement and duration', async () => {
    renderAt('/success-stories', LIVE);
    expect(await screen.findByRole('link', { name: 'Rosie' })).toHaveAttribute('href', '/success-stories/a1b2c3');
    expect(storyLinks()).toEqual(['/success-stories/d4e5f6', '/success-stories/a1b2c3']);
    const card = screen.getByRole('link', { name: 'Rosie' }).closest('li') as HTMLElement;
    expect(within(card).getByText('Boxer')).toBeInTheDocument();
    expect(within(card).getByText('Challenge')).toBeInTheDocument();
    expect(within(card).getByText('Jumped on everyone')).toBeInTheDocument();
    expect(within(card).getByText('Achievement')).toBeInTheDocument();
    expect(within(card).getByText('Greets politely')).toBeInTheDocument();
    expect(within(card).getByText('Training Duration')).toBeInTheDocument();
    expect(within(card).getByText('8 weeks')).toBeInTheDocument();
    expect(within(card).getByRole('img')).toHaveAttribute('src', '/media/website/success_stories/rosie.jpg');
  });

  it('starts with the built-in stories (the prerendered page) and links them by slug', () => {
    renderAt('/success-stories', 'none');
    expect(storyLinks()).toEqual(BUILTIN_STORIES.map((s) => `/success-stories/${s.slug}`));
    expect(screen.getByRole('button', { name: /Back/ })).toBeInTheDocument();
  });

  it('shows an empty grid when the store has no stories (no fallback)', async () => {
    renderAt('/success-stories', []);
    expect(storyLinks()).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('with a limit shows that many cards and a View More Success Stories link', async () => {
    renderAt('/', 'none', { limit: 3 });
    expect(screen.getByRole('heading', { name: 'Success Stories' })).toBeInTheDocument();
    expect(storyLinks()).toHaveLength(3);
    expect(screen.getByRole('link', { name: /View More Success Stories/ })).toHaveAttribute('href', '/success-stories');
  });
});

describe('success story page', () => {
  const max = BUILTIN_STORIES[0];

  it.each([
    ['slug', max.slug],
    ['numeric id', String(max.id)],
  ])('finds a built-in story by %s, without waiting for the store', (_label, id) => {
    renderAt(`/success-stories/${id}`, 'none');
    expect(screen.getByRole('heading', { level: 1, name: max.title })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(max.breed))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The Challenge' })).toBeInTheDocument();
    expect(screen.getByText(max.challenge)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The Achievement' })).toBeInTheDocument();
    expect(screen.getByText('Training Duration')).toBeInTheDocument();
    expect(screen.getByText(max.duration)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Start Your Dog's Transformation" })).toHaveAttribute('href', '/contact');
  });

  it('shows a published story by its content id, with a same-origin video', async () => {
    renderAt('/success-stories/a1b2c3', LIVE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Rosie Finds Her Manners' })).toBeInTheDocument();
    expect(screen.getByText('manners').tagName).toBe('STRONG');
    const video = screen.getByLabelText("Rosie's training video");
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/media/website/success_stories/rosie.mp4');
  });

  it.each([
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
      'YouTube',
    ],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?autoplay=1', 'Vimeo'],
  ])('plays %s in the page only after a click on the facade', async (videoUrl, player, hostName) => {
    const [rosie] = LIVE;
    const fetchMock = stubPublicFetch();
    renderAt('/success-stories/a1b2c3', [{ ...rosie, fields: { ...rosie.fields, video_url: videoUrl } }]);
    await screen.findByRole('heading', { level: 1, name: 'Rosie Finds Her Manners' });
    // Nothing of the video host yet: no frame, no request, no link away.
    expect(document.querySelector('iframe')).toBeNull();
    expect(fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => /youtube|vimeo/.test(u))).toEqual([]);
    expect(screen.queryByRole('link', { name: /training video/ })).toBeNull();
    const play = screen.getByRole('button', { name: "Play Rosie's training video" });
    expect(play).toHaveAccessibleDescription(`Plays on ${hostName}`);
    await userEvent.click(play);
    const frame = screen.getByTitle("Rosie's training video");
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', player);
    expect(screen.queryByRole('button', { name: /Play Rosie/ })).toBeNull();
  });

  it('links to a video on another host instead of embedding it', async () => {
    const [rosie] = LIVE;
    renderAt('/success-stories/a1b2c3', [
      { ...rosie, fields: { ...rosie.fields, video_url: 'https://videos.example.com/rosie' } },
    ]);
    const link = await screen.findByRole('link', { name: "Watch Rosie's training video" });
    expect(link).toHaveAttribute('href', 'https://videos.example.com/rosie');
    expect(screen.queryByRole('button', { name: /Play/ })).toBeNull();
  });

  it('shows Story Not Found with a link back, not indexed', async () => {
    renderAt('/success-stories/unknown-story', LIVE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Story Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Success Stories/ })).toHaveAttribute('href', '/success-stories');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toMatch(/noindex/);
  });
});
