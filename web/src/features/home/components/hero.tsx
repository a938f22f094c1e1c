import { Link } from 'react-router-dom';
import { BUILTIN_HERO, HERO_HEIGHT_PX, type HeroContent } from '../../../../../shared/content/builtin';
import { ArrowRightIcon } from '../../../components/icons';

/** Home hero: heading, subheading, colours and background image (built-in defaults until the CMS). */
export function Hero({ content = BUILTIN_HERO }: { content?: HeroContent }) {
  return (
    <section
      className="hero"
      style={{ minHeight: HERO_HEIGHT_PX, backgroundImage: `url("${content.backgroundImage}")` }}
      aria-labelledby="hero-heading"
    >
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
          <Link to="/programs" className="btn btn-primary btn-lg">
            Explore Our Programs <ArrowRightIcon size={18} />
          </Link>
          <Link to="/contact" className="btn btn-ghost-light btn-lg">
            Book a Free Evaluation
          </Link>
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
