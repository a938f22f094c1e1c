import { describe, expect, it } from 'vitest';
import { mapAbout } from '#shared/content/about-content';
import { BUILTIN_HERO, BUILTIN_PROGRAMS } from '#shared/content/builtin';
import { BUILTIN_ABOUT } from '#shared/content/builtin-about';
import { BUILTIN_STORIES } from '#shared/content/builtin-stories';
import { BUILTIN_STORY_TEXTS } from '#shared/content/builtin-story-texts';
import { BUILTIN_TIPS } from '#shared/content/builtin-tips';
import { mapPrograms, parseFeatures } from '#shared/content/programs-content';
import {
  FALLBACK,
  findBuiltinStory,
  mapHero,
  mapStories,
  resolveMediaUrl,
  safeColor,
  settleList,
  storyFromBuiltin,
} from '#shared/content/public-content';
import {
  findTip,
  formatLongDate,
  mapTips,
  sortTips,
  TIP_EXCERPT_LENGTH,
  tipExcerpt,
} from '#shared/content/tips-content';
import { record } from './test-support';

describe('list fallback rules (SPEC 4)', () => {
  const builtin = ['b1', 'b2'];
  const empty = { ok: true as const, items: [] as string[] };
  const failed = { ok: false as const, error: 'HTTP 500' };

  it('programs, tips and testimonials show the built-in content when the store is empty or fails', () => {
    for (const section of ['programs', 'tips', 'testimonials'] as const) {
      expect(settleList(empty, builtin, FALLBACK[section])).toMatchObject({
        status: 'ready',
        items: builtin,
        source: 'builtin',
      });
      expect(settleList(failed, builtin, FALLBACK[section])).toMatchObject({
        status: 'ready',
        items: builtin,
        source: 'builtin',
      });
    }
  });

  it('success stories show an empty grid when none and the error state on failure', () => {
    expect(settleList(empty, builtin, FALLBACK.success_stories)).toEqual({
      status: 'empty',
      items: [],
      source: 'live',
    });
    expect(settleList(failed, builtin, FALLBACK.success_stories)).toEqual({
      status: 'error',
      items: [],
      source: 'live',
      error: 'HTTP 500',
    });
  });

  it('live records win over the built-in content', () => {
    expect(settleList({ ok: true, items: ['live'] }, builtin, FALLBACK.programs)).toEqual({
      status: 'ready',
      items: ['live'],
      source: 'live',
    });
  });

  it('keeps the empty and error states when there is no built-in content either', () => {
    expect(settleList(empty, [], FALLBACK.programs).status).toBe('empty');
    expect(settleList(failed, [], FALLBACK.programs).status).toBe('error');
  });
});

describe('tips', () => {
  it('cuts the card excerpt at 180 characters and adds an ellipsis', () => {
    const long = 'a'.repeat(300);
    expect(tipExcerpt({ excerpt: long, content: '' })).toBe(`${'a'.repeat(TIP_EXCERPT_LENGTH)}...`);
    expect(TIP_EXCERPT_LENGTH).toBe(180);
  });

  it('ends the cut on a whole word when one is close', () => {
    const words = 'training '.repeat(30);
    const excerpt = tipExcerpt({ excerpt: words, content: '' });
    expect(excerpt).toMatch(/ training\.\.\.$/);
    expect(excerpt.length - 3).toBeLessThanOrEqual(180);
  });

  it('falls back to the first 180 characters of the content, then to No content available....', () => {
    const content = `## Heading\n\n**Bold** start ${'word '.repeat(60)}`;
    const excerpt = tipExcerpt({ excerpt: '', content });
    expect(excerpt.startsWith('Heading Bold start word')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(183);
    expect(excerpt.endsWith('...')).toBe(true);
    expect(tipExcerpt({ excerpt: '', content: '' })).toBe('No content available....');
  });

  it('gives a record without title, content or date the defaults', () => {
    const [tip] = mapTips([record('t1', {})]);
    expect(tip.title).toBe('Untitled Article');
    expect(tip.content).toBe('No content available.');
    expect(tip.publishDate).toBe(new Date().toISOString().slice(0, 10));
    expect(tipExcerpt(tip)).toBe('No content available....');
  });

  it('maps fields, splits tags on commas and formats the reading time', () => {
    const [tip] = mapTips([
      record('t9', {
        title: 'Leash Manners',
        content: 'Body',
        excerpt: 'Short',
        publish_date: '2025-03-04',
        author: 'Jessica',
        category: 'Leash Skills',
        tags: 'leash, , walking ,pulling',
        reading_time: '4',
        featured_image: '/images/tips/x.webp',
      }),
    ]);
    expect(tip).toMatchObject({
      id: 't9',
      title: 'Leash Manners',
      author: 'Jessica',
      category: 'Leash Skills',
      tags: ['leash', 'walking', 'pulling'],
      readingTime: '4 min read',
      featuredImage: '/images/tips/x.webp',
    });
  });

  it('sorts by publish date, newest first', () => {
    const tips = mapTips([
      record('old', { title: 'Old', publish_date: '2024-01-02' }),
      record('new', { title: 'New', publish_date: '2025-06-01' }),
      record('mid', { title: 'Mid', publish_date: '2024-12-31' }),
    ]);
    expect(tips.map((t) => t.id)).toEqual(['new', 'mid', 'old']);
    expect(sortTips(BUILTIN_TIPS).map((t) => t.publishDate)).toEqual(
      [...BUILTIN_TIPS.map((t) => t.publishDate)].sort().reverse(),
    );
  });

  it('finds an article by matching the route id as a string', () => {
    expect(findTip(BUILTIN_TIPS, BUILTIN_TIPS[1].id)?.title).toBe(BUILTIN_TIPS[1].title);
    expect(findTip(mapTips([record('42', { title: 'Numeric' })]), '42')?.title).toBe('Numeric');
    expect(findTip(BUILTIN_TIPS, 'nope')).toBeUndefined();
  });

  it('formats dates in US long format without shifting the calendar day', () => {
    expect(formatLongDate('2025-03-04')).toBe('March 4, 2025');
    expect(formatLongDate('2025-01-01')).toBe('January 1, 2025');
  });
});

describe('success stories', () => {
  it('finds a built-in story by slug or numeric id', () => {
    const cockapoo = BUILTIN_STORIES.find((s) => /cockapoo/i.test(s.breed));
    expect(cockapoo).toBeDefined();
    expect(findBuiltinStory(BUILTIN_STORIES, cockapoo?.slug)?.dogName).toBe(cockapoo?.dogName);
    expect(findBuiltinStory(BUILTIN_STORIES, String(cockapoo?.id))?.slug).toBe(cockapoo?.slug);
    expect(findBuiltinStory(BUILTIN_STORIES, 'a-content-id')).toBeUndefined();
  });

  it('has the full text of every built-in story, by slug, and nothing else', () => {
    expect(Object.keys(BUILTIN_STORY_TEXTS).sort()).toEqual(BUILTIN_STORIES.map((s) => s.slug).sort());
    for (const s of BUILTIN_STORIES) expect(BUILTIN_STORY_TEXTS[s.slug]?.length).toBeGreaterThan(200);
    expect(storyFromBuiltin(BUILTIN_STORIES[0]).story).toBe('');
    expect(storyFromBuiltin(BUILTIN_STORIES[0], 'Text').story).toBe('Text');
  });

  it('has the four fixed stories with readable slugs', () => {
    expect(BUILTIN_STORIES.map((s) => s.breed)).toEqual([
      'Pit Bull Terrier Mix',
      'Cockapoo',
      'Miniature Australian Shepherd',
      'Golden Doodle',
    ]);
    for (const s of BUILTIN_STORIES) expect(s.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
  });

  it('maps store records: image file names in the success_stories area, story falls back to the challenge', () => {
    const [story] = mapStories(
      [
        record(
          'c-1',
          { dog_name: 'Rex', breed: 'Beagle', image: 'rex 1.jpg', challenge: 'Howling', achievement: 'Quiet' },
          1,
          'Rex the Beagle',
        ),
      ],
      '/media',
    );
    expect(story).toMatchObject({
      id: 'c-1',
      title: 'Rex the Beagle',
      image: '/media/website/success_stories/rex%201.jpg',
      story: 'Howling',
    });
  });
});

describe('content fields', () => {
  it('resolves media: full URLs and site paths as they are, file names in the public media area', () => {
    expect(resolveMediaUrl('https://cdn.example.com/a.jpg', 'hero', '/media')).toBe('https://cdn.example.com/a.jpg');
    expect(resolveMediaUrl('/default-hero-bg.jpg', 'hero', '/media')).toBe('/default-hero-bg.jpg');
    expect(resolveMediaUrl('photo.png', 'testimonials', '/media/')).toBe('/media/website/testimonials/photo.png');
    expect(resolveMediaUrl('javascript:alert(1)', 'about_us', '/media')).toBeUndefined();
    // The editor's preview of an image not yet uploaded; no other scheme.
    expect(resolveMediaUrl('blob:http://127.0.0.1:3000/5f0c', 'hero', '/media')).toBe(
      'blob:http://127.0.0.1:3000/5f0c',
    );
    expect(resolveMediaUrl('blob:javascript:alert(1)', 'hero', '/media')).toBeUndefined();
    expect(resolveMediaUrl('data:image/svg+xml,<svg/>', 'hero', '/media')).toBeUndefined();
    expect(resolveMediaUrl('', 'hero', '/media')).toBeUndefined();
  });

  it('reads program features as a JSON list, a JSON object or lines', () => {
    expect(parseFeatures('["A"," B ",""]')).toEqual(['A', 'B']);
    expect(parseFeatures('{"x":"One","y":"Two"}')).toEqual(['One', 'Two']);
    expect(parseFeatures('One\n\n Two \n')).toEqual(['One', 'Two']);
  });

  it('maps programs in sort order with the default colour', () => {
    const programs = mapPrograms([
      record('b', { program_title: 'Second', description: 'd', features: '["f"]' }, 2),
      record('a', { program_title: 'First', description: 'd', color: 'url(x)' }, 1),
    ]);
    expect(programs.map((p) => p.title)).toEqual(['First', 'Second']);
    expect(programs[0].color).toBe('#2563eb');
    expect(BUILTIN_PROGRAMS.map((p) => [p.title, p.duration, p.price, p.color])).toEqual([
      ['Puppy Foundation', '6 weeks', '$300', '#10b981'],
      ['Basic Obedience', '8 weeks', '$400', '#3b82f6'],
      ['Advanced Training', '10 weeks', '$500', '#8b5cf6'],
    ]);
  });

  it('accepts only colour values for the hero colours', () => {
    expect(safeColor('#ABCDEF', '#fff')).toBe('#ABCDEF');
    expect(safeColor('red;background:url(x)', '#fff')).toBe('#fff');
  });

  it('gives missing hero and about fields their defaults', () => {
    const hero = mapHero(record('h', { heading: 'Hi', background_image: 'bg.jpg' }), '/media', BUILTIN_HERO);
    expect(hero).toEqual({ ...BUILTIN_HERO, heading: 'Hi', backgroundImage: '/media/website/hero/bg.jpg' });
    expect(mapHero(undefined, '/media', BUILTIN_HERO)).toEqual(BUILTIN_HERO);
    expect(BUILTIN_HERO.headingColor).toBe('#ffffff');

    const about = mapAbout(
      record('a', { main_heading: 'About', left_block_bullets: 'One\n\n Two ' }),
      '/m',
      BUILTIN_ABOUT,
    );
    expect(about.mainHeading).toBe('About');
    expect(about.leftBlockContents).toEqual(['One', 'Two']);
    expect(about.heroImage).toBe('/default-about-hero.jpg');
    expect(about.mission).toBe(BUILTIN_ABOUT.mission);
  });
});
