import './contact.css';
import { BUSINESS, EVALUATION_STEPS } from '../../../../../shared/content/builtin';
import { PAGE_INTROS, PAGE_SEO } from '../../../../../shared/content/builtin-pages';
import { ArrowLeftIcon } from '../../../components/content-icons';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../../components/icons';
import { Seo } from '../../../components/seo';
import { goBack } from '../../../lib/navigation';
import { useBusinessInfo } from '../../../lib/use-business-info';
import { ContactForm } from './contact-form';

export function ContactPage() {
  const intro = PAGE_INTROS.contact;
  const business = useBusinessInfo();

  return (
    <>
      <Seo title={PAGE_SEO.contact.title} description={PAGE_SEO.contact.description} path="/contact" />
      <section className="contact-hero" aria-labelledby="page-heading">
        <div className="container">
          <button type="button" className="back-link" onClick={() => goBack('/')}>
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
          <div className="card contact-card">
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
                  <a href={`mailto:${business.email}`}>{business.email}</a>
                </li>
                <li>
                  <PhoneIcon size={18} />
                  <a href={business.phoneHref}>{business.phone}</a>
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
