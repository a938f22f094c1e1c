/**
 * Path patterns without a router: the public pages are separate documents (prerendered HTML, plain
 * links between them), so only the portal (a lazy chunk) loads React Router. Patterns follow React
 * Router's syntax for the subset the app uses: static segments, `:param` segments and a trailing `*`;
 * matching ignores case and trailing slashes, as React Router does.
 */

export type Params = Record<string, string>;

/** `/a/b/` -> `/a/b`; empty -> `/`. */
export function normalizePath(pathname: string): string {
  return pathname.replace(/\/+$/, '') || '/';
}

const segments = (path: string) => path.split('/').filter(Boolean);

/** The params of `pathname` under `pattern` (e.g. `/tips/:id`), or null when it does not match. */
export function matchPath(pattern: string, pathname: string): Params | null {
  const want = segments(pattern);
  const have = segments(pathname);
  const splat = want[want.length - 1] === '*';
  if (splat) want.pop();
  if (splat ? have.length < want.length : have.length !== want.length) return null;
  const params: Params = {};
  for (const [i, seg] of want.entries()) {
    if (seg.startsWith(':')) {
      try {
        params[seg.slice(1)] = decodeURIComponent(have[i]);
      } catch {
        return null;
      }
    } else if (seg.toLowerCase() !== have[i].toLowerCase()) return null;
  }
  return params;
}
