import { applyBusinessInfo, loadBusinessInfo } from '../business-info';
import { bindButtons } from './buttons';
import { bindHeader } from './header';
import { bindImageFallbacks } from './images';
import { bindSeats } from './seats';

/**
 * The behaviour of a public page, in plain TypeScript over its server-rendered markup (bound by data
 * attributes): the header (menu, hide on scroll), the Back / Share / Play buttons, image fallbacks, the
 * seats figures of group classes, the business info saved in the settings and the current year. app/islands.ts starts it on a prerendered
 * page (and watches its React islands); app/public-shell.tsx on a public page the SPA shell renders.
 * Returns the unbinding (tests).
 */
export function bindPage(doc: Document = document): () => void {
  const unbind = [
    bindHeader(doc, doc.defaultView ?? window),
    bindButtons(doc),
    bindImageFallbacks(doc),
    bindSeats(doc),
  ];
  for (const el of doc.querySelectorAll<HTMLElement>('[data-current-year]')) {
    el.textContent = String(new Date().getFullYear());
  }
  let active = true;
  if (doc.querySelector('[data-business]')) {
    // When the browser is idle: the page's own work (and its LCP) first.
    const read = () =>
      loadBusinessInfo().then(
        (info) => active && applyBusinessInfo(doc, info),
        () => undefined,
      );
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(read, { timeout: 3000 });
      unbind.push(() => cancelIdleCallback(id));
    } else {
      const id = setTimeout(read, 200);
      unbind.push(() => clearTimeout(id));
    }
  }
  return () => {
    active = false;
    for (const u of unbind) u();
  };
}
