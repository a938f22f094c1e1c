import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_NOTICE_URL, type NoticeWindow, noticeFor, openNotice, safeNoticeUrl } from './push';

const data = (value: unknown) => ({
  json: () => (typeof value === 'string' ? JSON.parse(value) : value),
  text: () => JSON.stringify(value),
});

function windowAt(
  url: string,
  focused = false,
): NoticeWindow & { focus: ReturnType<typeof vi.fn>; navigate: ReturnType<typeof vi.fn> } {
  return { url, focused, focus: vi.fn(async () => undefined), navigate: vi.fn(async () => undefined) };
}

function clientsWith(windows: NoticeWindow[]) {
  return {
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async () => undefined),
  };
}

const ORIGIN = 'https://portal.example.com';

describe('the notification a push shows', () => {
  it('shows the title and body with the portal path to open, and the manifest icon', () => {
    expect(noticeFor(data({ title: 'New message', body: 'Session moved to Friday', url: '/messages' }))).toEqual({
      title: 'New message',
      options: {
        body: 'Session moved to Friday',
        data: { url: '/messages' },
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
      },
    });
  });

  it('a push without usable JSON still shows a notice that opens the dashboard', () => {
    const broken = { json: () => JSON.parse('not json'), text: () => 'not json' };
    const notice = noticeFor(broken);
    expect(notice.title).toBe('Pawsitive Dog Training');
    expect(notice.options.body).toBe('You have something new in your portal.');
    expect(notice.options.data.url).toBe(DEFAULT_NOTICE_URL);
    expect(noticeFor(null).options.data.url).toBe(DEFAULT_NOTICE_URL);
  });

  it('opens only a same-origin portal path: another host, a scheme or a public page become the dashboard', () => {
    expect(safeNoticeUrl('/payment/success?payment=p-1')).toBe('/payment/success?payment=p-1');
    expect(safeNoticeUrl('/dashboard/sessions')).toBe('/dashboard/sessions');
    expect(safeNoticeUrl('https://evil.example/messages')).toBe(DEFAULT_NOTICE_URL);
    expect(safeNoticeUrl('//evil.example/messages')).toBe(DEFAULT_NOTICE_URL);
    expect(safeNoticeUrl('/\\evil.example')).toBe(DEFAULT_NOTICE_URL);
    expect(safeNoticeUrl('javascript:alert(1)')).toBe(DEFAULT_NOTICE_URL);
    expect(safeNoticeUrl('/about')).toBe(DEFAULT_NOTICE_URL);
    expect(safeNoticeUrl(42)).toBe(DEFAULT_NOTICE_URL);
  });
});

describe('a click on a notification', () => {
  it('focuses an open portal window and takes it to the notice page', async () => {
    const home = windowAt(`${ORIGIN}/about`);
    const portal = windowAt(`${ORIGIN}/dashboard`);
    const clients = clientsWith([home, portal]);
    await openNotice(clients, { url: '/messages' }, ORIGIN);
    expect(portal.focus).toHaveBeenCalled();
    expect(portal.navigate).toHaveBeenCalledWith('/messages');
    expect(home.focus).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('prefers the focused portal window, and does not reload one already on the page', async () => {
    const other = windowAt(`${ORIGIN}/sessions`);
    const focused = windowAt(`${ORIGIN}/messages`, true);
    await openNotice(clientsWith([other, focused]), { url: '/messages' }, ORIGIN);
    expect(focused.focus).toHaveBeenCalled();
    expect(focused.navigate).not.toHaveBeenCalled();
    expect(other.focus).not.toHaveBeenCalled();
  });

  it('opens a new window when no portal window is open (a public page or another site does not count)', async () => {
    const publicPage = windowAt(`${ORIGIN}/`);
    const elsewhere = windowAt('https://other.example/dashboard');
    const clients = clientsWith([publicPage, elsewhere]);
    await openNotice(clients, { url: '/sessions' }, ORIGIN);
    expect(clients.openWindow).toHaveBeenCalledWith('/sessions');
    expect(publicPage.focus).not.toHaveBeenCalled();
    expect(elsewhere.focus).not.toHaveBeenCalled();
  });

  it('a notice without a usable url opens the dashboard', async () => {
    const clients = clientsWith([]);
    await openNotice(clients, { url: 'https://evil.example/' }, ORIGIN);
    expect(clients.openWindow).toHaveBeenCalledWith(DEFAULT_NOTICE_URL);
  });
});
