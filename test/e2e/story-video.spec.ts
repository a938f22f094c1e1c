/**
 * A success story's YouTube or Vimeo video plays in the page through a click-to-load facade: nothing
 * is asked of the video host until the visitor presses Play, and the Content-Security-Policy lets in
 * exactly those players' frames. The story is published for the journey (its page rendered on publish)
 * with its video on the host under test, and removed afterwards; the players' pages are stand-ins (no
 * network here).
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { open } from './helpers';
import { ownContent, settled } from './publish';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const content = ownContent();
test.afterEach(() => content.removeAll());

/** Publishes a story whose video is `videoUrl` and waits for its page; returns the story's id. */
async function publishStory(host: string, videoUrl: string): Promise<string> {
  const id = await content.publish(
    'success_stories',
    'Biscuit Learns to Settle',
    {
      dog_name: 'Biscuit',
      breed: 'Beagle',
      image: '/images/stories/bella-cockapoo.webp',
      challenge: 'Howled when left alone',
      achievement: 'Settles calmly in his crate',
      duration: '6 weeks',
      story_content: 'Biscuit learned to **settle**.',
      video_url: videoUrl,
    },
    { sortOrder: 1, id: `e2e-video-story-${host.toLowerCase()}` },
  );
  await settled();
  return id;
}

/** Answers the players with stand-ins; notes every request to the video hosts. */
async function watchVideoHosts(page: Page): Promise<string[]> {
  const videoHostRequests: string[] = [];
  page.on('request', (r) => {
    if (/youtube|vimeo|ytimg/.test(new URL(r.url()).hostname)) videoHostRequests.push(r.url());
  });
  await page.route(/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: `<!doctype html><title>player</title><p>Stand-in player for ${route.request().url()}</p>`,
    }),
  );
  return videoHostRequests;
}

for (const { host, url, player } of [
  {
    host: 'YouTube',
    url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    player: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
  },
  { host: 'Vimeo', url: 'https://vimeo.com/76979871', player: 'https://player.vimeo.com/video/76979871?autoplay=1' },
]) {
  test(`a ${host} video plays in the story page only after a click on Play`, async ({ page }) => {
    const storyId = await publishStory(host, url);
    const videoHostRequests = await watchVideoHosts(page);
    const blocked: string[] = [];
    page.on('console', (m) => {
      if (/Content.Security.Policy/i.test(m.text())) blocked.push(m.text());
    });
    const response = await page.goto(`/success-stories/${storyId}`);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com https://player.vimeo.com;');
    await open(page, `/success-stories/${storyId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Biscuit Learns to Settle');

    const play = page.getByRole('button', { name: "Play Biscuit's training video" });
    await expect(play).toBeVisible();
    await expect(play).toHaveAccessibleDescription(`Plays on ${host}`);
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(videoHostRequests, 'nothing fetched from the video host before the click').toEqual([]);
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    if (host === 'YouTube') {
      await page.locator('.story-video').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath('video-facade.png') });
    }

    await play.click();
    const frame = page.locator('iframe[title="Biscuit\'s training video"]');
    await expect(frame).toHaveAttribute('src', player);
    // The policy let the player's frame load (a blocked frame never reaches the stand-in).
    await expect(page.frameLocator('iframe').getByText(`Stand-in player for ${player}`)).toBeVisible();
    expect(videoHostRequests).toEqual([player]);
    expect(blocked).toEqual([]);
  });
}
