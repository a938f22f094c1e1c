import '../../../styles/content.css';
import { useId } from 'react';
import { BUSINESS } from '#shared/content/builtin';
import { BUILTIN_STORIES } from '#shared/content/builtin-stories';
import { BUILTIN_STORY_TEXTS } from '#shared/content/builtin-story-texts';
import {
  CONTENT_TEXTS,
  DEFAULT_STORY_IMAGE,
  findBuiltinStory,
  plainText,
  type SuccessStory,
  storyFromBuiltin,
} from '#shared/content/public-content';
import { type VideoEmbed, videoEmbedOf } from '#shared/content/video-embed';
import { articleJsonLd } from '../../../components/article-json-ld';
import { ArrowLeftIcon, PlayIcon, TargetIcon, TrophyIcon } from '../../../components/content-icons';
import { ContentImage } from '../../../components/content-image';
import { ArrowRightIcon, ClockIcon, PawIcon } from '../../../components/icons';
import { JsonLd } from '../../../components/json-ld';
import { RichText } from '../../../components/rich-text';
import { Seo } from '../../../components/seo';
import { useContentList } from '../../../lib/content/use-content';
import { useSiteUrl } from '../../../lib/site';
import { storiesFromRecords } from './stories-grid';

const NO_FALLBACK = { onEmpty: false, onError: false };

function BackToStories({ light = false }: { light?: boolean }) {
  return (
    <a href="/success-stories" className={`back-link${light ? ' back-link--light' : ''}`}>
      <ArrowLeftIcon size={18} /> Back to Success Stories
    </a>
  );
}

/** Whether a video URL may play in a <video> on this site: a site path, or a URL on this origin or the media base. */
export function isPlayableVideo(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  if (typeof window === 'undefined') return false;
  try {
    return new URL(url).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * A YouTube or Vimeo video behind a click-to-load facade: nothing is fetched from the video host until
 * the visitor presses Play; then the player replaces the button and starts (lib/static-page/buttons.ts,
 * by `data-video-src`).
 */
function VideoFacade({ embed, dogName }: { embed: VideoEmbed; dogName: string }) {
  const id = useId();
  const title = `${dogName}'s training video`;
  return (
    <figure className="story-video">
      <button
        type="button"
        className="story-video__facade"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-note`}
        data-video-src={embed.src}
        data-video-title={title}
      >
        <span className="story-video__play" aria-hidden="true">
          <PlayIcon size={34} />
        </span>
        <span className="story-video__label" id={`${id}-label`}>
          Play {title}
        </span>
        <span className="story-video__note" id={`${id}-note`}>
          Plays on {embed.hostName}
        </span>
      </button>
    </figure>
  );
}

function StoryVideo({ url, dogName }: { url: string; dogName: string }) {
  const embed = videoEmbedOf(url);
  if (embed) return <VideoFacade embed={embed} dogName={dogName} />;
  if (!isPlayableVideo(url)) {
    // Other hosts' players are never embedded: link to the video instead.
    return (
      <p className="story-video-link">
        <a href={url} target="_blank" rel="noopener noreferrer">
          Watch {dogName}'s training video <ArrowRightIcon size={16} />
        </a>
      </p>
    );
  }
  return (
    <figure className="story-video">
      {/* biome-ignore lint/a11y/useMediaCaption: the trainer uploads the video by URL; the product has no captions for it (the story's text says what it shows). */}
      <video controls preload="metadata" src={url} aria-label={`${dogName}'s training video`} />
    </figure>
  );
}

function StoryArticle({ story }: { story: SuccessStory }) {
  const siteUrl = useSiteUrl();
  const path = `/success-stories/${story.id}`;
  const description = plainText(`${story.dogName} (${story.breed}): ${story.achievement}`).slice(0, 300);
  return (
    <>
      <Seo
        title={`${story.title} | ${BUSINESS.name}`}
        description={description}
        path={path}
        image={story.image}
        type="article"
        keywords={`${story.breed}, dog training success story, ${BUSINESS.location}, positive reinforcement`}
      />
      <JsonLd
        data={articleJsonLd(siteUrl, {
          path,
          headline: story.title,
          description,
          image: story.image,
          section: 'Success Stories',
        })}
      />
      <article className="story-detail">
        <header className="story-banner">
          <div className="container story-banner__inner">
            <div className="story-banner__text">
              <BackToStories light />
              <p className="eyebrow eyebrow--light">Success Story</p>
              <h1 className="story-banner__title">{story.title}</h1>
              <p className="story-banner__breed">
                <PawIcon size={18} /> {story.dogName} &middot; {story.breed}
              </p>
            </div>
            <ContentImage
              className="story-banner__image"
              src={story.image}
              fallbackSrc={DEFAULT_STORY_IMAGE}
              alt={story.imageAlt}
              width={1200}
              height={750}
              sizes="(max-width: 1023px) 100vw, 560px"
              priority
            />
          </div>
        </header>

        <div className="container story-layout">
          <div className="story-main">
            <div className="story-highlights">
              <section className="story-highlight story-highlight--challenge" aria-labelledby="story-challenge">
                <h2 id="story-challenge">
                  <TargetIcon size={20} /> The Challenge
                </h2>
                <p>{story.challenge}</p>
              </section>
              <section className="story-highlight story-highlight--achievement" aria-labelledby="story-achievement">
                <h2 id="story-achievement">
                  <TrophyIcon size={20} /> The Achievement
                </h2>
                <p>{story.achievement}</p>
              </section>
            </div>
            <section aria-label={`${story.dogName}'s story`}>
              <RichText text={story.story} className="article-body" />
            </section>
            {story.videoUrl && <StoryVideo url={story.videoUrl} dogName={story.dogName} />}
          </div>
          <aside className="story-aside">
            <div className="story-aside__card">
              <p className="story-aside__label">
                <ClockIcon size={18} /> Training Duration
              </p>
              <p className="story-aside__value">{story.duration}</p>
              <p className="story-aside__text">
                Every dog's plan is different. We start with a free evaluation to understand your dog and your goals.
              </p>
              <a href="/contact" className="btn btn-primary btn-block">
                Start Your Dog's Transformation
              </a>
            </div>
          </aside>
        </div>
      </article>
    </>
  );
}

function StoryNotFound() {
  return (
    <section className="content-missing" aria-labelledby="story-missing-heading">
      <Seo
        title={`${CONTENT_TEXTS.storyNotFoundTitle} | ${BUSINESS.name}`}
        description="This success story could not be found."
        robots="noindex, nofollow"
      />
      <div className="container content-missing__inner">
        <span className="content-missing__badge" aria-hidden="true">
          <PawIcon size={36} />
        </span>
        <h1 id="story-missing-heading">{CONTENT_TEXTS.storyNotFoundTitle}</h1>
        <p>We could not find that success story. It may have been moved or is no longer published.</p>
        <a href="/success-stories" className="btn btn-primary btn-lg">
          <ArrowLeftIcon size={18} /> Back to Success Stories
        </a>
      </div>
    </section>
  );
}

function StoryError({ message }: { message: string }) {
  return (
    <section className="content-missing" aria-labelledby="story-error-heading">
      <Seo
        title={`Success Story | ${BUSINESS.name}`}
        description="This success story could not be loaded."
        robots="noindex, nofollow"
      />
      <div className="container content-missing__inner">
        <span className="content-missing__badge" aria-hidden="true">
          <PawIcon size={36} />
        </span>
        <h1 id="story-error-heading" className="visually-hidden">
          Success Story
        </h1>
        <p className="content-state content-state--error" role="alert">
          {CONTENT_TEXTS.storyError(message)}
        </p>
        <a href="/success-stories" className="btn btn-outline btn-lg">
          <ArrowLeftIcon size={18} /> Back to Success Stories
        </a>
      </div>
    </section>
  );
}

/**
 * /success-stories/{id} (SPEC 2): a built-in story by slug or numeric id (prerendered; replaced in place
 * when the store holds a record under the same id), else a content id looked up in the store.
 */
export function SuccessStoryPage({ id }: { id: string }) {
  const builtin = findBuiltinStory(BUILTIN_STORIES, id);
  const live = useContentList('success_stories', {
    builtin: [],
    fromRecords: storiesFromRecords,
    fallback: NO_FALLBACK,
  });

  if (builtin) {
    const stored = live.items.find((s) => s.id === builtin.slug || s.id === id);
    return <StoryArticle story={stored ?? storyFromBuiltin(builtin, BUILTIN_STORY_TEXTS[builtin.slug])} />;
  }
  const story = live.items.find((s) => s.id === id);
  if (story) return <StoryArticle story={story} />;
  if (live.status === 'error') return <StoryError message={live.error ?? 'Unknown error'} />;
  return <StoryNotFound />;
}
