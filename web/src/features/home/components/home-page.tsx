import '../../../styles/blocks.css';
import type { ReactNode } from 'react';
import { BUILTIN_PROGRAMS, type BuiltinProgram, EVALUATION_STEPS, SEO } from '#shared/content/builtin';
import { mapPrograms } from '#shared/content/programs-content';
import { FALLBACK } from '#shared/content/public-content';
import { ArrowRightIcon, ClockIcon } from '../../../components/icons';
import { Seo } from '../../../components/seo';
import { accessiblePalette } from '../../../lib/color-contrast';
import { useContentList } from '../../../lib/content/use-content';
import { Hero } from './hero';
import { LocalBusinessJsonLd } from './local-business-json-ld';
import { WhyUs } from './why-us';

/**
 * The home page. Its program preview and structured data show the published programs (the built-in ones
 * when there are none, as on /programs), so publishing a program renders `/` again (ADR 0031). Below the
 * fold it shows the success stories and the testimonials, which the app hands in (app/home.tsx).
 */
export function HomePage({ stories, testimonials }: { stories: ReactNode; testimonials: ReactNode }) {
  const programs: BuiltinProgram[] = useContentList('programs', {
    builtin: BUILTIN_PROGRAMS,
    fromRecords: mapPrograms,
    fallback: FALLBACK.programs,
  }).items;
  return (
    <>
      <Seo title={SEO.home.title} description={SEO.home.description} path="/" />
      <LocalBusinessJsonLd programs={programs} />
      <Hero />
      <WhyUs />

      <section className="section section--soft" aria-labelledby="programs-preview-heading">
        <div className="container">
          <div className="section-header">
            <p className="eyebrow">Programs</p>
            <h2 id="programs-preview-heading" className="section-title">
              A Program for Every Stage
            </h2>
            <p className="section-intro">
              Whether you are bringing home a new puppy or working through challenging behavior, there is a clear path
              forward.
            </p>
          </div>
          <ul className="program-preview-grid">
            {programs.map((p) => {
              // The colour on the top border; its accessible shade (>= 4.5:1 on white) for the title.
              const { accent, ink } = accessiblePalette(p.color);
              return (
                <li key={p.id} className="program-preview" style={{ borderTopColor: accent }}>
                  <h3 className="program-preview__title" style={{ color: ink }}>
                    {p.title}
                  </h3>
                  <p className="program-preview__meta">
                    <ClockIcon size={16} /> {p.duration}
                    <span aria-hidden="true">&middot;</span>
                    <span>from {p.price}</span>
                  </p>
                  <p className="program-preview__text">{p.description.replace(/\*/g, '')}</p>
                </li>
              );
            })}
          </ul>
          <div className="section-actions">
            <a href="/programs" className="btn btn-outline">
              Compare Programs <ArrowRightIcon size={18} />
            </a>
          </div>
        </div>
      </section>

      {stories}
      {testimonials}

      <section className="section" aria-labelledby="how-heading">
        <div className="container">
          <div className="section-header">
            <p className="eyebrow">Getting Started</p>
            <h2 id="how-heading" className="section-title">
              Three Simple Steps
            </h2>
          </div>
          <ol className="steps">
            {EVALUATION_STEPS.map((s, i) => (
              <li key={s.title} className="step">
                <span className="step__number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3 className="step__title">{s.title}</h3>
                <p className="step__text">{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
    </>
  );
}
