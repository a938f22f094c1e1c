import type { PushPayload } from '#shared/contracts/push-options';
import { isPortalPath } from '../app/portal-paths';

/*
 * What the service worker (sw.ts) does with a push and a click on its notification, as plain functions
 * over the few members of the worker's objects they use: unit-tested without a browser (push.test.ts).
 */

/** Where a notice without a usable `url` opens. */
export const DEFAULT_NOTICE_URL = '/dashboard';
/** The manifest's icon (web/scripts/app-manifest.ts); the badge is the same drawing, which Android masks. */
const ICON = '/icons/icon-192.png';

interface NoticeOptions {
  body: string;
  data: { url: string };
  icon: string;
  badge: string;
}

/** A same-origin portal path, else the dashboard: a push never opens another site or a public page's URL blindly. */
export function safeNoticeUrl(url: unknown): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.includes('\\')) {
    return DEFAULT_NOTICE_URL;
  }
  const pathname = url.split(/[?#]/, 1)[0];
  return isPortalPath(pathname) ? url : DEFAULT_NOTICE_URL;
}

/**
 * The notification for a push's data (`{ title, body, url }`, ADR 0055). A push that is not that JSON
 * still shows something (a push with `userVisibleOnly` must show a notification): the business's generic text.
 */
export function noticeFor(data: { json(): unknown; text(): string } | null | undefined): {
  title: string;
  options: NoticeOptions;
} {
  let payload: Partial<PushPayload> = {};
  try {
    const parsed = data?.json();
    if (parsed && typeof parsed === 'object') payload = parsed as Partial<PushPayload>;
  } catch {
    payload = {};
  }
  const title = typeof payload.title === 'string' && payload.title.trim() ? payload.title : 'Pawsitive Dog Training';
  const body = typeof payload.body === 'string' ? payload.body : 'You have something new in your portal.';
  const url = safeNoticeUrl(payload.url);
  return { title, options: { body, data: { url }, icon: ICON, badge: ICON } };
}

/** The members of a window client the click uses. */
export interface NoticeWindow {
  url: string;
  focused?: boolean;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** The members of the worker's `clients` the click uses. */
export interface NoticeClients {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly NoticeWindow[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * A click on a notice: an open portal window (the focused one first) is focused and taken to the notice's
 * page; with none, a new window opens there. `origin` is the worker's (self.location.origin).
 */
export async function openNotice(clients: NoticeClients, data: unknown, origin: string): Promise<void> {
  const url = safeNoticeUrl((data as { url?: unknown } | null | undefined)?.url);
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const portal = windows
    .filter((w) => {
      const at = new URL(w.url);
      return at.origin === origin && isPortalPath(at.pathname);
    })
    .sort((a, b) => Number(Boolean(b.focused)) - Number(Boolean(a.focused)))[0];
  if (!portal) {
    await clients.openWindow(url);
    return;
  }
  await portal.focus();
  const at = new URL(portal.url);
  if (`${at.pathname}${at.search}${at.hash}` !== url) await portal.navigate(url);
}
