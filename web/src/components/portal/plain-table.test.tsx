import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type PlainColumn, PlainTable } from './plain-table';

interface Row {
  id: string;
  name: string;
  sent: string;
}

const rows: Row[] = [
  { id: '1', name: 'Maria Lopez', sent: '2026-11-02' },
  { id: '2', name: 'adam Brook', sent: '2026-11-03' },
  { id: '3', name: 'Tom Baker', sent: '2026-11-01' },
];

const columns: PlainColumn<Row>[] = [
  { id: 'name', header: 'Recipient', sortingField: 'name', cell: (r) => r.name },
  { id: 'sent', header: 'Sent', sortingField: 'sent', cell: (r) => r.sent },
  { id: 'note', header: 'Note', cell: () => '-' },
];

const names = () =>
  within(screen.getByRole('table', { name: 'Sent' }))
    .getAllByRole('rowheader')
    .map((c) => c.textContent);

describe('PlainTable', () => {
  it('shows the rows as given, and sorts by a sortable column, ascending then descending', async () => {
    render(<PlainTable items={rows} columnDefinitions={columns} trackBy="id" label="Sent" />);
    expect(names()).toEqual(['Maria Lopez', 'adam Brook', 'Tom Baker']);
    expect(screen.getAllByRole('columnheader').map((h) => h.getAttribute('aria-sort'))).toEqual([null, null, null]);
    // Only sortable columns have a button.
    expect(screen.queryByRole('button', { name: /Note/ })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /Recipient/ }));
    expect(names()).toEqual(['adam Brook', 'Maria Lopez', 'Tom Baker']);
    expect(screen.getByRole('columnheader', { name: /Recipient/ })).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(screen.getByRole('button', { name: /Recipient/ }));
    expect(names()).toEqual(['Tom Baker', 'Maria Lopez', 'adam Brook']);
    expect(screen.getByRole('columnheader', { name: /Recipient/ })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(screen.getByRole('button', { name: /Sent/ }));
    expect(names()).toEqual(['Tom Baker', 'Maria Lopez', 'adam Brook']);
    expect(screen.getByRole('columnheader', { name: /Recipient/ })).not.toHaveAttribute('aria-sort');
  });

  it('keeps its headers while loading and when empty, with the loading text or the empty state in a row', () => {
    const { rerender } = render(
      <PlainTable
        items={[]}
        columnDefinitions={columns}
        trackBy="id"
        label="Sent"
        loading
        loadingText="Loading messages"
      />,
    );
    const table = screen.getByRole('table', { name: 'Sent' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getByText('Loading messages')).toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);

    rerender(
      <PlainTable
        items={[]}
        columnDefinitions={columns}
        trackBy="id"
        label="Sent"
        empty={<b>No messages sent yet.</b>}
      />,
    );
    expect(screen.getByRole('table', { name: 'Sent' })).toBe(table);
    expect(within(table).getByText('No messages sent yet.')).toBeInTheDocument();
    expect(within(table).queryByText('Loading messages')).toBeNull();
    expect(table).not.toHaveAttribute('aria-busy');
  });
});
