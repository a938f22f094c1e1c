/**
 * The build's stand-in for Cloudscape's sortable area (see cloudscape-trim.ts): `List` imports it for
 * `sortable` lists only, which no portal screen renders. Fails loudly rather than render a list that
 * cannot be sorted.
 */
export default function SortableArea(): never {
  throw new Error('Sortable Cloudscape lists are left out of the portal build (web/scripts/cloudscape-trim.ts).');
}
