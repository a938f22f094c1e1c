import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { Spinner } from '../../components/spinner';
import { useRealtimeStatus } from '../../lib/realtime-context';

export const RECONNECTING_TEXT = 'Reconnecting…';
export const RECONNECTING_DETAIL = 'Live updates are paused. The page refreshes its data once the connection is back.';
export const OFFLINE_TEXT = 'You are offline.';
export const OFFLINE_DETAIL =
  'You see what this device last loaded. Nothing can be sent until the connection is back; then the page refreshes.';

/** Whether the browser says it is online (TanStack Query's view, which also pauses queries while offline). */
const useOnline = () =>
  useSyncExternalStore(onlineManager.subscribe.bind(onlineManager), () => onlineManager.isOnline());

/**
 * Shown in the signed-in layout while the device is offline (the screens show the last-seen data, ADR
 * 0077), or while the tab's live connection is down after having been open (the realtime client keeps
 * retrying with back-off; on reconnect the portal refetches its data).
 */
export function ConnectionStatus() {
  const status = useRealtimeStatus();
  const online = useOnline();
  return (
    <div role="status" className="connection-status-region">
      {!online && (
        <div className="connection-status">
          <strong>{OFFLINE_TEXT}</strong> <span>{OFFLINE_DETAIL}</span>
        </div>
      )}
      {online && status === 'reconnecting' && (
        <div className="connection-status">
          <Spinner size={16} />
          <strong>{RECONNECTING_TEXT}</strong> <span>{RECONNECTING_DETAIL}</span>
        </div>
      )}
    </div>
  );
}
