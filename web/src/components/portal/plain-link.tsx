import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { isPortalPath } from '../../app/portal-paths';

/**
 * A plain link (no Cloudscape) for the signed-out screens and the signed-in shell: portal paths route
 * client-side, public pages are documents of their own and load as such.
 */
export function PlainLink({
  href,
  className = 'auth-link',
  children,
  onClick: onClicked,
  ...rest
}: {
  href: string;
  className?: string;
  children: ReactNode;
} & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className' | 'children'>) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClicked?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    if (!isPortalPath(new URL(href, window.location.href).pathname)) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <a href={href} className={className} onClick={onClick} {...rest}>
      {children}
    </a>
  );
}
