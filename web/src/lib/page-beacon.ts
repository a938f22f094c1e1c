import { pageView, sendAnalyticsEvent } from './analytics';

/**
 * The page view of every public page, sent once when the page loads (web/src/main.tsx), to the product's
 * own endpoint: a few hundred bytes, no cookie, nothing for a browser that asks not to be tracked. Only a
 * prerendered public page (`#root[data-page]`) counts: the portal and the not-found view send nothing.
 */
export function sendPageView(doc: Document = document): void {
  if (!doc.getElementById('root')?.dataset.page) return;
  sendAnalyticsEvent(pageView(doc.location.href, doc.title, doc.referrer));
}
