import { CLASSES_SECTION } from '../contracts/public-classes.js';
import { type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
import { outboxItem } from './outbox.js';

/**
 * The public class pages follow the classes (docs/decisions/0070-group-classes.md): a write that changes
 * what they show (publishing, a change to a published class, its deletion, a seat taken or freed) raises
 * `WebsiteContentChanged { section: 'classes', classId }`, in its own transaction when it has one, and the
 * render on publish (functions/events/render-public-pages.ts) renders the pages again.
 */

/** The outbox item of a change to class `classId`'s public pages, for the change's own transaction. */
export const classPagesChanged = (e: TxEntities, classId: string) =>
  outboxItem(e, 'WebsiteContentChanged', { section: CLASSES_SECTION, classId }) as TxItem;

/** The same, right after a write made outside a transaction. */
export async function raiseClassPagesChanged(classId: string): Promise<void> {
  await writeTransaction((e) => [classPagesChanged(e, classId)]);
}
