import Badge from '@cloudscape-design/components/badge';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import type { ClientProfile } from '../../../../../shared/contracts/client-options';

/** SPEC 8: create and edit move on 2 s after success. */
export const REDIRECT_DELAY_MS = 2000;

/** The business time zone (Portal conventions: instants shown in the business time zone). */
export const BUSINESS_TIME_ZONE = 'America/New_York';

/** An instant as the trainer reads it, in the business time zone (e.g. `Mar 1, 2025 10:30 AM ET`). */
export function formatDateTime(iso: string | undefined): string {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${format(new TZDate(d, BUSINESS_TIME_ZONE), 'MMM d, yyyy h:mm a')} ET`;
}

/** A date without the time, in the business time zone. */
export function formatDate(iso: string | undefined): string {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return format(new TZDate(d, BUSINESS_TIME_ZONE), 'MMM d, yyyy');
}

export const fullName = (c: Pick<ClientProfile, 'firstName' | 'lastName'>) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ');

/** `value` once it has stopped changing for `ms`. */
export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

/** Deactivated, profile completed, or profile incomplete. */
export function ClientStatus({ client }: { client: Pick<ClientProfile, 'isActive' | 'profileCompleted'> }) {
  if (!client.isActive) return <Badge color="grey">Deactivated</Badge>;
  return client.profileCompleted ? (
    <StatusIndicator type="success">Profile complete</StatusIndicator>
  ) : (
    <StatusIndicator type="pending">Profile incomplete</StatusIndicator>
  );
}
