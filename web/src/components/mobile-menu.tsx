import { NavLink } from './nav-link';
import { MOBILE_NAV_LINKS } from './nav-links';

/** Slide-down panel under 768px (SPEC: menu animation 0.2 s, in CSS). */
export function MobileMenu({ id, open, onNavigate }: { id: string; open: boolean; onNavigate: () => void }) {
  return (
    <div id={id} className={`mobile-menu${open ? ' mobile-menu--open' : ''}`} inert={!open} aria-hidden={!open}>
      <nav aria-label="Mobile">
        <ul>
          {MOBILE_NAV_LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={l.to} className="mobile-menu__link" onClick={onNavigate}>
                {l.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mobile-menu__actions">
          <NavLink to="/contact" className="btn btn-primary btn-block" onClick={onNavigate}>
            Book a Free Evaluation
          </NavLink>
          <NavLink to="/dashboard" className="btn btn-outline btn-block" onClick={onNavigate}>
            Client &amp; Trainer Login
          </NavLink>
        </div>
      </nav>
    </div>
  );
}
