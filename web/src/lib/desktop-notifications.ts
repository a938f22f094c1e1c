import { useCallback, useState } from 'react';

type Permission = NotificationPermission | 'unsupported';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** Shows a desktop notification when the user has granted permission (SPEC 6); silent otherwise. */
export function showDesktopNotification(title: string, body: string, tag?: string): void {
  if (!supported() || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body, tag, icon: '/favicon.svg' });
  } catch {
    // Some browsers only allow notifications from a service worker: nothing else to do.
  }
}

/** The current permission and a function asking for it (must run from a click). */
export function useNotificationPermission(): [Permission, () => Promise<void>] {
  const [permission, setPermission] = useState<Permission>(() =>
    supported() ? Notification.permission : 'unsupported',
  );
  const request = useCallback(async () => {
    if (!supported()) return;
    setPermission(await Notification.requestPermission());
  }, []);
  return [permission, request];
}
