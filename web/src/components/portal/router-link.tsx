import Link, { type LinkProps } from '@cloudscape-design/components/link';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { isPortalPath } from '../../app/portal-paths';

interface FollowDetail {
  href?: string;
  external?: boolean;
}

/**
 * `onFollow` for Cloudscape links, buttons with href, side navigation and top navigation: internal
 * portal hrefs navigate through React Router instead of reloading the page.
 */
export function useFollow() {
  const navigate = useNavigate();
  return useCallback(
    (event: CustomEvent<FollowDetail>) => {
      const { href, external } = event.detail;
      if (!href || external || /^[a-z]+:/i.test(href) || href.startsWith('#')) return;
      // The public site's pages are documents of their own: the browser follows those links.
      if (!isPortalPath(new URL(href, window.location.href).pathname)) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
}

/** A Cloudscape link that routes client-side. */
export function RouterLink(props: LinkProps & { href: string }) {
  const follow = useFollow();
  return <Link {...props} onFollow={follow} />;
}
