import { HamburgerIcon } from './icons';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { NavLink } from './nav-link';
import { MAIN_NAV_LINKS } from './nav-links';

/**
 * Fixed top navigation; hides on scroll down, shows on scroll up or near the top. Static markup: its
 * behaviour (hide on scroll, the mobile menu) is lib/static-page/header.ts, bound by `data-site-header`
 * and `data-menu-toggle`.
 */
export function SiteHeader() {
  return (
    <header className="site-header" data-site-header="">
      <div className="container site-header__inner">
        <Logo />
        <nav className="main-nav" aria-label="Main">
          <ul>
            {MAIN_NAV_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} className="main-nav__link">
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <NavLink to="/contact" className="btn btn-primary site-header__cta">
          Free Evaluation
        </NavLink>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={false}
          aria-controls="mobile-menu"
          aria-label="Open menu"
          data-menu-toggle=""
        >
          <HamburgerIcon />
        </button>
      </div>
      <MobileMenu id="mobile-menu" />
    </header>
  );
}
