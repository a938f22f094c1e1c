import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { isPortalPath, PORTAL_PATTERNS } from '../portal-paths';
import { portalRoutes } from './portal-app';

/** The route React Router picks for `path` in the portal ('*' = leave the portal). */
const routedAs = (path: string) => matchRoutes(portalRoutes, path)?.at(-1)?.route.path;

describe('portal routes', () => {
  it('route every path the rest of the app sends to the portal', () => {
    const paths = PORTAL_PATTERNS.flatMap((p) =>
      p.endsWith('/*') ? [p.slice(0, -2), p.replace('*', '42/dogs')] : [p],
    );
    for (const path of paths) {
      expect(isPortalPath(path), path).toBe(true);
      expect(routedAs(path), path).not.toBe('*');
    }
  });

  it('leave the portal for public pages and unknown paths (each is its own document)', () => {
    for (const path of ['/', '/tips/reliable-recall', '/dashboard/unknown', '/nope']) {
      expect(isPortalPath(path), path).toBe(false);
      expect(routedAs(path), path).toBe('*');
    }
  });
});
