/**
 * Where a list continues. A list function returns the position after its last item (an ElectroDB cursor,
 * or a multi-phase list's state) and takes it back for the next page. Positions never travel as they are:
 * the HTTP edge seals a position into an opaque, signed cursor bound to the list, the caller and the filter
 * (functions/lib/cursor.ts), and only a cursor it verified becomes a position again. So a list function
 * reads its position as the state it wrote itself, and no list decodes a cursor.
 *
 * The brand keeps a raw `cursor` query string from being passed where a position is expected.
 */
declare const positionBrand: unique symbol;
export type Position = { readonly [positionBrand]: true };

/** The JSON a position holds. */
export type PositionState = string | number | boolean | null | PositionState[] | { [key: string]: PositionState };

export interface Page<T> {
  items: T[];
  /** Where the next page starts; null on the last page. */
  cursor: Position | null;
}

/** A list's state as a position (null: the list is done). */
export function toPosition(state: PositionState | null | undefined): Position | null {
  return state === null || state === undefined ? null : (state as unknown as Position);
}

/** The state a list wrote into `position` (undefined on the first page). */
export function positionState<T extends PositionState>(position: Position | null | undefined): T | undefined {
  return position === null || position === undefined ? undefined : (position as unknown as T);
}

/** An ElectroDB cursor held in a position (null on the first page or when the position holds none). */
export function queryCursor(position: Position | null | undefined): string | null {
  const state = positionState<PositionState>(position);
  return typeof state === 'string' ? state : null;
}

/** Reads of one index per list request at most; a filtered page may come back short, with a cursor. */
export const MAX_PAGE_READS = 5;

/**
 * One page of a filtered list: Query reads of `limit` rows each (DynamoDB's Limit applies before a
 * filter), until `limit` matches are found, the index ends, or MAX_PAGE_READS reads were made. A request
 * therefore reads at most MAX_PAGE_READS x limit rows, however long the list.
 */
export async function boundedPage<T>(
  position: Position | null | undefined,
  limit: number,
  read: (cursor: string | null) => Promise<{ data: unknown[]; cursor: string | null }>,
): Promise<Page<T>> {
  const items: T[] = [];
  let next: string | null = queryCursor(position);
  for (let reads = 0; reads < MAX_PAGE_READS && items.length < limit; reads++) {
    const page = await read(next);
    items.push(...(page.data as T[]));
    next = page.cursor ?? null;
    if (!next) break;
  }
  return { items, cursor: toPosition(next) };
}

/** A list query as a list function takes it: the contract's query, with a verified position for its cursor. */
export type PagedQuery<Q> = Omit<Q, 'cursor'> & { cursor?: Position };
