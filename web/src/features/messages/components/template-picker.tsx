import FormField from '@cloudscape-design/components/form-field';
import Select from '@cloudscape-design/components/select';
import { MESSAGE_TYPE_LABELS, type MessageTemplate } from '#shared/contracts/message-options';
import { useActiveTemplates } from '../../../lib/queries/templates';

/**
 * "Insert template": the active message templates, one of which fills in what `onInsert` takes from it
 * (compose: subject, content and type; the trainer's reply in a conversation: the content).
 */
export function TemplatePicker({
  selectedId,
  onInsert,
  description,
  disabled,
}: {
  selectedId?: string;
  onInsert: (template: MessageTemplate) => void;
  description: string;
  disabled?: boolean;
}) {
  const templates = useActiveTemplates();
  const selected = templates.data?.find((t) => t.id === selectedId);
  return (
    <FormField label="Insert template" description={description}>
      <Select
        selectedOption={selected ? { value: selected.id, label: selected.name } : null}
        options={(templates.data ?? []).map((t) => ({
          value: t.id,
          label: t.name,
          description: MESSAGE_TYPE_LABELS[t.templateType],
        }))}
        onChange={({ detail }) => {
          const t = templates.data?.find((x) => x.id === detail.selectedOption.value);
          if (t) onInsert(t);
        }}
        placeholder="Choose a template"
        statusType={templates.isPending ? 'loading' : templates.isError ? 'error' : 'finished'}
        loadingText="Loading templates"
        errorText="Failed to load templates"
        empty="No active templates"
        disabled={disabled}
      />
    </FormField>
  );
}
