import { Spinner } from '../../components/spinner';
import { useRealtimeStatus } from '../../lib/realtime-context';

export const RECONNECTING_TEXT = 'Reconnecting…';
export const RECONNECTING_DETAIL = 'Live updates are paused. The page refreshes its data once the connection is back.';

/**
 * Shown in the signed-in layout while the tab's live connection is down after having been open (the
 * realtime client keeps retrying with back-off; on reconnect the portal refetches its data).
 */
export function ConnectionStatus() {
  const status = useRealtimeStatus();
  return (
    <div role="status" className="connection-status-region">
      {status === 'reconnecting' && (
        <div className="connection-status">
          <Spinner size={16} />
          <strong>{RECONNECTING_TEXT}</strong> <span>{RECONNECTING_DETAIL}</span>
        </div>
      )}
    </div>
  );
}
