import { useCollection } from '@cloudscape-design/collection-hooks';
import Alert from '@cloudscape-design/components/alert';
import Badge, { type BadgeProps } from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Checkbox from '@cloudscape-design/components/checkbox';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { type FormEvent, useState } from 'react';
import { type ClientNote, NOTE_TYPES, type NoteType } from '#shared/contracts/client-options';
import { Modal } from '../../../components/portal/modal';
import { ApiError } from '../../../lib/api';
import { useToasts } from '../../../lib/toasts';
import { type NoteInput, useClientNotes, useNoteMutations } from '../api/notes';
import { formatNoteTime } from './note-dates';

export const NOTE_TYPE_LABELS: Record<NoteType, string> = {
  important: 'Important',
  training: 'Training',
  behavioral: 'Behavioral',
  medical: 'Medical',
  general: 'General',
};

const TYPE_COLORS: Record<NoteType, BadgeProps['color']> = {
  important: 'severity-high',
  training: 'blue',
  behavioral: 'severity-medium',
  medical: 'severity-critical',
  general: 'grey',
};

const TYPE_OPTIONS: SelectProps.Option[] = NOTE_TYPES.map((t) => ({ value: t, label: NOTE_TYPE_LABELS[t] }));
const ALL_TYPES: SelectProps.Option = { value: '', label: 'All types' };

const EMPTY_NOTE: NoteInput = { title: '', content: '', noteType: 'general', isImportant: false };

type Editing = { mode: 'create' } | { mode: 'edit'; note: ClientNote };

/** The create/edit dialog of a note. */
function NoteDialog({
  editing,
  saving,
  onSave,
  onClose,
}: {
  editing: Editing;
  saving: boolean;
  onSave: (input: NoteInput) => Promise<string | undefined>;
  onClose: () => void;
}) {
  const start = editing.mode === 'edit' ? editing.note : EMPTY_NOTE;
  const [values, setValues] = useState<NoteInput>({
    title: start.title,
    content: start.content,
    noteType: start.noteType,
    isImportant: start.isImportant,
  });
  const [errors, setErrors] = useState<{ title?: string; content?: string; form?: string }>({});

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (saving) return;
    const found = {
      title: values.title.trim() ? undefined : 'Title is required',
      content: values.content.trim() ? undefined : 'Content is required',
    };
    setErrors(found);
    if (found.title || found.content) return;
    const failure = await onSave({ ...values, title: values.title.trim(), content: values.content.trim() });
    if (failure) setErrors({ form: failure });
  };

  const heading = editing.mode === 'edit' ? 'Edit note' : 'Add note';
  return (
    <Modal
      visible
      onDismiss={() => !saving && onClose()}
      header={heading}
      closeAriaLabel="Close"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button variant="primary" onClick={() => void submit()} loading={saving}>
              {editing.mode === 'edit' ? 'Save note' : 'Add note'}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Form errorText={errors.form} errorIconAriaLabel="Error">
          <SpaceBetween size="m">
            <FormField label="Title" errorText={errors.title}>
              <Input
                value={values.title}
                onChange={({ detail }) => setValues((v) => ({ ...v, title: detail.value }))}
                disabled={saving}
                ariaRequired
              />
            </FormField>
            <FormField label="Type">
              <Select
                selectedOption={TYPE_OPTIONS.find((o) => o.value === values.noteType) ?? TYPE_OPTIONS[4]}
                onChange={({ detail }) =>
                  setValues((v) => ({ ...v, noteType: (detail.selectedOption.value ?? 'general') as NoteType }))
                }
                options={TYPE_OPTIONS}
                disabled={saving}
              />
            </FormField>
            <FormField label="Content" errorText={errors.content}>
              <Textarea
                value={values.content}
                onChange={({ detail }) => setValues((v) => ({ ...v, content: detail.value }))}
                rows={6}
                disabled={saving}
                ariaRequired
              />
            </FormField>
            <Checkbox
              checked={values.isImportant}
              onChange={({ detail }) => setValues((v) => ({ ...v, isImportant: detail.checked }))}
              disabled={saving}
            >
              Mark as important
            </Checkbox>
          </SpaceBetween>
        </Form>
      </form>
    </Modal>
  );
}

const errorText = (e: unknown, fallback: string) =>
  e instanceof ApiError && e.status >= 400 && e.status < 500 && e.message ? e.message : fallback;

/** The trainer's notes about one client on the client detail page (admin only; never shown to clients). */
export function ClientNotesPanel({ clientId }: { clientId: string }) {
  const { notify } = useToasts();
  const notes = useClientNotes(clientId);
  const { create, update, remove } = useNoteMutations(clientId);
  const [editing, setEditing] = useState<Editing | undefined>(undefined);
  const [deleting, setDeleting] = useState<ClientNote | undefined>(undefined);
  const [typeFilter, setTypeFilter] = useState<SelectProps.Option>(ALL_TYPES);
  const all = notes.data?.pages.flatMap((p) => p.items) ?? [];
  const { items, collectionProps } = useCollection(all, {
    filtering: {
      filteringFunction: (note) => !typeFilter.value || note.noteType === typeFilter.value,
    },
  });

  const save = async (input: NoteInput): Promise<string | undefined> => {
    try {
      if (editing?.mode === 'edit') {
        await update.mutateAsync({ id: editing.note.id, input });
        notify({ type: 'success', content: 'Note updated successfully' });
      } else {
        await create.mutateAsync(input);
        notify({ type: 'success', content: 'Note added successfully' });
      }
      setEditing(undefined);
      return undefined;
    } catch (e) {
      const message = errorText(e, 'Failed to save note. Please try again.');
      notify({ type: 'error', content: message });
      return message;
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify({ type: 'success', content: 'Note deleted successfully' });
      setDeleting(undefined);
    } catch (e) {
      notify({ type: 'error', content: errorText(e, 'Failed to delete note. Please try again.') });
    }
  };

  if (notes.isError) {
    return (
      <Alert
        type="error"
        header="Failed to load notes"
        action={
          <Button onClick={() => void notes.refetch()} loading={notes.isFetching}>
            Retry
          </Button>
        }
      >
        {(notes.error as Error).message}
      </Alert>
    );
  }

  const addButton = (
    <Button iconName="add-plus" onClick={() => setEditing({ mode: 'create' })}>
      Add note
    </Button>
  );

  return (
    <>
      <Cards
        {...collectionProps}
        items={items}
        trackBy="id"
        loading={notes.isPending}
        loadingText="Loading notes"
        variant="container"
        cardsPerRow={[{ cards: 1 }]}
        header={
          <Header
            variant="h2"
            counter={notes.isPending ? undefined : `(${all.length})`}
            description="Private to you: clients never see these notes."
            actions={addButton}
          >
            Client notes
          </Header>
        }
        filter={
          <div style={{ maxWidth: 240 }}>
            <Select
              selectedOption={typeFilter}
              onChange={({ detail }) => setTypeFilter(detail.selectedOption)}
              options={[ALL_TYPES, ...TYPE_OPTIONS]}
              ariaLabel="Filter notes by type"
            />
          </div>
        }
        cardDefinition={{
          header: (note) => (
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <span>{note.title}</span>
              {note.isImportant && <Badge color="red">Important</Badge>}
            </SpaceBetween>
          ),
          sections: [
            {
              id: 'meta',
              content: (note) => (
                <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                  <Badge color={TYPE_COLORS[note.noteType]}>{NOTE_TYPE_LABELS[note.noteType]}</Badge>
                  <Box variant="small" color="text-body-secondary">
                    By {note.createdByEmail} · {formatNoteTime(note.createdAt)}
                    {note.updatedAt !== note.createdAt ? ` · Updated ${formatNoteTime(note.updatedAt)}` : ''}
                  </Box>
                </SpaceBetween>
              ),
            },
            {
              id: 'content',
              content: (note) => <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.content}</div>,
            },
            {
              id: 'actions',
              content: (note) => (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button
                    iconName="edit"
                    ariaLabel={`Edit note ${note.title}`}
                    onClick={() => setEditing({ mode: 'edit', note })}
                  >
                    Edit
                  </Button>
                  <Button iconName="remove" ariaLabel={`Delete note ${note.title}`} onClick={() => setDeleting(note)}>
                    Delete
                  </Button>
                </SpaceBetween>
              ),
            },
          ],
        }}
        empty={
          <Box textAlign="center" color="inherit" padding="l">
            <SpaceBetween size="s">
              <b>{all.length === 0 ? 'No notes yet' : 'No notes of this type'}</b>
              {all.length === 0 && addButton}
            </SpaceBetween>
          </Box>
        }
      />
      {notes.hasNextPage && (
        <Box textAlign="center" margin={{ top: 's' }}>
          <Button onClick={() => void notes.fetchNextPage()} loading={notes.isFetchingNextPage}>
            Load older notes
          </Button>
        </Box>
      )}
      {editing && (
        <NoteDialog
          key={editing.mode === 'edit' ? editing.note.id : 'new'}
          editing={editing}
          saving={create.isPending || update.isPending}
          onSave={save}
          onClose={() => setEditing(undefined)}
        />
      )}
      {deleting && (
        <Modal
          visible
          onDismiss={() => !remove.isPending && setDeleting(undefined)}
          header="Delete note?"
          closeAriaLabel="Close"
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" onClick={() => setDeleting(undefined)} disabled={remove.isPending}>
                  Cancel
                </Button>
                <Button variant="primary" onClick={() => void confirmDelete()} loading={remove.isPending}>
                  Delete
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          <Box variant="p">The note “{deleting.title}” will be permanently deleted.</Box>
        </Modal>
      )}
    </>
  );
}
