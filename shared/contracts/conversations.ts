import * as z from '../zod.js';
import { MAX_SUBJECT } from './message-options.js';
import { cursorParam, limitParam } from './pagination.js';

/**
 * Conversations: a client writes to the trainer (a new conversation, or a reply to a message they
 * received), and both write in the thread (docs/decisions/0047-conversations.md). Strict objects: no
 * caller names a recipient, an author or a thread's client.
 */

/** The most characters of one post. */
export const MAX_POST_CONTENT = 5_000;
/** The most posts a client may write in one hour. */
export const CLIENT_POSTS_PER_HOUR = 30;
export const CLIENT_POST_LIMIT_MESSAGE =
  'You have sent 30 messages in the last hour. Please wait a little before sending another.';

const REQUIRED_MESSAGE = 'Subject and message content are required';
const CONTENT_REQUIRED = 'Message content is required';

/** The 400 text of a post over MAX_POST_CONTENT (as written, or once the trainer's placeholders are filled). */
export const POST_TOO_LONG_MESSAGE = `Content must be at most ${MAX_POST_CONTENT.toLocaleString('en-US')} characters`;

const content = z
  .string({ error: CONTENT_REQUIRED })
  .check(z.trim(), z.minLength(1, CONTENT_REQUIRED), z.maxLength(MAX_POST_CONTENT, POST_TOO_LONG_MESSAGE));
const subject = (message: string) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(MAX_SUBJECT, `Subject must be at most ${MAX_SUBJECT} characters`),
    );

/** POST /api/me/conversations: a new conversation with the trainer (subject and content required, as in compose). */
export const startConversationRequest = z.strictObject({
  subject: subject(REQUIRED_MESSAGE),
  content,
});
export type StartConversationRequest = z.infer<typeof startConversationRequest>;

/** POST /api/me/messages/{id}/replies: a reply to a received message (subject optional: "Re: " + the message's). */
export const replyToMessageRequest = z.strictObject({
  subject: z.optional(subject('Subject must not be empty')),
  content,
});
export type ReplyToMessageRequest = z.infer<typeof replyToMessageRequest>;

/** POST .../conversations/{threadId}/posts: a post in an existing thread. */
export const postRequest = z.strictObject({ content });

/** POST .../conversations/{threadId}/read carries nothing. */
export const markConversationReadRequest = z.optional(z.strictObject({}));

export const threadPathParams = z.object({
  threadId: z.string().check(z.minLength(1, 'Conversation id is required'), z.maxLength(100)),
});

/** GET /api/me/conversations: the caller's conversations, newest first. */
export const listMyConversationsQuery = z.strictObject({ cursor: cursorParam, limit: limitParam });

/** The 400 text of a `clientId` that is not a client's id (a profile id is a UUID). */
export const CLIENT_ID_MESSAGE = "clientId must be a client's id (a UUID)";

/**
 * GET /api/conversations: the trainer's inbox of conversations, newest first; unread only, one client's,
 * and those with a post holding every word of `search` (as the sent messages' search), combinable.
 */
export const listConversationsQuery = z.strictObject({
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'search must be at most 100 characters'))),
  filter: z.optional(z.enum(['all', 'unread'], { error: 'filter must be all or unread' })),
  clientId: z.optional(z.guid({ error: CLIENT_ID_MESSAGE })),
  cursor: cursorParam,
  limit: limitParam,
});

/** A conversation as a list shows it. `unread` is the viewer's side's count. */
export interface ConversationSummary {
  threadId: string;
  clientId: string;
  clientName: string;
  subject: string;
  lastMessageAt: string;
  lastFrom: 'client' | 'trainer';
  lastPreview: string;
  unread: number;
}

/** One entry of a thread: a post, or the trainer's message the conversation answers (first). */
export interface ThreadEntry {
  id: string;
  from: 'client' | 'trainer';
  authorName: string;
  content: string;
  sentAt: string;
  /** When the other side read it (the read receipt). */
  readAt?: string;
}

export interface ConversationThread extends ConversationSummary {
  entries: ThreadEntry[];
}

/**
 * Outbox event `ConversationChanged`, written in the transaction of every post and every read of a
 * conversation: `posted` (a new post of `by`, `postId`) or `read` (`by` opened the thread, the receipt).
 */
export interface ConversationChangedDetail {
  threadId: string;
  /** The conversation's client: the only client whose sockets hear of it. */
  clientId: string;
  kind: 'posted' | 'read';
  by: 'client' | 'trainer';
  postId?: string;
  /** The post's time (with the thread and id, its key). */
  postAt?: string;
  /** The portal's address for the e-mail notice's link. */
  siteUrl?: string;
}

/** Realtime notice to every admin and to the conversation's client (nobody else): refetch that thread and the counts. */
export interface ConversationChangedNotice {
  type: 'conversation.changed';
  threadId: string;
  kind: 'posted' | 'read';
  by: 'client' | 'trainer';
}
