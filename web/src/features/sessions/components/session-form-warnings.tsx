import Alert from '@cloudscape-design/components/alert';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { NO_CREDITS_WARNING } from '#shared/contracts/credit-options';
import { overlappingSessions, overlapRange } from '#shared/contracts/session-options';
import { creditsText, useClientCredits } from '../../../lib/queries/credits';
import { useSessionRange } from '../api/sessions';
import { businessInstant, dayRange, formatTimeRange, typeLabel } from './session-format';

/** The session form's warnings: they tell, they do not block (the server's clash check is the rule). */

/** A warning (not a block) when the trainer already has a session at the chosen time. */
export function ConflictWarning({
  date,
  time,
  minutes,
  exceptId,
}: {
  date: string;
  time: string;
  minutes: number;
  exceptId?: string;
}) {
  const start = businessInstant(date, time);
  // The chosen day padded by the longest duration on both sides: a session still running from the
  // evening before and one starting after midnight are read too (the key stays the same all day).
  const day = start ? dayRange(date) : undefined;
  const around = useSessionRange(day ? overlapRange(day) : undefined);
  if (!start || !around.data) return null;
  const clashes = overlappingSessions(
    around.data.pages.flatMap((p) => p.items),
    start,
    minutes,
    exceptId,
  );
  if (clashes.length === 0) return null;
  return (
    <Alert type="warning" header="This time overlaps another session">
      <SpaceBetween size="xxs">
        <span>You already have:</span>
        <ul>
          {clashes.map((s) => (
            <li key={s.id}>
              {s.clientName} with {s.dogName}, {formatTimeRange(s)} ({typeLabel(s)})
            </li>
          ))}
        </ul>
        <span>You can still save this session.</span>
      </SpaceBetween>
    </Alert>
  );
}

/** A warning (not a block) when the chosen client has no session credit left. */
export function NoCreditsWarning({ clientId }: { clientId: string | undefined }) {
  const credits = useClientCredits(clientId);
  const balance = credits.data?.credits?.balance;
  if (!clientId || typeof balance !== 'number' || balance > 0) return null;
  return (
    <Alert type="warning" header={NO_CREDITS_WARNING}>
      {creditsText(balance)}. You can still save this session; completing it will count as owed.
    </Alert>
  );
}
