import { useEffect, useRef, useState } from 'react';
import { CONTENT_TEXTS, COPY_TOAST_MS } from '../../../../../shared/content/public-content';
import { LinkIcon, ShareIcon } from '../../../components/content-icons';

/** Copies text with the Clipboard API, else the selection fallback. Resolves false when neither works. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied (permissions, insecure context): try the fallback.
  }
  try {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

/**
 * Share this article: Copy Link (toast "Link copied to clipboard!" for 3 s) and Share (the device's share
 * sheet when there is one, else the title plus link are copied). SPEC 2 /tips/{id}.
 */
export function ShareBar({ title }: { title: string }) {
  const [toast, setToast] = useState<string | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (message: string) => {
    clearTimeout(timer.current);
    setToast(message);
    timer.current = setTimeout(() => setToast(undefined), COPY_TOAST_MS);
  };

  const copyLink = async () => {
    if (await copyText(window.location.href)) show(CONTENT_TEXTS.linkCopied);
  };

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (e) {
        if ((e as Error).name === 'AbortError') return;
      }
    }
    if (await copyText(`${title} - ${url}`)) show(CONTENT_TEXTS.linkCopied);
  };

  return (
    <div className="share-bar">
      <p className="share-bar__label">Share this article:</p>
      <div className="share-bar__buttons">
        <button type="button" className="btn btn-outline btn-sm" onClick={copyLink}>
          <LinkIcon size={16} /> Copy Link
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={share}>
          <ShareIcon size={16} /> Share
        </button>
      </div>
      <div className={`copy-toast${toast ? ' copy-toast--visible' : ''}`} role="status" aria-live="polite">
        {toast}
      </div>
    </div>
  );
}
