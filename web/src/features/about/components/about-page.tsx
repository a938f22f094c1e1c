import '../../../styles/content.css';
import { useRef } from 'react';
import { mapAbout } from '#shared/content/about-content';
import { BUILTIN_ABOUT } from '#shared/content/builtin-about';
import { PAGE_SEO } from '#shared/content/builtin-pages';
import { type AboutContent, CONTENT_TEXTS, DEFAULT_ABOUT_HERO_IMAGE } from '#shared/content/public-content';
import { CheckIcon } from '../../../components/content-icons';
import { ContentImage } from '../../../components/content-image';
import { ContentMessage } from '../../../components/content-state';
import { HeartIcon } from '../../../components/icons';
import { CtaPanel } from '../../../components/page-intro';
import { RichText } from '../../../components/rich-text';
import { Seo } from '../../../components/seo';
import { useContentSingle } from '../../../lib/content/use-content';
import { useKeepViewportSpace } from '../../../lib/use-keep-viewport-space';

const fromRecord = (record: Parameters<typeof mapAbout>[0], mediaUrl: string) =>
  mapAbout(record, mediaUrl, BUILTIN_ABOUT);

function ClosingBox() {
  return (
    <CtaPanel
      title="Start Your Journey With Us"
      text="Every great partnership starts with a conversation. Book a free evaluation and let's talk about your dog."
    >
      <a href="/contact" className="btn btn-light btn-lg">
        Get Started
      </a>
    </CtaPanel>
  );
}

/** The about page's content (also the editor's preview of a draft). */
export function AboutContentView({ about }: { about: AboutContent }) {
  const showChecklist = Boolean(about.leftBlockHeading) && about.leftBlockContents.length > 0;
  return (
    <>
      <section className="about-hero" aria-labelledby="page-heading">
        <ContentImage
          className="about-hero__image"
          src={about.heroImage}
          fallbackSrc={DEFAULT_ABOUT_HERO_IMAGE}
          alt=""
          width={1600}
          height={900}
          sizes="100vw"
          priority
          fill
        />
        <div className="about-hero__overlay" aria-hidden="true" />
        <div className="container about-hero__content">
          <p className="eyebrow eyebrow--light">About Us</p>
          <h1 id="page-heading" className="about-hero__heading">
            {about.mainHeading}
          </h1>
          <p className="about-hero__subheading">{about.subheading}</p>
        </div>
      </section>

      <section className="section">
        <div className="container about-columns">
          <div className="about-column">
            <h2 className="about-column__heading">{about.leftHeading}</h2>
            <RichText text={about.leftContent} className="article-body" />
            {showChecklist && (
              <div className="checklist-box">
                <h3 className="checklist-box__heading">{about.leftBlockHeading}</h3>
                <ul className="checklist">
                  {about.leftBlockContents.map((b, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list from the content; text plus position stays unique if two lines repeat.
                    <li key={`${i}-${b}`}>
                      <CheckIcon size={18} />
                      <span>{b}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </div>
          <div className="about-column">
            <h2 className="about-column__heading">{about.rightHeading}</h2>
            <RichText text={about.rightContent} className="article-body" />
            <div className="mission-box">
              <h3 className="mission-box__heading">
                <HeartIcon size={20} /> Our Mission
              </h3>
              <p>{about.mission}</p>
            </div>
          </div>
        </div>
      </section>
    </>
  );
}

/** /about (SPEC 2): the published about record, the built-in content when the page has none. */
export function AboutPage() {
  const about = useContentSingle('about_us', {
    builtin: BUILTIN_ABOUT,
    fromRecord,
    defaultsOnEmpty: false,
  });
  const region = useRef<HTMLDivElement>(null);
  useKeepViewportSpace(region, about.status);
  return (
    <>
      <Seo title={PAGE_SEO.about.title} description={PAGE_SEO.about.description} path="/about" />
      <div ref={region}>
        {about.status === 'ready' ? (
          <AboutContentView about={about.value} />
        ) : (
          <section className="content-missing" aria-labelledby="page-heading">
            <div className="container content-missing__inner">
              <h1 id="page-heading">About Us</h1>
              <ContentMessage kind="empty">{CONTENT_TEXTS.aboutEmpty}</ContentMessage>
            </div>
          </section>
        )}
      </div>
      <ClosingBox />
    </>
  );
}
