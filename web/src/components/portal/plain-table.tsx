import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { type ReactNode, useId, useState } from 'react';
import './plain-table.css';

export interface PlainColumn<T> {
  id?: string;
  header: ReactNode;
  cell: (item: T) => ReactNode;
  /** The row's name for screen readers (a `<th scope="row">`); the first column when none says so. */
  isRowHeader?: boolean;
  /** Sortable by this field of the items shown (the page at hand, as Cloudscape's collection hooks did). */
  sortingField?: string;
  /** Sortable by this comparison of two items (ascending), when no single field sorts the column. */
  sortingComparator?: (a: T, b: T) => number;
}

/** Rows the reader picks: several (checkboxes, with one to pick all) or one (radio buttons). */
export interface PlainSelection<T> {
  type: 'multi' | 'single';
  selectedItems: readonly T[];
  onChange: (selected: T[]) => void;
  /** The name of a row's checkbox or radio button. */
  itemLabel: (item: T) => string;
  /** The name of the checkbox that picks every row listed (multi). */
  allLabel?: string;
  /** What the picked rows are for: the selection column's header, for screen readers. */
  groupLabel: string;
}

export interface PlainTableProps<T> {
  items: readonly T[];
  columnDefinitions: readonly PlainColumn<T>[];
  /** The field that names a row; its position when none does. Rows are picked by it when given. */
  trackBy?: keyof T & string;
  /** The table's accessible name. */
  label: string;
  /** `container` (default): in a Cloudscape container; `embedded`: inside one the screen already has. */
  variant?: 'container' | 'embedded';
  loading?: boolean;
  loadingText?: string;
  header?: ReactNode;
  filter?: ReactNode;
  pagination?: ReactNode;
  footer?: ReactNode;
  empty?: ReactNode;
  /** The column (by id) the rows are sorted by until the reader picks another. */
  defaultSorting?: { column: string; descending?: boolean };
  selection?: PlainSelection<T>;
}

interface Sorting {
  column: string;
  descending: boolean;
}

interface KeyedColumn<T> extends PlainColumn<T> {
  key: string;
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a ?? '').localeCompare(String(b ?? ''), undefined, { sensitivity: 'base', numeric: true });
}

const canSort = <T,>(c: PlainColumn<T>) => c.sortingField !== undefined || c.sortingComparator !== undefined;

function sorted<T>(items: readonly T[], columns: readonly KeyedColumn<T>[], sorting?: Sorting): readonly T[] {
  const column = sorting && columns.find((c) => c.key === sorting.column);
  if (!column || !canSort(column)) return items;
  const field = column.sortingField as keyof T;
  const by = column.sortingComparator ?? ((a: T, b: T) => compare(a[field], b[field]));
  const order = sorting.descending ? -1 : 1;
  return [...items].sort((a, b) => order * by(a, b));
}

/**
 * The items with `text` (any case, spaces around it ignored) in one of their `fields`, as Cloudscape's
 * collection hooks filtered a list in the browser; all of them when there is no text.
 */
export function filterItems<T>(items: readonly T[], text: string, fields: readonly (keyof T)[]): readonly T[] {
  const query = text.trim().toLowerCase();
  if (!query) return items;
  return items.filter((item) =>
    fields.some((f) =>
      String(item[f] ?? '')
        .toLowerCase()
        .includes(query),
    ),
  );
}

/** The selection column: its header (pick all, for several) and each row's checkbox or radio button. */
function useSelection<T>(items: readonly T[], trackBy: PlainTableProps<T>['trackBy'], selection?: PlainSelection<T>) {
  const name = useId();
  if (!selection) return undefined;
  const idOf = (item: T): unknown => (trackBy ? item[trackBy] : item);
  const picked = new Set(selection.selectedItems.map(idOf));
  const isPicked = (item: T) => picked.has(idOf(item));
  const multi = selection.type === 'multi';
  const allPicked = items.length > 0 && items.every(isPicked);
  const somePicked = !allPicked && items.some(isPicked);
  const toggle = (item: T) => {
    if (!multi) return selection.onChange([item]);
    const id = idOf(item);
    selection.onChange(
      isPicked(item) ? selection.selectedItems.filter((s) => idOf(s) !== id) : [...selection.selectedItems, item],
    );
  };
  const header = (
    <th scope="col" className="plain-table__select">
      <span className="visually-hidden">{selection.groupLabel}</span>
      {multi && (
        <input
          type="checkbox"
          aria-label={selection.allLabel ?? 'Select all'}
          checked={allPicked}
          disabled={items.length === 0}
          ref={(el) => {
            if (el) el.indeterminate = somePicked;
          }}
          onChange={() => selection.onChange(allPicked ? [] : [...items])}
        />
      )}
    </th>
  );
  const cell = (item: T) => (
    <td className="plain-table__select">
      <input
        type={multi ? 'checkbox' : 'radio'}
        name={multi ? undefined : name}
        aria-label={selection.itemLabel(item)}
        checked={isPicked(item)}
        onChange={() => toggle(item)}
      />
    </td>
  );
  return { header, cell, isPicked };
}

/**
 * A list as a plain semantic table in a Cloudscape container: header, filter and pagination above it,
 * a footer below, loading and empty states, optional sorting by column and optional row selection.
 * Cloudscape's Table (about 31 KB gzip with its styles) is left to screens that need what only it does;
 * the list screens keep their budget's headroom (ADR 0065). Cells wrap between words; a table wider
 * than its box scrolls inside it, never the page.
 */
export function PlainTable<T>({
  items,
  columnDefinitions,
  trackBy,
  label,
  variant = 'container',
  loading,
  loadingText,
  header,
  filter,
  pagination,
  footer,
  empty,
  defaultSorting,
  selection,
}: PlainTableProps<T>) {
  const [sorting, setSorting] = useState<Sorting | undefined>(
    defaultSorting && { column: defaultSorting.column, descending: !!defaultSorting.descending },
  );
  const select = useSelection(items, trackBy, selection);
  const columns: KeyedColumn<T>[] = columnDefinitions.map((c, i) => ({ ...c, key: c.id ?? String(i) }));
  const rowHeader = columns.find((c) => c.isRowHeader)?.key ?? columns[0]?.key;
  const sortBy = (column: string) =>
    setSorting((s) => ({ column, descending: s?.column === column ? !s.descending : false }));
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
        <td colSpan={columns.length + (select ? 1 : 0)} className="plain-table__state">
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
    rows = sorted(items, columns, sorting).map((item, index) => (
      <tr
        key={trackBy ? String(item[trackBy]) : index}
        className={select?.isPicked(item) ? 'plain-table__picked' : undefined}
      >
        {select?.cell(item)}
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
            {select?.header}
            {columns.map((c) => {
              const active = canSort(c) && sorting?.column === c.key;
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={active ? (sorting?.descending ? 'descending' : 'ascending') : undefined}
                >
                  {canSort(c) ? (
                    <button type="button" className="plain-table__sort" onClick={() => sortBy(c.key)}>
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
  const top =
    header || tools ? (
      <SpaceBetween size="s">
        {header}
        {tools}
      </SpaceBetween>
    ) : undefined;
  if (variant === 'embedded')
    return (
      <SpaceBetween size="s">
        {top}
        {body}
        {footer}
      </SpaceBetween>
    );
  return (
    <Container header={top} footer={footer}>
      {body}
    </Container>
  );
}
