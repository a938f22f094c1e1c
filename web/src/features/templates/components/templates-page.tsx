import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { MESSAGE_TYPE_LABELS, type MessageTemplate } from '#shared/contracts/message-options';
import { filterItems, type PlainColumn, PlainTable } from '../../../components/portal/plain-table';
import { Seo } from '../../../components/seo';
import { useTemplates } from '../../../lib/queries/templates';
import { useToasts } from '../../../lib/toasts';
import { type TemplateFields, useDeleteTemplate, useSaveTemplate, useSetTemplateStatus } from '../api/templates';

/** The editor and the delete confirmation (Modal, form fields) load when one is opened, not with the list. */
const TemplateForm = lazy(() => import('./template-form').then((m) => ({ default: m.TemplateForm })));
const DeleteTemplateDialog = lazy(() => import('./template-form').then((m) => ({ default: m.DeleteTemplateDialog })));

/** The dialog open on the screen, if any. */
type Dialog = { kind: 'form'; template?: MessageTemplate } | { kind: 'delete'; template: MessageTemplate };

/** The status badge is the toggle (SPEC 4): its name says what a click does. */
function StatusToggle({
  template,
  busy,
  onToggle,
}: {
  template: MessageTemplate;
  busy: boolean;
  onToggle: () => void;
}) {
  const label = template.isActive ? 'Active' : 'Inactive';
  return (
    <Button
      variant="inline-link"
      loading={busy}
      ariaLabel={`${label} – click to ${template.isActive ? 'deactivate' : 'activate'} ${template.name}`}
      onClick={onToggle}
    >
      <Badge color={template.isActive ? 'green' : 'grey'}>{label}</Badge>
    </Button>
  );
}

function EmptyState({ onCreate }: { onCreate: () => void }) {
  return (
    <Box textAlign="center" color="inherit" padding="l">
      <b>No templates yet.</b>
      <Box variant="p" color="inherit">
        Templates you create can be inserted when composing a message.
      </Box>
      <Button onClick={onCreate}>Create Template</Button>
    </Box>
  );
}

/**
 * /admin/templates (admin): the message templates in a table; create and edit in a dialog, delete
 * after confirmation, and the status badge toggles active/inactive.
 */
export function TemplatesPage() {
  const { notify } = useToasts();
  const templates = useTemplates();
  const save = useSaveTemplate();
  const setStatus = useSetTemplateStatus();
  const remove = useDeleteTemplate();
  const [dialog, setDialog] = useState<Dialog | undefined>(undefined);
  const [toggling, setToggling] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (templates.isError) notify({ type: 'error', content: 'Failed to load templates' });
  }, [templates.isError, notify]);

  const openCreate = () => setDialog({ kind: 'form' });
  const all = templates.data ?? [];
  const [filterText, setFilterText] = useState('');
  const items = filterItems(all, filterText, ['name', 'subject', 'content']);
  let empty: ReactNode;
  if (all.length > 0)
    empty = (
      <Box textAlign="center" color="inherit" padding="l">
        <b>No templates match your search.</b>
      </Box>
    );
  else if (templates.isError)
    empty = (
      <Box textAlign="center" color="inherit" padding="l">
        <b>Templates could not be loaded.</b>
        <Box padding={{ top: 's' }}>
          <Button onClick={() => void templates.refetch()}>Retry</Button>
        </Box>
      </Box>
    );
  else empty = <EmptyState onCreate={openCreate} />;

  const onSave = (fields: TemplateFields) => {
    const id = dialog?.kind === 'form' ? dialog.template?.id : undefined;
    save.mutate(
      { id, fields },
      {
        onSuccess: () => {
          notify({ type: 'success', content: id ? 'Template updated successfully' : 'Template created successfully' });
          setDialog(undefined);
        },
        onError: () => notify({ type: 'error', content: 'Failed to save template' }),
      },
    );
  };

  const onDelete = (template: MessageTemplate) =>
    remove.mutate(template.id, {
      onSuccess: () => notify({ type: 'success', content: 'Template deleted successfully' }),
      onError: () => notify({ type: 'error', content: 'Failed to delete template' }),
      onSettled: () => setDialog(undefined),
    });

  const onToggle = (template: MessageTemplate) => {
    setToggling(template.id);
    setStatus.mutate(
      { id: template.id, isActive: !template.isActive },
      {
        onSuccess: (t) =>
          notify({
            type: 'success',
            content: t.isActive ? 'Template activated successfully' : 'Template deactivated successfully',
          }),
        onError: () => notify({ type: 'error', content: 'Failed to update template status' }),
        onSettled: () => setToggling(undefined),
      },
    );
  };

  const columns: PlainColumn<MessageTemplate>[] = [
    { id: 'name', header: 'Name', isRowHeader: true, sortingField: 'name', cell: (t) => t.name },
    { id: 'subject', header: 'Subject', sortingField: 'subject', cell: (t) => t.subject },
    {
      id: 'type',
      header: 'Type',
      sortingComparator: (a, b) =>
        MESSAGE_TYPE_LABELS[a.templateType].localeCompare(MESSAGE_TYPE_LABELS[b.templateType]),
      cell: (t) => MESSAGE_TYPE_LABELS[t.templateType] ?? t.templateType,
    },
    {
      id: 'status',
      header: 'Status',
      cell: (t) => <StatusToggle template={t} busy={toggling === t.id} onToggle={() => onToggle(t)} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (t) => (
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            variant="inline-link"
            ariaLabel={`Edit ${t.name}`}
            onClick={() => setDialog({ kind: 'form', template: t })}
          >
            Edit
          </Button>
          <Button
            variant="inline-link"
            ariaLabel={`Delete ${t.name}`}
            onClick={() => setDialog({ kind: 'delete', template: t })}
          >
            Delete
          </Button>
        </SpaceBetween>
      ),
    },
  ];

  const count = templates.data?.length;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Reusable messages to insert when composing."
          actions={
            <Button variant="primary" iconName="add-plus" onClick={openCreate}>
              Create Template
            </Button>
          }
        >
          Message Templates
        </Header>
      }
    >
      <Seo title="Message Templates | Pawsitive Portal" description="Message templates" robots="noindex, nofollow" />
      <PlainTable
        items={items}
        columnDefinitions={columns}
        trackBy="id"
        label="Message templates"
        loading={templates.isPending}
        loadingText="Loading templates"
        defaultSorting={{ column: 'name' }}
        empty={empty}
        header={
          <Header variant="h2" counter={count === undefined ? undefined : `(${count})`}>
            Templates
          </Header>
        }
        filter={
          <TextFilter
            filteringText={filterText}
            onChange={({ detail }) => setFilterText(detail.filteringText)}
            filteringPlaceholder="Search templates"
            filteringAriaLabel="Search templates"
            filteringClearAriaLabel="Clear search"
            countText={filterText ? `${items.length} matches` : undefined}
          />
        }
      />
      {dialog?.kind === 'form' && (
        <Suspense fallback={null}>
          <TemplateForm
            template={dialog.template}
            saving={save.isPending}
            onCancel={() => setDialog(undefined)}
            onSave={onSave}
          />
        </Suspense>
      )}
      {dialog?.kind === 'delete' && (
        <Suspense fallback={null}>
          <DeleteTemplateDialog
            template={dialog.template}
            deleting={remove.isPending}
            onCancel={() => setDialog(undefined)}
            onDelete={() => onDelete(dialog.template)}
          />
        </Suspense>
      )}
    </ContentLayout>
  );
}
