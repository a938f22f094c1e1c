import Button from '@cloudscape-design/components/button';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ContactStatus, ContactSubmission } from '#shared/contracts/contact-options';
import { STATUS_LABELS } from './status-filter';
import { fullName } from './submission-format';

/** SPEC 4: the admin selector offers new, contacted and converted. */
const SELECTOR: SelectProps.Option[] = (['new', 'contacted', 'converted'] as const).map((s) => ({
  value: s,
  label: STATUS_LABELS[s],
}));

/**
 * The status selector, Convert (a new or contacted request; it asks first, like the selector's
 * Converted) and Remove / Restore for one submission. A removed submission cannot use the
 * selector: it can only be restored (to new).
 */
export function StatusActions({
  submission,
  busy,
  onRequest,
}: {
  submission: ContactSubmission;
  busy: boolean;
  onRequest: (submission: ContactSubmission, to: ContactStatus) => void;
}) {
  const removed = submission.status === 'removed';
  const name = fullName(submission);
  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <div style={{ minWidth: 130 }}>
        <Select
          selectedOption={removed ? null : (SELECTOR.find((o) => o.value === submission.status) ?? null)}
          options={SELECTOR}
          placeholder={STATUS_LABELS.removed}
          disabled={removed || busy}
          expandToViewport
          ariaLabel={`Status of ${name}`}
          onChange={({ detail }) => onRequest(submission, detail.selectedOption.value as ContactStatus)}
        />
      </div>
      {(submission.status === 'new' || submission.status === 'contacted') && (
        <Button disabled={busy} ariaLabel={`Convert ${name}`} onClick={() => onRequest(submission, 'converted')}>
          Convert
        </Button>
      )}
      {removed ? (
        <Button disabled={busy} ariaLabel={`Restore ${name}`} onClick={() => onRequest(submission, 'new')}>
          Restore
        </Button>
      ) : (
        <Button disabled={busy} ariaLabel={`Remove ${name}`} onClick={() => onRequest(submission, 'removed')}>
          Remove
        </Button>
      )}
    </SpaceBetween>
  );
}
