import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
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

  it("sorts by a column's comparison, from the default sorting it starts with", async () => {
    const byLength: PlainColumn<Row>[] = [
      {
        id: 'name',
        header: 'Recipient',
        cell: (r) => r.name,
        sortingComparator: (a, b) => a.name.length - b.name.length,
      },
      { id: 'sent', header: 'Sent', cell: (r) => r.sent },
    ];
    render(
      <PlainTable
        items={rows}
        columnDefinitions={byLength}
        trackBy="id"
        label="Sent"
        defaultSorting={{ column: 'name', descending: true }}
      />,
    );
    expect(names()).toEqual(['Maria Lopez', 'adam Brook', 'Tom Baker']);
    expect(screen.getByRole('columnheader', { name: /Recipient/ })).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(screen.getByRole('button', { name: /Recipient/ }));
    expect(names()).toEqual(['Tom Baker', 'adam Brook', 'Maria Lopez']);
    expect(screen.queryByRole('button', { name: /Sent/ })).toBeNull();
  });

  function Picking({ type, items = rows }: { type: 'multi' | 'single'; items?: Row[] }) {
    const [picked, setPicked] = useState<Row[]>([]);
    return (
      <>
        <PlainTable
          items={items}
          columnDefinitions={columns}
          trackBy="id"
          label="Sent"
          selection={{
            type,
            selectedItems: picked,
            onChange: setPicked,
            itemLabel: (r) => `Select ${r.name}`,
            allLabel: 'Select all messages',
            groupLabel: 'Messages to delete',
          }}
        />
        <output>{picked.map((r) => r.id).join(',')}</output>
      </>
    );
  }

  it("picks several rows with checkboxes, and all or none with the header's checkbox", async () => {
    render(<Picking type="multi" />);
    const table = screen.getByRole('table', { name: 'Sent' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(4);
    expect(within(table).getByRole('columnheader', { name: /Messages to delete/ })).toBeInTheDocument();
    const all = screen.getByRole('checkbox', { name: 'Select all messages' });
    expect(all).not.toBeChecked();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Tom Baker' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Maria Lopez' }));
    expect(screen.getByRole('status')).toHaveTextContent('3,1');
    expect(screen.getByRole('checkbox', { name: 'Select Tom Baker' })).toBeChecked();
    expect(all).not.toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(true);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Tom Baker' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^1$/);

    await userEvent.click(all);
    expect(screen.getByRole('status')).toHaveTextContent('1,2,3');
    expect(all).toBeChecked();
    expect((all as HTMLInputElement).indeterminate).toBe(false);
    await userEvent.click(all);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('picks one row with radio buttons, and spans the empty row over the selection column', async () => {
    const { unmount } = render(<Picking type="single" />);
    expect(screen.queryByRole('checkbox')).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Select Tom Baker' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Select adam Brook' }));
    expect(screen.getByRole('status')).toHaveTextContent(/^2$/);
    expect(screen.getByRole('radio', { name: 'Select adam Brook' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Select Tom Baker' })).not.toBeChecked();
    unmount();

    render(<Picking type="multi" items={[]} />);
    expect(screen.getByRole('checkbox', { name: 'Select all messages' })).toBeDisabled();
    expect(screen.getByRole('cell')).toHaveAttribute('colspan', '4');
  });

  it("sits in the screen's own container when embedded, its header above the table", () => {
    render(
      <PlainTable
        items={rows}
        columnDefinitions={columns}
        trackBy="id"
        label="Sent"
        variant="embedded"
        header={<h3>By program</h3>}
        empty="None"
      />,
    );
    const heading = screen.getByRole('heading', { name: 'By program' });
    expect(heading.compareDocumentPosition(screen.getByRole('table', { name: 'Sent' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(names()).toHaveLength(3);
  });
});
