import '../styles/pages.css';
import type { ReactNode } from 'react';

/** Page banner: small label, the page heading (h1) and an intro paragraph. */
export function PageIntro({
  label,
  heading,
  intro,
  children,
}: {
  label: string;
  heading: string;
  intro: string;
  children?: ReactNode;
}) {
  return (
    <section className="page-intro" aria-labelledby="page-heading">
      <div className="container page-intro__inner">
        {children}
        <p className="eyebrow eyebrow--light">{label}</p>
        <h1 id="page-heading" className="page-intro__heading">
          {heading}
        </h1>
        <p className="page-intro__text">{intro}</p>
      </div>
    </section>
  );
}

/** Closing call to action used across the public pages. */
export function CtaPanel({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section className="section section--cta">
      <div className="container">
        <div className="cta-panel">
          <div>
            <h2 className="cta-panel__title">{title}</h2>
            <p className="cta-panel__text">{text}</p>
          </div>
          <div className="cta-panel__actions">{children}</div>
        </div>
      </div>
    </section>
  );
}
