/** SPEC 9: the header always shows within 10px of the top. */
export const HEADER_TOP_THRESHOLD = 10;

/**
 * Whether the header shows after the page scrolled from `previousY` to `currentY`: always near the
 * top, hidden while scrolling down, shown again on any scroll up.
 */
export function nextHeaderVisibility(
  previousY: number,
  currentY: number,
  wasVisible: boolean,
  threshold = HEADER_TOP_THRESHOLD,
): boolean {
  if (currentY <= threshold) return true;
  if (currentY > previousY) return false;
  if (currentY < previousY) return true;
  return wasVisible;
}

/**
 * The site header's behaviour on the static markup of components/site-header.tsx (`[data-site-header]`):
 * it hides on scroll down and shows on scroll up or near the top (one listener, batched per animation
 * frame); the hamburger (`[data-menu-toggle]`, aria-controls = the mobile menu) opens and closes the
 * mobile menu, Escape or following one of its links closes it, and the header stays shown while it is
 * open. Returns the unbinding.
 */
export function bindHeader(root: ParentNode, win: Window = window): () => void {
  const header = root.querySelector<HTMLElement>('[data-site-header]');
  const toggle = header?.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  if (!header || !toggle) return () => undefined;
  const menuId = toggle.getAttribute('aria-controls');
  const menu = menuId ? header.ownerDocument.getElementById(menuId) : null;

  let open = false;
  let scrolledVisible = true;
  let lastY = Math.max(0, win.scrollY);

  const render = () => {
    header.classList.toggle('site-header--hidden', !(scrolledVisible || open));
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    toggle.querySelector('.hamburger')?.classList.toggle('hamburger--open', open);
    if (menu) {
      menu.classList.toggle('mobile-menu--open', open);
      menu.toggleAttribute('inert', !open);
      menu.setAttribute('aria-hidden', String(!open));
    }
  };
  const setOpen = (next: boolean) => {
    if (next === open) return;
    open = next;
    render();
  };

  const onToggle = () => setOpen(!open);
  const onKey = (e: KeyboardEvent) => {
    if (open && e.key === 'Escape') setOpen(false);
  };
  const onMenuClick = (e: Event) => {
    if (e.target instanceof Element && e.target.closest('a')) setOpen(false);
  };
  let frame = 0;
  const update = () => {
    frame = 0;
    const y = Math.max(0, win.scrollY);
    const next = nextHeaderVisibility(lastY, y, scrolledVisible);
    lastY = y;
    if (next !== scrolledVisible) {
      scrolledVisible = next;
      render();
    }
  };
  const onScroll = () => {
    if (!frame) frame = win.requestAnimationFrame(update);
  };

  toggle.addEventListener('click', onToggle);
  menu?.addEventListener('click', onMenuClick);
  win.addEventListener('keydown', onKey);
  win.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    toggle.removeEventListener('click', onToggle);
    menu?.removeEventListener('click', onMenuClick);
    win.removeEventListener('keydown', onKey);
    win.removeEventListener('scroll', onScroll);
    if (frame) win.cancelAnimationFrame(frame);
  };
}
