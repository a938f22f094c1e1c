import { LinkIcon, ShareIcon } from '../../../components/content-icons';

/**
 * Share this article: Copy Link (toast "Link copied to clipboard!" for 3 s) and Share (the device's share
 * sheet when there is one, else the title plus link are copied). SPEC 2 /tips/{id}. Static markup: the
 * buttons are lib/static-page/buttons.ts's (`data-share-bar`, `data-share`, `data-share-toast`).
 */
export function ShareBar({ title }: { title: string }) {
  return (
    <div className="share-bar" data-share-bar="" data-share-title={title}>
      <p className="share-bar__label">Share this article:</p>
      <div className="share-bar__buttons">
        <button type="button" className="btn btn-outline btn-sm" data-share="copy">
          <LinkIcon size={16} /> Copy Link
        </button>
        <button type="button" className="btn btn-outline btn-sm" data-share="share">
          <ShareIcon size={16} /> Share
        </button>
      </div>
      <div className="copy-toast" role="status" aria-live="polite" data-share-toast="" />
    </div>
  );
}
