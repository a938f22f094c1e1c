import * as z from '../zod.js';
import {
  ADMIN_MESSAGE_FILTERS,
  INBOX_FILTERS,
  MAX_CONTENT,
  MAX_RECIPIENTS,
  MAX_SUBJECT,
  MAX_TEMPLATE_NAME,
  MESSAGE_PRIORITIES,
  MESSAGE_TYPES,
} from './message-options.js';
import { cursorParam, limitParam } from './pagination.js';

export * from './message-options.js';

/**
 * Request schemas of messages and templates. Unknown fields are refused (strict objects): no caller
 * sets a sender, a status, a read time or a recipient's name.
 */

const REQUIRED_MESSAGE = 'Subject and message content are required';
const REQUIRED_TEMPLATE = 'Name, subject, and content are required';

const text = (message: string, max: number, label: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, `${label} must be at most ${max} characters`));

const messageType = z.enum(MESSAGE_TYPES, { error: `messageType must be one of ${MESSAGE_TYPES.join(', ')}` });
const priority = z.enum(MESSAGE_PRIORITIES, { error: 'priority must be low, normal, high or urgent' });
/** A send time: an ISO instant with its offset; the domain refuses times in the past. */
const sendTime = z.iso.datetime({ offset: true, error: 'scheduledFor must be a date and time (ISO 8601)' });

/** POST /api/messages: one message per recipient, now or at `scheduledFor`. */
export const composeMessageRequest = z.strictObject({
  recipientIds: z
    .array(z.string().check(z.minLength(1), z.maxLength(100)), { error: 'Please select at least one recipient' })
    .check(
      z.minLength(1, 'Please select at least one recipient'),
      z.maxLength(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} recipients per message`),
    ),
  subject: text(REQUIRED_MESSAGE, MAX_SUBJECT, 'Subject'),
  content: text(REQUIRED_MESSAGE, MAX_CONTENT, 'Content'),
  messageType: z._default(messageType, 'general'),
  priority: z._default(priority, 'normal'),
  scheduledFor: z.optional(z.nullable(sendTime)),
});
export type ComposeMessageRequest = z.infer<typeof composeMessageRequest>;

/** PATCH /api/messages/{id}: a scheduled message's content or send time, before it is sent. */
export const updateScheduledMessageRequest = z
  .strictObject({
    subject: z.optional(text(REQUIRED_MESSAGE, MAX_SUBJECT, 'Subject')),
    content: z.optional(text(REQUIRED_MESSAGE, MAX_CONTENT, 'Content')),
    messageType: z.optional(messageType),
    priority: z.optional(priority),
    scheduledFor: z.optional(sendTime),
  })
  .check(z.refine((v) => Object.keys(v).length > 0, 'Nothing to change'));
export type UpdateScheduledMessageRequest = z.infer<typeof updateScheduledMessageRequest>;

/** GET /api/messages: the trainer's sent messages, newest first. */
export const listSentMessagesQuery = z.strictObject({
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'search must be at most 100 characters'))),
  filter: z.optional(
    z.enum(ADMIN_MESSAGE_FILTERS, { error: 'filter must be all, unread, read, feedback or homework' }),
  ),
  cursor: cursorParam,
  limit: limitParam,
});

/** GET /api/me/messages: the caller's inbox, newest first. */
export const listInboxQuery = z.strictObject({
  filter: z.optional(z.enum(INBOX_FILTERS, { error: 'filter must be all, unread, feedback or homework' })),
  cursor: cursorParam,
  limit: limitParam,
});

/** POST /api/me/messages/{id}/read carries nothing: any field is refused. */
export const markMessageReadRequest = z.optional(z.strictObject({}));

export const messagePathParams = z.object({
  id: z.string().check(z.minLength(1, 'Message id is required'), z.maxLength(100)),
});
export const templatePathParams = z.object({
  id: z.string().check(z.minLength(1, 'Template id is required'), z.maxLength(100)),
});

/** POST /api/templates and PUT /api/templates/{id} (SPEC 5: name, subject, content required). */
export const templateRequest = z.strictObject({
  name: text(REQUIRED_TEMPLATE, MAX_TEMPLATE_NAME, 'Name'),
  subject: text(REQUIRED_TEMPLATE, MAX_SUBJECT, 'Subject'),
  content: text(REQUIRED_TEMPLATE, MAX_CONTENT, 'Content'),
  templateType: z._default(messageType, 'general'),
  isActive: z._default(z.boolean({ error: 'isActive must be true or false' }), true),
});
export type TemplateRequest = z.infer<typeof templateRequest>;

/** PATCH /api/templates/{id}: the status badge toggles active/inactive. */
export const templateStatusRequest = z.strictObject({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});

/** GET /api/templates: `active=true` lists only active ones (compose's template picker). */
export const listTemplatesQuery = z.strictObject({
  active: z.optional(z.enum(['true', 'false'], { error: 'active must be true or false' })),
});

/** Event details (shared/routes.ts events). */
export interface MessageDeliveredDetail {
  messageId: string;
  recipientId: string;
  /** The site's origin, for the link in the e-mail notice. */
  siteUrl: string;
}
export interface MessageDueDetail {
  messageId: string;
  /** The send time the schedule was made for: a later edit makes an older schedule a no-op. */
  deliverAt: string;
  siteUrl: string;
}
export interface MessageReadDetail {
  messageId: string;
  recipientId: string;
  readAt: string;
  unreadCount: number;
}
