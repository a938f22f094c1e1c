import FormField from '@cloudscape-design/components/form-field';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { Markdown } from '../../../lib/markdown';

import './messages.css';

/** What compose and the trainer's reply say of the placeholders the server fills (`whose`: "each recipient's"). */
export const placeholdersHelp = (whose: string) =>
  `{client_name} and {full_name} are replaced with ${whose} first name and full name.`;

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Markdown written in a textarea with its character count, or previewed as the client will see it
 * (the same renderer as the thread and the inbox: marked without raw HTML, DOMPurify). One editor for
 * compose, the trainer's reply in a conversation and the client's reply; `label` names the field,
 * `viewLabel` the Write/Preview switch and `previewLabel` the preview's region.
 */
export function MarkdownEditor({
  label,
  viewLabel,
  previewLabel,
  description,
  value,
  onChange,
  maxLength,
  rows = 6,
  invalid,
  disabled,
}: {
  label: string;
  viewLabel: string;
  previewLabel: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  rows?: number;
  invalid?: boolean;
  disabled?: boolean;
}) {
  const [view, setView] = useState<'write' | 'preview'>('write');
  const over = value.length > maxLength;
  return (
    <SpaceBetween size="s">
      <SegmentedControl
        label={viewLabel}
        selectedId={view}
        options={[
          { id: 'write', text: 'Write' },
          { id: 'preview', text: 'Preview' },
        ]}
        onChange={({ detail }) => setView(detail.selectedId as 'write' | 'preview')}
      />
      {view === 'write' ? (
        <FormField
          label={label}
          description={description}
          constraintText={`${count(value.length)} / ${count(maxLength)}`}
          errorText={over ? `At most ${count(maxLength)} characters` : undefined}
        >
          <Textarea
            value={value}
            onChange={({ detail }) => onChange(detail.value)}
            rows={rows}
            nativeTextareaAttributes={{ maxLength }}
            invalid={invalid || over}
            disabled={disabled}
          />
        </FormField>
      ) : (
        <section aria-label={previewLabel} className="message-content message-content--preview">
          <Markdown content={value || '_Nothing to preview yet._'} />
        </section>
      )}
    </SpaceBetween>
  );
}
