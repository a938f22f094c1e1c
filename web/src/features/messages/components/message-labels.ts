import { type InboxMessage, MESSAGE_TYPE_LABELS } from '#shared/contracts/message-options';

/** A message's type as the client reads it (the inbox list and the open message). */
export const typeLabel = (m: Pick<InboxMessage, 'messageType'>) => MESSAGE_TYPE_LABELS[m.messageType] ?? m.messageType;
