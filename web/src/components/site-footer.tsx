import { BUSINESS } from '#shared/content/builtin';
import { BUILTIN_BUSINESS_INFO as business } from '../lib/business-info';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from './icons';
import { Logo } from './logo';

/**
 * The site's footer. The business's name, phone and e-mail are the built-ins until the ones saved in the
 * settings are read (lib/static-page: `data-business`), the year the current one (`data-current-year`).
 */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-grid">
          <div className="footer-brand">
            <Logo inverted />
            <p>
              Positive, science-based dog training for puppies and adult dogs in {BUSINESS.location} and the surrounding
              area.
            </p>
            <a href="/contact" className="btn btn-primary footer-brand__cta">
              Contact Us
            </a>
          </div>

          <nav className="footer-col" aria-label="Footer">
            <h2 className="footer-col__title">Explore</h2>
            <ul>
              <li>
                <a href="/programs">Training Programs</a>
              </li>
              <li>
                <a href="/tips">Training Tips</a>
              </li>
              <li>
                <a href="/contact">Contact</a>
              </li>
            </ul>
          </nav>

          <div className="footer-col">
            <h2 className="footer-col__title">Get in Touch</h2>
            <address>
              <ul className="footer-contact">
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
                <li>
                  <ClockIcon size={18} />
                  <span>{BUSINESS.hours}</span>
                </li>
              </ul>
            </address>
          </div>
        </div>

        <div className="footer-bottom">
          <p>
            &copy; <span data-current-year="">{year}</span> <span data-business="name">{business.name}</span>. All
            rights reserved.
          </p>
          <p>Serving {BUSINESS.areaServed.slice(0, 3).join(', ')} and nearby communities.</p>
        </div>
      </div>
    </footer>
  );
}
