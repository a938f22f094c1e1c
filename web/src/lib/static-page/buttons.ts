import { CONTENT_TEXTS, COPY_TOAST_MS } from '#shared/content/public-content';
import { goBack } from '../navigation';

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
 * The share bar of a tip (features/tips/components/share-bar.tsx, `[data-share-bar]` with the title in
 * `data-share-title`): Copy Link (`[data-share="copy"]`, toast "Link copied to clipboard!" for 3 s) and
 * Share (`[data-share="share"]`: the device's share sheet when there is one, else the title plus link
 * are copied). SPEC 2 /tips/{id}.
 */
async function share(button: HTMLElement, bar: HTMLElement, timers: Map<Element, ReturnType<typeof setTimeout>>) {
  const url = window.location.href;
  const title = bar.dataset.shareTitle ?? document.title;
  const toast = bar.querySelector<HTMLElement>('[data-share-toast]');
  const show = () => {
    if (!toast) return;
    clearTimeout(timers.get(bar));
    toast.textContent = CONTENT_TEXTS.linkCopied;
    toast.classList.add('copy-toast--visible');
    timers.set(
      bar,
      setTimeout(() => {
        toast.textContent = '';
        toast.classList.remove('copy-toast--visible');
        timers.delete(bar);
      }, COPY_TOAST_MS),
    );
  };
  if (button.dataset.share === 'copy') {
    if (await copyText(url)) show();
    return;
  }
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
    }
  }
  if (await copyText(`${title} - ${url}`)) show();
}

/**
 * A video behind its click-to-load facade (features/success-stories, `[data-video-src]`): nothing is
 * fetched from the video host until the visitor presses Play; then the player replaces the button.
 */
function play(button: HTMLElement) {
  const player = document.createElement('iframe');
  player.className = 'story-video__player';
  player.src = button.dataset.videoSrc ?? '';
  player.title = button.dataset.videoTitle ?? '';
  player.allow = 'autoplay; encrypted-media; fullscreen; picture-in-picture';
  player.allowFullscreen = true;
  player.referrerPolicy = 'strict-origin-when-cross-origin';
  button.replaceWith(player);
}

/**
 * The page's buttons, by data attribute, with one delegated listener: Back (`[data-back]`: the previous
 * page of this site, else the path it names), the share bar and the video facade. Returns the unbinding.
 */
export function bindButtons(root: Document | HTMLElement): () => void {
  const timers = new Map<Element, ReturnType<typeof setTimeout>>();
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const back = target?.closest<HTMLElement>('[data-back]');
    if (back) {
      goBack(back.dataset.back || '/');
      return;
    }
    const shareButton = target?.closest<HTMLElement>('[data-share]');
    const bar = shareButton?.closest<HTMLElement>('[data-share-bar]');
    if (shareButton && bar) {
      void share(shareButton, bar, timers);
      return;
    }
    const video = target?.closest<HTMLElement>('[data-video-src]');
    if (video) play(video);
  };
  root.addEventListener('click', onClick);
  return () => {
    root.removeEventListener('click', onClick);
    for (const timer of timers.values()) clearTimeout(timer);
  };
}
