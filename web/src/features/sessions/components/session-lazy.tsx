import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';

/** While a view's code loads. */
function ViewLoading() {
  return <StatusIndicator type="loading">Loading sessions</StatusIndicator>;
}

/** A component loaded on first render, showing `fallback` until its code is there. */
function onDemand<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode) {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function OnDemand(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

/**
 * What both sessions screens show only on request, loaded then (ADR 0015): the List view is the default,
 * so the Calendar and Details views, a day's sessions and a session's details load when chosen. Same
 * props as the components they stand for.
 */
export const SessionCalendar = onDemand(
  () => import('./session-calendar').then((m) => m.SessionCalendar),
  <ViewLoading />,
);
export const SessionWeek = onDemand(() => import('./session-week').then((m) => m.SessionWeek), <ViewLoading />);
export const MoveSessionModal = onDemand(() => import('./session-move').then((m) => m.MoveSessionModal), null);
export const DaySessionsModal = onDemand(() => import('./session-calendar').then((m) => m.DaySessionsModal), null);
export const SessionCards = onDemand(() => import('./session-cards').then((m) => m.SessionCards), <ViewLoading />);
export const SessionDetails = onDemand(
  () => import('./session-details').then((m) => m.SessionDetails),
  <ViewLoading />,
);
export const CancelSessionModal = onDemand(
  () => import('./session-confirm-modals').then((m) => m.CancelSessionModal),
  null,
);
export const DeleteSessionModal = onDemand(
  () => import('./session-confirm-modals').then((m) => m.DeleteSessionModal),
  null,
);
