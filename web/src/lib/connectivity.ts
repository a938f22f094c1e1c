import { onlineManager } from '@tanstack/react-query';
import type { RealtimeStatus } from './realtime-context';

/*
 * Whether the portal is offline (ADR 0077), for TanStack Query's `onlineManager`: while offline, queries
 * wait (the screen keeps its last data) instead of failing, mutations wait and are sent once, and the
 * signed-in layout says so. Offline is when a request finds no server while the live connection is down
 * too; the connection opening again, or any answer from the server, ends it (the connection's back-off
 * is the probe). The browser's own `online` and `offline` events count as well (TanStack's default).
 * A failed request while the connection is open is a failure, not offline: it shows as an error.
 */

let liveConnection: RealtimeStatus = 'off';

/** The live connection's state changed (the signed-in portal reports it). */
export function noteLiveConnection(status: RealtimeStatus): void {
  liveConnection = status;
  if (status === 'open') onlineManager.setOnline(true);
}

/** A request found no server. */
export function noteServerUnreachable(): void {
  if (liveConnection === 'connecting' || liveConnection === 'reconnecting') onlineManager.setOnline(false);
}

/** The server answered. */
export function noteServerReached(): void {
  onlineManager.setOnline(true);
}
