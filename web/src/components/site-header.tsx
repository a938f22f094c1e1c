import { useEffect, useState } from 'react';
import { HamburgerIcon } from './icons';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { NavLink } from './nav-link';
import { MAIN_NAV_LINKS } from './nav-links';
import { useHeaderVisibility } from './use-header-visibility';

/** Fixed top navigation; hides on scroll down, shows on scroll up or near the top. */
export function SiteHeader() {
  const scrolledVisible = useHeaderVisibility();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const visible = scrolledVisible || menuOpen;
  return (
    <header className={`site-header${visible ? '' : ' site-header--hidden'}`}>
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
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((o) => !o)}
        >
          <HamburgerIcon open={menuOpen} />
        </button>
      </div>
      <MobileMenu id="mobile-menu" open={menuOpen} onNavigate={() => setMenuOpen(false)} />
    </header>
  );
}
