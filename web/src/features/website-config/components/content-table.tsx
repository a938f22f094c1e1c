import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ContentRecord } from '#shared/contracts/content';
import { type PlainColumn, PlainTable } from '../../../components/portal/plain-table';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A list section's content (status, sort order, updated by and when) with its Edit and Delete actions: its
 * own chunk, since the first section the screen opens is a single one, shown in its editor.
 */
export function ContentTable({
  sectionName,
  items,
  onEdit,
  onDelete,
}: {
  sectionName: string;
  items: ContentRecord[];
  onEdit: (c: ContentRecord) => void;
  onDelete: (c: ContentRecord) => void;
}) {
  const columns: PlainColumn<ContentRecord>[] = [
    { id: 'title', header: 'Title', isRowHeader: true, cell: (c) => c.title },
    {
      id: 'status',
      header: 'Status',
      cell: (c) => <Badge color={c.status === 'published' ? 'green' : 'grey'}>{c.status}</Badge>,
    },
    { id: 'order', header: 'Sort order', cell: (c) => c.sortOrder },
    { id: 'updatedBy', header: 'Updated by', cell: (c) => c.updatedByName ?? c.updatedBy ?? '—' },
    { id: 'updatedAt', header: 'Updated', cell: (c) => when(c.updatedAt) },
    {
      id: 'actions',
      header: 'Actions',
      cell: (c) => (
        <SpaceBetween direction="horizontal" size="xs">
          <Button variant="inline-link" ariaLabel={`Edit ${c.title}`} onClick={() => onEdit(c)}>
            Edit
          </Button>
          <Button variant="inline-link" ariaLabel={`Delete ${c.title}`} onClick={() => onDelete(c)}>
            Delete
          </Button>
        </SpaceBetween>
      ),
    },
  ];
  return (
    <PlainTable
      label={`${sectionName} content`}
      variant="embedded"
      columnDefinitions={columns}
      items={items}
      trackBy="id"
      empty={
        <Box textAlign="center" color="inherit" padding="l">
          <b>No content in this section yet.</b>
        </Box>
      }
    />
  );
}
