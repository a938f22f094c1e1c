/**
 * The stored shapes of a conversation and of its posts (shared/db/entities/conversation.ts), apart from
 * the code that writes them (conversations.ts) and reads them (conversation-lists.ts,
 * conversation-search.ts), so those modules share them without importing each other.
 */

export type Author = 'client' | 'trainer';

export interface ConversationItem {
  threadId: string;
  profileId: string;
  clientName: string;
  subject: string;
  originMessageId?: string;
  inbox: string;
  lastMessageAt: string;
  lastFrom: Author;
  lastPreview: string;
  trainerUnread: number;
  clientUnread: number;
  trainerUnreadState: 'yes' | 'no';
  trainerReadAt?: string;
  clientReadAt?: string;
  trainerNoticeAt?: string;
  createdAt: string;
  updatedAt: string;
}

export interface PostItem {
  id: string;
  threadId: string;
  profileId: string;
  from: Author;
  authorId: string;
  authorName: string;
  content: string;
  /** Its search words (shared/domain/conversation-search.ts); absent on posts written before search. */
  searchTokens?: string[];
  createdAt: string;
}
