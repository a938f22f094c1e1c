import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { lazy, Suspense, useState } from 'react';
import type { ClassView } from '#shared/contracts/class-options';
import { type PlainColumn, PlainTable } from '../../../components/portal/plain-table';
import { useFollow } from '../../../components/portal/router-link';
import { Seo } from '../../../components/seo';
import { zoneLongName } from '../../../lib/business-zone';
import { useToasts } from '../../../lib/toasts';
import { useClasses, useDeleteClass, usePublishClass } from '../api/classes';
import {
  CREATE_CLASS_PATH,
  editClassPath,
  firstStart,
  formatFirstMeeting,
  LOAD_CLASSES_FAILED,
  rosterPath,
  statusLabel,
} from './class-format';

/** The delete confirmation (Modal) loads when it is first opened, not with the list. */
const DeleteClassDialog = lazy(() => import('./delete-class-dialog').then((m) => ({ default: m.DeleteClassDialog })));

/**
 * /dashboard/classes (trainer): every class with its first meeting, weeks, seats, waitlist and status;
 * Create class, and per class Edit, Publish (drafts), Roster and Delete.
 */
export function TrainerClassesPage() {
  const { notify } = useToasts();
  const follow = useFollow();
  const classes = useClasses();
  const publish = usePublishClass();
  const remove = useDeleteClass();
  const [deleting, setDeleting] = useState<ClassView>();

  const onPublish = (c: ClassView) =>
    publish.mutate(c.id, {
      onSuccess: () => notify({ type: 'success', content: `${c.title} is published` }),
      onError: (e) => notify({ type: 'error', content: e.message || 'Failed to publish class' }),
    });

  const onDelete = (c: ClassView) =>
    remove.mutate(c.id, {
      onSuccess: () => notify({ type: 'success', content: 'Class deleted' }),
      onError: (e) => notify({ type: 'error', content: e.message || 'Failed to delete class' }),
      onSettled: () => setDeleting(undefined),
    });

  const columns: PlainColumn<ClassView>[] = [
    { id: 'title', header: 'Title', isRowHeader: true, sortingField: 'title', cell: (c) => <b>{c.title}</b> },
    {
      id: 'first',
      header: 'First meeting',
      sortingComparator: (a, b) => (firstStart(a) ?? '').localeCompare(firstStart(b) ?? ''),
      cell: formatFirstMeeting,
    },
    { id: 'weeks', header: 'Weeks', sortingField: 'weeks', cell: (c) => c.weeks },
    { id: 'seats', header: 'Seats', cell: (c) => `${c.seatsTaken} / ${c.capacity}` },
    { id: 'waitlisted', header: 'Waitlisted', cell: (c) => c.waitlisted },
    {
      id: 'status',
      header: 'Status',
      cell: (c) => <Badge color={c.status === 'published' ? 'green' : 'grey'}>{statusLabel(c)}</Badge>,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (c) => (
        <SpaceBetween direction="horizontal" size="xs">
          <Button variant="inline-link" href={editClassPath(c.id)} onFollow={follow} ariaLabel={`Edit ${c.title}`}>
            Edit
          </Button>
          {c.status === 'draft' && (
            <Button
              variant="inline-link"
              ariaLabel={`Publish ${c.title}`}
              loading={publish.isPending && publish.variables === c.id}
              onClick={() => onPublish(c)}
            >
              Publish
            </Button>
          )}
          <Button variant="inline-link" href={rosterPath(c.id)} onFollow={follow} ariaLabel={`Roster of ${c.title}`}>
            Roster
          </Button>
          <Button variant="inline-link" ariaLabel={`Delete ${c.title}`} onClick={() => setDeleting(c)}>
            Delete
          </Button>
        </SpaceBetween>
      ),
    },
  ];

  const items = classes.data?.classes ?? [];

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description={`Group classes: a few weeks of meetings, a seat per dog. Times are in ${zoneLongName()}.`}
          actions={
            <Button variant="primary" href={CREATE_CLASS_PATH} onFollow={follow}>
              Create class
            </Button>
          }
        >
          Classes
        </Header>
      }
    >
      <Seo title="Classes | Pawsitive Portal" description="Group classes" robots="noindex, nofollow" />
      {classes.isError ? (
        <Alert
          type="error"
          header={LOAD_CLASSES_FAILED}
          action={<Button onClick={() => void classes.refetch()}>Retry</Button>}
        >
          {classes.error.message}
        </Alert>
      ) : (
        <PlainTable
          label="Classes"
          header={<Header counter={classes.data ? `(${items.length})` : undefined}>All classes</Header>}
          columnDefinitions={columns}
          items={items}
          trackBy="id"
          loading={classes.isPending}
          loadingText="Loading classes"
          defaultSorting={{ column: 'first' }}
          empty={
            <Box textAlign="center" color="inherit" padding="l">
              <b>No classes yet.</b>
              <Box padding={{ top: 's' }} color="text-body-secondary">
                Create a class, then publish it for clients to enrol.
              </Box>
            </Box>
          }
        />
      )}
      {deleting && (
        <Suspense fallback={null}>
          <DeleteClassDialog
            item={deleting}
            deleting={remove.isPending}
            onCancel={() => setDeleting(undefined)}
            onDelete={() => onDelete(deleting)}
          />
        </Suspense>
      )}
    </ContentLayout>
  );
}
