import { type AnchorHTMLAttributes, createContext, type ReactNode, useContext } from 'react';
import { matchPath } from '../app/paths';

/*
 * The public pages are separate documents with plain links between them; the only thing they need to
 * know about the URL is the path of the page being shown (for the header's active link).
 */
const PathnameContext = createContext('/');

export function PathnameProvider({ pathname, children }: { pathname: string; children: ReactNode }) {
  return <PathnameContext.Provider value={pathname}>{children}</PathnameContext.Provider>;
}

/** Whether a link to `to` is the current page or (except home) one of its children. */
export function isActiveLink(to: string, pathname: string): boolean {
  return matchPath(to === '/' ? to : `${to}/*`, pathname) !== null;
}

/** A link that is marked `active` (class and aria-current="page") while its page is shown. */
export function NavLink({
  to,
  className = '',
  ...rest
}: { to: string; className?: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'>) {
  const active = isActiveLink(to, useContext(PathnameContext));
  return (
    <a
      href={to}
      className={active ? `${className} active`.trim() : className}
      aria-current={active ? 'page' : undefined}
      {...rest}
    />
  );
}
