import { NavLink } from './nav-link';
import { MOBILE_NAV_LINKS } from './nav-links';

/**
 * Slide-down panel under 768px (SPEC: menu animation 0.2 s, in CSS), rendered closed; the header's
 * toggle opens it (lib/static-page/header.ts).
 */
export function MobileMenu({ id }: { id: string }) {
  return (
    <div id={id} className="mobile-menu" inert aria-hidden>
      <nav aria-label="Mobile">
        <ul>
          {MOBILE_NAV_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} className="mobile-menu__link">
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mobile-menu__actions">
          <NavLink to="/contact" className="btn btn-primary btn-block">
            Book a Free Evaluation
          </NavLink>
          <NavLink to="/dashboard" className="btn btn-outline btn-block">
            Client &amp; Trainer Login
          </NavLink>
        </div>
      </nav>
    </div>
  );
}
