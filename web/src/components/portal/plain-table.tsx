import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { type ReactNode, useState } from 'react';
import './plain-table.css';

export interface PlainColumn<T> {
  id?: string;
  header: ReactNode;
  cell: (item: T) => ReactNode;
  /** The row's name for screen readers (a `<th scope="row">`); the first column when none says so. */
  isRowHeader?: boolean;
  /** Sortable by this field of the items shown (the page at hand, as Cloudscape's collection hooks did). */
  sortingField?: string;
}

export interface PlainTableProps<T> {
  items: readonly T[];
  columnDefinitions: readonly PlainColumn<T>[];
  /** The field that names a row; its position when none does. */
  trackBy?: keyof T & string;
  /** The table's accessible name. */
  label: string;
  loading?: boolean;
  loadingText?: string;
  header?: ReactNode;
  filter?: ReactNode;
  pagination?: ReactNode;
  footer?: ReactNode;
  empty?: ReactNode;
}

interface Sorting {
  field: string;
  descending: boolean;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { sensitivity: 'base', numeric: true });
}

function sorted<T>(items: readonly T[], sorting?: Sorting): readonly T[] {
  if (!sorting) return items;
  const field = sorting.field as keyof T;
  const order = sorting.descending ? -1 : 1;
  return [...items].sort((a, b) => order * compare(a[field], b[field]));
}

/**
 * A list as a plain semantic table in a Cloudscape container: header, filter and pagination above it,
 * a footer below, loading and empty states, optional sorting by column. Cloudscape's Table (about 31 KB
 * gzip with its styles) is left to screens that need what only it does; the list screens keep their
 * budget's headroom (ADR 0065). Cells wrap between words; a table wider than its box scrolls inside it,
 * never the page.
 */
export function PlainTable<T>({
  items,
  columnDefinitions,
  trackBy,
  label,
  loading,
  loadingText,
  header,
  filter,
  pagination,
  footer,
  empty,
}: PlainTableProps<T>) {
  const [sorting, setSorting] = useState<Sorting>();
  const columns = columnDefinitions.map((c, i) => ({ ...c, key: c.id ?? String(i) }));
  const rowHeader = columns.find((c) => c.isRowHeader)?.key ?? columns[0]?.key;
  const sortBy = (field: string) =>
    setSorting((s) => ({ field, descending: s?.field === field ? !s.descending : false }));
  const tools =
    filter || pagination ? (
      <div className="plain-table__tools">
        <div className="plain-table__filter">{filter}</div>
        {pagination}
      </div>
    ) : null;
  // Loading and empty are a row of the table, as in Cloudscape's: the table and its headers stay put.
  let rows: ReactNode;
  if (loading || items.length === 0)
    rows = (
      <tr>
        <td colSpan={columnDefinitions.length} className="plain-table__state">
          {loading ? (
            <StatusIndicator type="loading">{loadingText}</StatusIndicator>
          ) : (
            <Box textAlign="center" color="inherit">
              {empty}
            </Box>
          )}
        </td>
      </tr>
    );
  else
    rows = sorted(items, sorting).map((item, index) => (
      <tr key={trackBy ? String(item[trackBy]) : index}>
        {columns.map((c) =>
          c.key === rowHeader ? (
            <th key={c.key} scope="row">
              {c.cell(item)}
            </th>
          ) : (
            <td key={c.key}>{c.cell(item)}</td>
          ),
        )}
      </tr>
    ));
  const body = (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
    <section className="plain-table__scroll" tabIndex={0} aria-label={`${label} table`}>
      <table className="plain-table" aria-label={label} aria-busy={loading || undefined}>
        <thead>
          <tr>
            {columns.map((c) => {
              const field = c.sortingField;
              const active = field !== undefined && sorting?.field === field;
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={active ? (sorting?.descending ? 'descending' : 'ascending') : undefined}
                >
                  {field ? (
                    <button type="button" className="plain-table__sort" onClick={() => sortBy(field)}>
                      {c.header}
                      <span aria-hidden="true">{active ? (sorting?.descending ? ' ▼' : ' ▲') : ' ↕'}</span>
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{rows}</tbody>
      </table>
    </section>
  );
  return (
    <Container
      header={
        header || tools ? (
          <SpaceBetween size="s">
            {header}
            {tools}
          </SpaceBetween>
        ) : undefined
      }
      footer={footer}
    >
      {body}
    </Container>
  );
}
