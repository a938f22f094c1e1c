import { BUILTIN_HERO, HERO_HEIGHT_PX, type HeroContent } from '#shared/content/builtin';
import { mapHero } from '#shared/content/public-content';
import { ArrowRightIcon } from '../../../components/icons';
import { useContentSingle } from '../../../lib/content/use-content';

const DEFAULT_IMAGE = BUILTIN_HERO.backgroundImage;
/** WebP copies of the default image (web/scripts/generate-images.ts): phones pick 640 or 960, not 1600. */
const DEFAULT_SRCSET =
  '/default-hero-bg-640.webp 640w, /default-hero-bg-960.webp 960w, /default-hero-bg-1600.webp 1600w';

const fromRecord = (record: Parameters<typeof mapHero>[0], mediaUrl: string): HeroContent =>
  mapHero(record, mediaUrl, BUILTIN_HERO);

/**
 * Home hero (SPEC 2): heading, subheading, their colours and the background image, from the published
 * hero record (in the prerendered HTML); no record or a missing field takes the built-in default. A
 * background image that fails shows the default image (`data-fallback-src`, lib/static-page/images.ts).
 */
export function Hero() {
  const hero = useContentSingle('hero', { builtin: BUILTIN_HERO, fromRecord, defaultsOnEmpty: true });
  const content = hero.status === 'ready' ? hero.value : BUILTIN_HERO;
  const src = content.backgroundImage;
  const isDefault = src === DEFAULT_IMAGE;

  return (
    <section className="hero" style={{ minHeight: HERO_HEIGHT_PX }} aria-labelledby="hero-heading">
      <img
        className="hero__image"
        src={src}
        srcSet={isDefault ? DEFAULT_SRCSET : undefined}
        sizes={isDefault ? '100vw' : undefined}
        alt=""
        width={1600}
        height={900}
        fetchPriority="high"
        {...(isDefault
          ? {}
          : {
              'data-fallback-src': DEFAULT_IMAGE,
              'data-fallback-srcset': DEFAULT_SRCSET,
              'data-fallback-sizes': '100vw',
            })}
      />
      <div className="hero__overlay" aria-hidden="true" />
      <div className="container hero__content">
        <p className="hero__eyebrow">Dog training in Lakewood Ranch, FL</p>
        <h1 id="hero-heading" className="hero__heading" style={{ color: content.headingColor }}>
          {content.heading}
        </h1>
        <p className="hero__subheading" style={{ color: content.subheadingColor }}>
          {content.subheading}
        </p>
        <div className="hero__actions">
          <a href="/programs" className="btn btn-primary btn-lg">
            Explore Our Programs <ArrowRightIcon size={18} />
          </a>
          <a href="/contact" className="btn btn-ghost-light btn-lg">
            Book a Free Evaluation
          </a>
        </div>
        <ul className="hero__highlights">
          <li>Reward-based methods</li>
          <li>Private, one-on-one sessions</li>
          <li>Free initial evaluation</li>
        </ul>
      </div>
    </section>
  );
}
