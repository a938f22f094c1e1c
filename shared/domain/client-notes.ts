import type { ClientNote } from '../contracts/client-options.js';
import type { NoteRequest } from '../contracts/clients.js';
import { store } from '../db/service.js';
import { AppError } from '../errors.js';
import { getClient } from './clients.js';
import { type Page, type Position, queryCursor, toPosition } from './pagination.js';
import type { Profile } from './profiles.js';

/**
 * The trainer's notes about a client. Admin-only: only the admin note routes call these, and no
 * response a client can receive ever includes a note.
 */
const NOTE_NOT_FOUND = 'Note not found';

const toNote = (n: ClientNote): ClientNote => ({
  id: n.id,
  profileId: n.profileId,
  title: n.title,
  content: n.content,
  noteType: n.noteType,
  isImportant: n.isImportant,
  createdBy: n.createdBy,
  createdByEmail: n.createdByEmail,
  createdAt: n.createdAt,
  updatedAt: n.updatedAt,
});

export async function findClientNote(id: string): Promise<ClientNote | undefined> {
  const { data } = await store().entities.clientNote.get({ id }).go();
  return data ? toNote(data as ClientNote) : undefined;
}

/** One page of a client's notes, newest first (one Query on gsi1); NOT_FOUND for an unknown client. */
export async function listClientNotes(
  clientId: string,
  opts: { cursor?: Position; limit?: number } = {},
): Promise<Page<ClientNote>> {
  await getClient(clientId);
  const { data, cursor } = await store()
    .entities.clientNote.query.byProfile({ profileId: clientId })
    .go({ cursor: queryCursor(opts.cursor), limit: opts.limit ?? 50, order: 'desc' });
  return { items: (data as ClientNote[]).map(toNote), cursor: toPosition(cursor) };
}

/** A note about a client, written by `author` (the admin's profile: id and e-mail are kept). */
export async function createClientNote(
  clientId: string,
  author: Pick<Profile, 'id' | 'email'>,
  input: NoteRequest,
): Promise<ClientNote> {
  await getClient(clientId);
  const { data } = await store()
    .entities.clientNote.create({
      profileId: clientId,
      title: input.title,
      content: input.content,
      noteType: input.noteType,
      isImportant: input.isImportant,
      createdBy: author.id,
      createdByEmail: author.email,
    })
    .go();
  return toNote(data as ClientNote);
}

export async function updateClientNote(id: string, input: NoteRequest): Promise<ClientNote> {
  if (!(await findClientNote(id))) throw new AppError('NOT_FOUND', NOTE_NOT_FOUND);
  try {
    const { data } = await store()
      .entities.clientNote.patch({ id })
      .set({ title: input.title, content: input.content, noteType: input.noteType, isImportant: input.isImportant })
      .go({ response: 'all_new' });
    return toNote(data as ClientNote);
  } catch (e) {
    if (/conditional/i.test((e as Error).message ?? '')) throw new AppError('NOT_FOUND', NOTE_NOT_FOUND);
    throw e;
  }
}

export async function deleteClientNote(id: string): Promise<void> {
  if (!(await findClientNote(id))) throw new AppError('NOT_FOUND', NOTE_NOT_FOUND);
  await store().entities.clientNote.delete({ id }).go();
}
