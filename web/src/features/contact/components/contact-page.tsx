import './contact.css';
import { BUSINESS, EVALUATION_STEPS } from '#shared/content/builtin';
import { PAGE_INTROS, PAGE_SEO } from '#shared/content/builtin-pages';
import { ArrowLeftIcon } from '../../../components/content-icons';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../../components/icons';
import { Seo } from '../../../components/seo';
import { BUILTIN_BUSINESS_INFO } from '../../../lib/business-info';
import { ContactForm } from './contact-form';

/**
 * /contact: static markup but for the form, the page's one React island (`data-island`, hydrated by
 * app/contact-island.tsx when it comes near or is touched). Back and the saved business info are
 * lib/static-page's.
 */
export function ContactPage() {
  const intro = PAGE_INTROS.contact;
  const business = BUILTIN_BUSINESS_INFO;

  return (
    <>
      <Seo title={PAGE_SEO.contact.title} description={PAGE_SEO.contact.description} path="/contact" />
      <section className="contact-hero" aria-labelledby="page-heading">
        <div className="container">
          <button type="button" className="back-link" data-back="/">
            <ArrowLeftIcon size={18} /> Back
          </button>
          <p className="eyebrow">{intro.label}</p>
          <h1 id="page-heading" className="contact-hero__heading">
            {intro.heading}
          </h1>
          <p className="contact-hero__text">{intro.intro}</p>
        </div>
      </section>

      <section className="section section--tight">
        <div className="container contact-layout">
          <div className="card contact-card" data-island="contact-form">
            <ContactForm />
          </div>

          <aside className="contact-aside" aria-label="What happens next">
            <div className="card card--soft">
              <h2 className="contact-aside__title">What happens next</h2>
              <ol className="mini-steps">
                {EVALUATION_STEPS.map((s, i) => (
                  <li key={s.title}>
                    <span className="mini-steps__number" aria-hidden="true">
                      {i + 1}
                    </span>
                    <div>
                      <p className="mini-steps__title">{s.title}</p>
                      <p className="mini-steps__text">{s.text}</p>
                    </div>
                  </li>
                ))}
              </ol>
              <p className="promise">
                <ClockIcon size={18} /> We respond to every request {BUSINESS.replyPromise}.
              </p>
            </div>
            <div className="card card--soft">
              <h2 className="contact-aside__title">Prefer to reach out directly?</h2>
              <ul className="contact-list">
                <li>
                  <MailIcon size={18} />
                  <a href={`mailto:${business.email}`} data-business="email">
                    {business.email}
                  </a>
                </li>
                <li>
                  <PhoneIcon size={18} />
                  <a href={business.phoneHref} data-business="phone">
                    {business.phone}
                  </a>
                </li>
                <li>
                  <MapPinIcon size={18} />
                  <span>{BUSINESS.location}</span>
                </li>
              </ul>
            </div>
          </aside>
        </div>
      </section>
    </>
  );
}
