import { useRef } from 'react';
import { BUILTIN_STORIES } from '#shared/content/builtin-stories';
import {
  CONTENT_TEXTS,
  DEFAULT_STORY_IMAGE,
  FALLBACK,
  mapStories,
  type SuccessStory,
  storyFromBuiltin,
} from '#shared/content/public-content';
import type { PublicContentRecord } from '#shared/contracts/content';
import { ContentImage } from '../../../components/content-image';
import { ContentMessage } from '../../../components/content-state';
import { ArrowRightIcon } from '../../../components/icons';
import { useContentList } from '../../../lib/content/use-content';
import { useKeepViewportSpace } from '../../../lib/use-keep-viewport-space';

export const BUILTIN_STORY_CARDS: SuccessStory[] = BUILTIN_STORIES.map((s) => storyFromBuiltin(s));

export const storiesFromRecords = (records: PublicContentRecord[], mediaUrl: string) =>
  mapStories(records, mediaUrl, BUILTIN_STORIES);

/** How a card's image loads: `priority` for the page's LCP image, `eager` above the fold, else lazy. */
export type StoryImageLoading = 'priority' | 'eager' | 'lazy';

/** `sizes` of the card image: full width below 768px; wide cards show it at 40% of the card beside the text. */
const CARD_SIZES = '(max-width: 767px) 100vw, (max-width: 1023px) 50vw, 380px';
const WIDE_CARD_SIZES = '(max-width: 767px) 100vw, (max-width: 1023px) 40vw, 240px';

/** A story card: image, name, breed, Challenge, Achievement, Training Duration; links to the story. */
export function StoryCard({
  story,
  headingLevel = 3,
  imageLoading = 'lazy',
  wide = false,
}: {
  story: SuccessStory;
  headingLevel?: 2 | 3;
  imageLoading?: StoryImageLoading;
  wide?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="story-card">
      <ContentImage
        className="story-card__image"
        src={story.image}
        fallbackSrc={DEFAULT_STORY_IMAGE}
        alt={story.imageAlt}
        width={1200}
        height={750}
        sizes={wide ? WIDE_CARD_SIZES : CARD_SIZES}
        priority={imageLoading === 'priority'}
        eager={imageLoading === 'eager'}
      />
      <div className="story-card__body">
        <Heading className="story-card__name">
          <a href={`/success-stories/${encodeURIComponent(story.id)}`} className="story-card__link">
            {story.dogName}
          </a>
        </Heading>
        <p className="story-card__breed">{story.breed}</p>
        <dl className="story-card__facts">
          <div>
            <dt>Challenge</dt>
            <dd>{story.challenge}</dd>
          </div>
          <div>
            <dt>Achievement</dt>
            <dd>{story.achievement}</dd>
          </div>
        </dl>
        <p className="story-card__duration">
          <span>Training Duration</span> <strong>{story.duration}</strong>
        </p>
        <span className="story-card__more" aria-hidden="true">
          Read {story.dogName}'s story <ArrowRightIcon size={16} />
        </span>
      </div>
    </li>
  );
}

export interface StoriesGridProps {
  /** Show at most this many cards, with a View More Success Stories link to /success-stories. */
  limit?: number;
  /** Show the grid's own heading (the /success-stories page has it as its h1 instead). */
  showHeading?: boolean;
  /** Softer background (home page). */
  soft?: boolean;
  /** Two columns of wide cards (image beside the text) instead of three narrow ones. */
  wide?: boolean;
  /**
   * How many cards load their image eagerly (the first with high priority: the page's LCP). Default: 1
   * when the grid is the page's main content (no heading of its own: /success-stories), else 0. Only the
   * first card is above the fold on a phone, and React preloads every eager image from <head>, where a
   * second one would compete with the LCP image; on wider screens the lazy second one loads on layout.
   */
  eagerImages?: number;
}

/**
 * Success stories grid (SPEC 2). Starts with the built-in stories (the prerendered HTML), then shows
 * the store's stories; none shows an empty grid and a failure the error text (SPEC 4: no fallback).
 */
export function StoriesGrid({
  limit,
  showHeading = true,
  soft = false,
  wide = false,
  eagerImages = showHeading ? 0 : 1,
}: StoriesGridProps) {
  const state = useContentList('success_stories', {
    builtin: BUILTIN_STORY_CARDS,
    fromRecords: storiesFromRecords,
    fallback: FALLBACK.success_stories,
  });
  const items = limit === undefined ? state.items : state.items.slice(0, limit);
  const region = useRef<HTMLDivElement>(null);
  useKeepViewportSpace(region, `${state.status}:${items.length}`);
  // With its heading the grid is a section landmark named by it; without (the /success-stories page,
  // whose intro already is the "Success Stories" landmark) it is a plain block: landmark names stay unique.
  const Block = showHeading ? 'section' : 'div';
  return (
    <Block
      className={`section stories${soft ? ' section--soft' : ''}`}
      aria-labelledby={showHeading ? 'stories-heading' : undefined}
    >
      <div className="container">
        {showHeading && (
          <div className="section-header">
            <p className="eyebrow">Real Results</p>
            <h2 id="stories-heading" className="section-title">
              Success Stories
            </h2>
            <p className="section-intro">
              Meet a few of the dogs we have worked with, and the families who now enjoy calmer walks and happier homes.
            </p>
          </div>
        )}
        <div ref={region}>
          {state.status === 'error' ? (
            <ContentMessage kind="error">{CONTENT_TEXTS.storiesError}</ContentMessage>
          ) : (
            <ul className={`story-grid${wide ? ' story-grid--wide' : ''}`}>
              {items.map((s, i) => (
                <StoryCard
                  key={s.id}
                  story={s}
                  headingLevel={showHeading ? 3 : 2}
                  imageLoading={i >= eagerImages ? 'lazy' : i === 0 ? 'priority' : 'eager'}
                  wide={wide}
                />
              ))}
            </ul>
          )}
        </div>
        {limit !== undefined && (
          <div className="section-actions">
            <a href="/success-stories" className="btn btn-outline">
              View More Success Stories <ArrowRightIcon size={18} />
            </a>
          </div>
        )}
      </div>
    </Block>
  );
}
