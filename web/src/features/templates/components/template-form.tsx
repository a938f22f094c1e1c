import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import {
  MAX_CONTENT,
  MAX_SUBJECT,
  MAX_TEMPLATE_NAME,
  MESSAGE_TYPE_LABELS,
  MESSAGE_TYPES,
  type MessageTemplate,
  type MessageType,
  PLACEHOLDERS,
} from '#shared/contracts/message-options';
import { ConfirmModal } from '../../../components/portal/confirm-modal';
import { Modal } from '../../../components/portal/modal';
import type { TemplateFields } from '../api/templates';

/** SPEC 5: name, subject and content are required. */
export const REQUIRED_TEXT = 'Name, subject, and content are required';

const TYPE_OPTIONS = MESSAGE_TYPES.map((t) => ({ value: t, label: MESSAGE_TYPE_LABELS[t] }));

interface Values {
  name: string;
  subject: string;
  content: string;
  templateType: MessageType;
}

const tooLong = (label: string, value: string, max: number) =>
  value.trim().length > max ? `${label} must be at most ${max} characters` : undefined;

/** What is wrong with the form, if anything (the server checks the same). */
function problemOf(v: Values): string | undefined {
  if (!v.name.trim() || !v.subject.trim() || !v.content.trim()) return REQUIRED_TEXT;
  return (
    tooLong('Name', v.name, MAX_TEMPLATE_NAME) ??
    tooLong('Subject', v.subject, MAX_SUBJECT) ??
    tooLong('Content', v.content, MAX_CONTENT)
  );
}

/**
 * Create Template or Edit Template: name, subject, Markdown content (10 rows) and type. A new
 * template starts active; editing keeps its status.
 */
export function TemplateForm({
  template,
  saving,
  onCancel,
  onSave,
}: {
  /** The template being edited; none to create one. */
  template?: MessageTemplate;
  saving: boolean;
  onCancel: () => void;
  onSave: (fields: TemplateFields) => void;
}) {
  const [values, setValues] = useState<Values>({
    name: template?.name ?? '',
    subject: template?.subject ?? '',
    content: template?.content ?? '',
    templateType: template?.templateType ?? 'general',
  });
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const set = (field: keyof Values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = () => {
    const found = problemOf(values);
    setProblem(found);
    if (found) return;
    onSave({
      name: values.name.trim(),
      subject: values.subject.trim(),
      content: values.content.trim(),
      templateType: values.templateType,
      isActive: template?.isActive ?? true,
    });
  };

  return (
    <Modal
      visible
      size="large"
      header={template ? 'Edit Template' : 'Create Template'}
      closeAriaLabel="Close dialog"
      onDismiss={() => !saving && onCancel()}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={saving} onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="primary" loading={saving} onClick={submit}>
              {template ? 'Save Changes' : 'Create Template'}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <SpaceBetween size="m">
          {problem && (
            <Alert type="error" statusIconAriaLabel="Error">
              {problem}
            </Alert>
          )}
          <FormField label="Name" constraintText={`Up to ${MAX_TEMPLATE_NAME} characters.`}>
            <Input value={values.name} onChange={({ detail }) => set('name')(detail.value)} disabled={saving} />
          </FormField>
          <FormField label="Subject">
            <Input value={values.subject} onChange={({ detail }) => set('subject')(detail.value)} disabled={saving} />
          </FormField>
          <FormField label="Content" description={`Markdown. Placeholders: ${PLACEHOLDERS.join(', ')}.`} stretch>
            <Textarea
              rows={10}
              value={values.content}
              onChange={({ detail }) => set('content')(detail.value)}
              disabled={saving}
            />
          </FormField>
          <FormField label="Type">
            <Select
              selectedOption={TYPE_OPTIONS.find((o) => o.value === values.templateType) ?? null}
              options={TYPE_OPTIONS}
              onChange={({ detail }) => set('templateType')(detail.selectedOption.value ?? 'general')}
              disabled={saving}
            />
          </FormField>
        </SpaceBetween>
      </form>
    </Modal>
  );
}

/** Delete Template: confirm before the template is removed for good. */
export function DeleteTemplateDialog({
  template,
  deleting,
  onCancel,
  onDelete,
}: {
  template: MessageTemplate;
  deleting: boolean;
  onCancel: () => void;
  onDelete: () => void;
}) {
  return (
    <ConfirmModal
      header="Delete Template"
      confirmLabel="Delete"
      busy={deleting}
      onCancel={onCancel}
      onConfirm={onDelete}
    >
      Delete the template <b>{template.name}</b>? This cannot be undone.
    </ConfirmModal>
  );
}
