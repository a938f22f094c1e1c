/**
 * Constants and response shapes of messages and templates, with no runtime dependency (the web
 * imports them without zod). Request schemas live in messages.ts.
 */

/** SPEC 3: message_type (templates use the same values). */
export const MESSAGE_TYPES = [
  'general',
  'feedback',
  'homework',
  'appointment',
  'welcome',
  'onboarding_welcome',
  'onboarding_reminder',
  'reminder',
  'other',
] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** SPEC 3: priority. */
export const MESSAGE_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type MessagePriority = (typeof MESSAGE_PRIORITIES)[number];

/** `scheduled` until its send time, then `sent`; only sent messages reach the recipient. */
export const MESSAGE_STATUSES = ['scheduled', 'sent'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** The message type labels the spec names (SPEC 3). */
export const MESSAGE_TYPE_LABELS: Record<MessageType, string> = {
  general: 'General',
  feedback: 'Session Feedback',
  homework: 'Homework Assignment',
  appointment: 'Appointment Related',
  welcome: 'Welcome',
  onboarding_welcome: 'Onboarding Welcome',
  onboarding_reminder: 'Onboarding Reminder',
  reminder: 'Reminder',
  other: 'Other',
};

export const MESSAGE_PRIORITY_LABELS: Record<MessagePriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

/** SPEC 2: filters of the trainer's sent-messages list. */
export const ADMIN_MESSAGE_FILTERS = ['all', 'unread', 'read', 'feedback', 'homework'] as const;
export type AdminMessageFilter = (typeof ADMIN_MESSAGE_FILTERS)[number];

/** SPEC 2: filters of the client inbox. */
export const INBOX_FILTERS = ['all', 'unread', 'feedback', 'homework'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

/** Longest subject and content a message or template may have. */
export const MAX_SUBJECT = 200;
export const MAX_CONTENT = 10_000;
export const MAX_TEMPLATE_NAME = 100;
/** Most recipients one compose may address. */
export const MAX_RECIPIENTS = 500;

/**
 * SPEC 7 placeholders, replaced per recipient when a message is composed: `{client_name}` with the
 * first name, `{full_name}` with first and last name. `{dog_name}` stays as written (the spec keeps it).
 */
export const PLACEHOLDERS = ['{client_name}', '{full_name}', '{dog_name}'] as const;

/** A message as its recipient sees it (the client inbox, the client dashboard's Recent Messages). */
export interface InboxMessage {
  id: string;
  subject: string;
  content: string;
  messageType: MessageType;
  priority: MessagePriority;
  /** When it was delivered (UTC ISO). */
  sentAt: string;
  /** When the recipient first opened it; absent while unread. */
  readAt?: string;
}

/** A message as the trainer sees it (sent list, scheduled list, details). */
export interface AdminMessage extends InboxMessage {
  recipientId: string;
  recipientName: string;
  recipientEmail: string;
  senderId: string;
  senderName: string;
  status: MessageStatus;
  threadId: string;
  createdAt: string;
  /** For a scheduled message: its send time (UTC ISO); equals sentAt once delivered. */
  scheduledFor?: string;
}

export interface MessagePage<T> {
  items: T[];
  cursor: string | null;
}

/** POST /api/messages answer. */
export interface ComposeResult {
  status: MessageStatus;
  count: number;
  messageIds: string[];
}

/** POST /api/me/messages/{id}/read answer. */
export interface MarkReadResult {
  message: InboxMessage;
  unreadCount: number;
}

export interface MessageTemplate {
  id: string;
  name: string;
  subject: string;
  content: string;
  templateType: MessageType;
  isActive: boolean;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** Realtime events of messages (one WebSocket per tab; a client receives only its own). */
export interface MessageDeliveredNotice {
  type: 'message.delivered';
  message: InboxMessage;
  unreadCount: number;
}
export interface MessageReadNotice {
  type: 'message.read';
  messageId: string;
  recipientId: string;
  readAt: string;
  /** Sent to the recipient's other tabs too, so their unread count follows. */
  unreadCount: number;
}
/** To admins: the sent or scheduled lists changed (compose, delivery, edit, delete). */
export interface MessagesChangedNotice {
  type: 'messages.changed';
}
export type MessageNotice = MessageDeliveredNotice | MessageReadNotice | MessagesChangedNotice;

export function isMessageNotice(m: unknown): m is MessageNotice {
  const t = (m as { type?: unknown } | null)?.type;
  return t === 'message.delivered' || t === 'message.read' || t === 'messages.changed';
}

/**
 * The client's way to start a conversation with the trainer, and the link that opens it on /messages
 * (Book a session's empty state links there too).
 */
export const WRITE_TO_TRAINER = 'Write to your trainer';
export const WRITE_TO_TRAINER_PATH = '/messages?write=1';
