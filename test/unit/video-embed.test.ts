import { describe, expect, it } from 'vitest';
import { videoEmbedOf } from '../../shared/content/video-embed.js';

describe('success story videos on YouTube and Vimeo', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    [
      'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    ],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    ['https://youtu.be/dQw4w9WgXcQ?t=42', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?autoplay=1'],
    ['https://vimeo.com/76979871/abc123def4', 'https://player.vimeo.com/video/76979871?h=abc123def4&autoplay=1'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871?autoplay=1'],
    [
      'https://player.vimeo.com/video/76979871?h=abc123def4',
      'https://player.vimeo.com/video/76979871?h=abc123def4&autoplay=1',
    ],
  ])('plays %s with the player at %s', (url, src) => {
    expect(videoEmbedOf(url)?.src).toBe(src);
  });

  it.each([
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
    'https://www.youtube.com/channel/UC123',
    'https://vimeo.com/about',
    'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
    '/media/website/success_stories/rosie.mp4',
    'not a url',
  ])('embeds no player for %s', (url) => {
    expect(videoEmbedOf(url)).toBeUndefined();
  });
});
