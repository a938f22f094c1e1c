import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { lazy } from 'react';

/**
 * What both sessions screens show only on request, loaded then (ADR 0015): the List view is the default,
 * so the Calendar and Details views, a day's sessions and a session's details load when chosen.
 */
export const SessionCalendar = lazy(() => import('./session-calendar').then((m) => ({ default: m.SessionCalendar })));
export const DaySessionsModal = lazy(() => import('./session-calendar').then((m) => ({ default: m.DaySessionsModal })));
export const SessionCards = lazy(() => import('./session-cards').then((m) => ({ default: m.SessionCards })));
export const SessionDetails = lazy(() => import('./session-details').then((m) => ({ default: m.SessionDetails })));

/** While a view's code loads. */
export function ViewLoading() {
  return <StatusIndicator type="loading">Loading sessions</StatusIndicator>;
}
