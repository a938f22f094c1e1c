import { BUSINESS } from '../../../shared/content/builtin';
import { useBusinessInfo } from '../lib/use-business-info';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from './icons';
import { Logo } from './logo';

export function SiteFooter() {
  const business = useBusinessInfo();
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
            &copy; <span suppressHydrationWarning>{year}</span> {business.name}. All rights reserved.
          </p>
          <p>Serving {BUSINESS.areaServed.slice(0, 3).join(', ')} and nearby communities.</p>
        </div>
      </div>
    </footer>
  );
}
